import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { refreshTokens } from '../db/schema'
import { hashToken, invalidRefresh, type TokenDeps } from './token-deps'

async function insertRefresh(
  { settings }: TokenDeps,
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
export async function issueRefresh(deps: TokenDeps, userId: number, tx: Db = deps.db, twoStep = false): Promise<string> {
  const familyExpiresAt = new Date(deps.settings.now().getTime() + deps.settings.refreshAbsoluteTtlSeconds * 1000)
  return insertRefresh(deps, tx, userId, randomUUID(), familyExpiresAt, twoStep)
}

async function revokeFamily({ settings }: TokenDeps, tx: Db, familyId: string) {
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
export async function rotateRefresh(deps: TokenDeps, token: string): Promise<{ userId: number; refreshToken: string; twoStep: boolean }> {
  const { db, settings, graceMs, successorOf } = deps
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
      await revokeFamily(deps, tx, row.familyId)
      return { ok: false as const }
    }
    if (row.expiresAt <= now || row.familyExpiresAt <= now) return { ok: false as const }
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id })
    if (spent.length !== 1) {
      await revokeFamily(deps, tx, row.familyId)
      return { ok: false as const }
    }
    const refreshToken = await insertRefresh(deps, tx, row.userId, row.familyId, row.familyExpiresAt, row.twoStep, successorOf.sign(token))
    return { ok: true as const, userId: row.userId, refreshToken, twoStep: row.twoStep }
  })
  if (!outcome.ok) throw invalidRefresh()
  return { userId: outcome.userId, refreshToken: outcome.refreshToken, twoStep: outcome.twoStep }
}

/** Ends the sign-in the token belongs to. Unknown tokens are ignored (logout is idempotent). */
export async function revokeRefresh(deps: TokenDeps, token: string): Promise<void> {
  if (typeof token !== 'string' || token.length > 200) return
  const [row] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1)
  if (row) await revokeFamily(deps, deps.db, row.familyId)
}

export async function revokeAllForUser({ db, settings }: TokenDeps, userId: number, tx: Db = db): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: settings.now() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
}
