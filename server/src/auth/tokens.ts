import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import type { Db } from '../db/client'
import { refreshTokens, type Role } from '../db/schema'
import { AppError } from '../errors'
import { createSigner } from './signing'

export interface AccessClaims {
  userId: number
  role: Role
  admin: boolean
  /** The sign-in passed two-step verification (the `amr` claim holds "otp", RFC 8176); absent is false. */
  twoStep?: boolean
}

export interface TokenSettings {
  secret: string
  issuer: string
  audience: string
  accessTtlSeconds: number
  refreshIdleTtlSeconds: number
  refreshAbsoluteTtlSeconds: number
  /**
   * Seconds after a rotation during which the spent refresh token, presented again, answers
   * the same successor instead of counting as reuse (a retried request, two tabs racing).
   */
  refreshReuseGraceSeconds?: number
  now: () => Date
}

const ALG = 'HS256'
const ACCESS_TYPE = 'at+jwt'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

const invalidRefresh = () => new AppError('INVALID_TOKEN', 'Invalid refresh token')

export function createTokenService(db: Db, settings: TokenSettings) {
  const key = new TextEncoder().encode(settings.secret)
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000)
  const graceMs = (settings.refreshReuseGraceSeconds ?? 0) * 1000
  // A rotation's successor is derived from the spent token with a server-only key, so a replay
  // inside the grace window can be answered with the same successor without storing it.
  const successorOf = createSigner(settings.secret, 'refresh-rotation')

  async function signAccess(claims: AccessClaims): Promise<string> {
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
  async function verifyAccess(token: string): Promise<Required<AccessClaims> & { expiresAt: number }> {
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

  async function insertRefresh(
    tx: Db,
    userId: number,
    familyId: string,
    familyExpiresAt: Date,
    twoStep: boolean,
    token = randomBytes(32).toString('base64url'),
  ): Promise<string> {
    const now = settings.now()
    const idle = new Date(now.getTime() + settings.refreshIdleTtlSeconds * 1000)
    await tx.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: idle < familyExpiresAt ? idle : familyExpiresAt,
      familyExpiresAt,
      twoStep,
    })
    return token
  }

  /** Starts a new sign-in (a new token family); `twoStep`: it passed two-step verification. */
  async function issueRefresh(userId: number, tx: Db = db, twoStep = false): Promise<string> {
    const familyExpiresAt = new Date(settings.now().getTime() + settings.refreshAbsoluteTtlSeconds * 1000)
    return insertRefresh(tx, userId, randomUUID(), familyExpiresAt, twoStep)
  }

  async function revokeFamily(tx: Db, familyId: string) {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: settings.now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
  }

  /**
   * Rotates a refresh token: the presented one is spent and a new one of the same family is
   * returned. Presenting a spent or revoked token revokes the whole family (reuse detection),
   * except a replay of the token spent last within `refreshReuseGraceSeconds` of its
   * rotation, whose successor is still unused: that answers the same successor.
   */
  async function rotateRefresh(token: string): Promise<{ userId: number; refreshToken: string; twoStep: boolean }> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw invalidRefresh()
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
        .limit(1)
        .for('update')
      if (!row) return { ok: false as const }
      const now = settings.now()
      if (row.usedAt && !row.revokedAt && now.getTime() - row.usedAt.getTime() <= graceMs) {
        const successor = successorOf.sign(token)
        const [next] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(successor)))
          .limit(1)
        if (next && !next.usedAt && !next.revokedAt && next.expiresAt > now) {
          return { ok: true as const, userId: row.userId, refreshToken: successor, twoStep: row.twoStep }
        }
      }
      if (row.usedAt || row.revokedAt) {
        await revokeFamily(tx, row.familyId)
        return { ok: false as const }
      }
      if (row.expiresAt <= now || row.familyExpiresAt <= now) return { ok: false as const }
      const spent = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id })
      if (spent.length !== 1) {
        await revokeFamily(tx, row.familyId)
        return { ok: false as const }
      }
      const refreshToken = await insertRefresh(tx, row.userId, row.familyId, row.familyExpiresAt, row.twoStep, successorOf.sign(token))
      return { ok: true as const, userId: row.userId, refreshToken, twoStep: row.twoStep }
    })
    if (!outcome.ok) throw invalidRefresh()
    return { userId: outcome.userId, refreshToken: outcome.refreshToken, twoStep: outcome.twoStep }
  }

  /** Ends the sign-in the token belongs to. Unknown tokens are ignored (logout is idempotent). */
  async function revokeRefresh(token: string): Promise<void> {
    if (typeof token !== 'string' || token.length > 200) return
    const [row] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .limit(1)
    if (row) await revokeFamily(db, row.familyId)
  }

  async function revokeAllForUser(userId: number, tx: Db = db): Promise<void> {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: settings.now() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
  }

  return { signAccess, verifyAccess, issueRefresh, rotateRefresh, revokeRefresh, revokeAllForUser }
}

export type TokenService = ReturnType<typeof createTokenService>
