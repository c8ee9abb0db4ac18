import { createHash } from 'node:crypto'
import type { Db } from '../db/client'
import type { Role } from '../db/schema'
import { AppError } from '../errors'
import { createSigner, type Signer } from './signing'

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

/** What the token use cases (access-token.ts, refresh-token.ts) share, built once by createTokenService. */
export interface TokenDeps {
  db: Db
  settings: TokenSettings
  key: Uint8Array
  graceMs: number
  /**
   * A rotation's successor is derived from the spent token with a server-only key, so a replay
   * inside the grace window can be answered with the same successor without storing it.
   */
  successorOf: Signer
}

export function tokenDeps(db: Db, settings: TokenSettings): TokenDeps {
  return {
    db,
    settings,
    key: new TextEncoder().encode(settings.secret),
    graceMs: (settings.refreshReuseGraceSeconds ?? 0) * 1000,
    successorOf: createSigner(settings.secret, 'refresh-rotation'),
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

export const invalidRefresh = () => new AppError('INVALID_TOKEN', 'Invalid refresh token')
