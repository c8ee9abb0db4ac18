import { randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import { AppError } from '../errors'
import type { AccessClaims, TokenDeps } from './token-deps'

const ALG = 'HS256'
const ACCESS_TYPE = 'at+jwt'

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

export async function signAccess({ settings, key }: TokenDeps, claims: AccessClaims): Promise<string> {
  const now = seconds(settings.now())
  const amr = claims.twoStep ? { amr: ['pwd', 'otp'] } : {}
  return new SignJWT({ role: claims.role, admin: claims.admin, ...amr })
    .setProtectedHeader({ alg: ALG, typ: ACCESS_TYPE })
    .setSubject(String(claims.userId))
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + settings.accessTtlSeconds)
    .setJti(randomUUID())
    .sign(key)
}

/** Verifies signature (one pinned algorithm), type, issuer, audience and expiry. */
export async function verifyAccess({ settings, key }: TokenDeps, token: string): Promise<Required<AccessClaims> & { expiresAt: number }> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALG],
      issuer: settings.issuer,
      audience: settings.audience,
      typ: ACCESS_TYPE,
      currentDate: settings.now(),
      // RFC 8725: a token without an expiry (or without the claims we issue) is refused.
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
    })
    const userId = Number(payload.sub)
    const role = payload.role
    if (!Number.isSafeInteger(userId) || (role !== 'admin' && role !== 'client' && role !== 'reseller')) {
      throw new Error('bad claims')
    }
    const twoStep = Array.isArray(payload.amr) && payload.amr.includes('otp')
    return { userId, role, admin: payload.admin === true, twoStep, expiresAt: (payload.exp ?? 0) * 1000 }
  } catch (e) {
    const expired = e instanceof joseErrors.JWTExpired
    throw new AppError('UNAUTHENTICATED', expired ? 'Access token expired' : 'Invalid access token')
  }
}
