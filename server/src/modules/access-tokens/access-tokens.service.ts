import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { users, type UserRow } from '../../db/schema'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { toId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { ADMIN_TOKEN_SCOPES, TOKEN_SCOPES, type TokenScope } from '../../permissions/token-scopes'
import type { Invalidations } from '../../realtime/invalidation'
import { parseFields } from '../../validation'
import type { ChannelsService } from '../channels/channels.service'
import { accessTokens, type AccessTokenRow } from './access-tokens.tables'
import { hashSecret, hintOf, newSecret, wellFormed } from './secret'

/** Tokens one account may hold at once (revoked ones do not count). */
export const MAX_TOKENS_PER_USER = 50
/** The expiries offered: days, or null for none. */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const

const createInput = z.object({
  name: z.string().trim().min(1, 'Give the token a name.').max(80, 'At most 80 characters.'),
  scopes: z
    .array(z.enum(TOKEN_SCOPES))
    .min(1, 'Choose at least one scope.')
    .max(TOKEN_SCOPES.length)
    .transform((s) => [...new Set(s)]),
  channelId: z.union([z.string(), z.number()]).nullish(),
  expiresInDays: z
    .number()
    .int()
    .refine((d) => (TOKEN_EXPIRY_DAYS as readonly number[]).includes(d), 'Choose 30, 90 or 365 days, or no expiry.')
    .nullish(),
})

/** What a resolved token gives the principal cache (auth/principal.ts): the same shape as a JWT's lookup. */
export interface TokenLookup {
  principal: Principal
  user: UserRow
  expiresAt: number
}

export function createAccessTokensService(deps: { db: Db; channels: ChannelsService; invalidations: Invalidations; now: () => Date }) {
  const { db, channels, invalidations, now } = deps
  // Read on a principal-cache miss of every token request: built once, a named prepared
  // statement on PostgreSQL (as auth-deps.ts findUserById).
  const byHash = db
    .select({ token: accessTokens, user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(eq(accessTokens.hash, sql.placeholder('hash')))
    .limit(1)
    .prepare('access_token_by_hash')

  async function create(principal: Principal, raw: unknown): Promise<{ token: AccessTokenRow; secret: string }> {
    const input = parseFields(createInput, raw)
    if (!principal.admin && input.scopes.some((s) => ADMIN_TOKEN_SCOPES.includes(s))) {
      throw new AppError('FORBIDDEN', 'Only admins may grant admin scopes', { scopes: ['Only admins may grant admin scopes.'] })
    }
    const channelId = input.channelId === null || input.channelId === undefined ? null : toId(input.channelId, 'channelId')
    if (channelId !== null) await channels.owned(principal.userId, channelId)
    const secret = newSecret()
    const expiresAt = input.expiresInDays ? new Date(now().getTime() + input.expiresInDays * 86_400_000) : null
    const token = await db.transaction(async (tx) => {
      // Counted and written in one transaction, the user's row locked: two parallel creations cannot pass the cap together.
      await tx.execute(sql`select id from ${users} where id = ${principal.userId} for update`)
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(accessTokens)
        .where(and(eq(accessTokens.userId, principal.userId), isNull(accessTokens.revokedAt)))
      if (n >= MAX_TOKENS_PER_USER) throw new AppError('CONFLICT', `At most ${MAX_TOKENS_PER_USER} tokens; revoke one first`)
      const [row] = await tx
        .insert(accessTokens)
        .values({ userId: principal.userId, name: input.name, hash: hashSecret(secret), hint: hintOf(secret), scopes: input.scopes, channelId, expiresAt })
        .returning()
      return row!
    })
    return { token, secret }
  }

  /** The caller's tokens, newest first (revoked ones are gone from the list). */
  function listOwn(userId: number): Promise<AccessTokenRow[]> {
    return db
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
      .orderBy(desc(accessTokens.id))
  }

  /** Admins: every live token, or one user's. */
  function listAll(userId?: number): Promise<AccessTokenRow[]> {
    const live = isNull(accessTokens.revokedAt)
    return db
      .select()
      .from(accessTokens)
      .where(userId ? and(live, eq(accessTokens.userId, userId)) : live)
      .orderBy(desc(accessTokens.id))
      .limit(500)
  }

  /** Revokes one's own token, or any as an admin; every process drops its cached callers, so the next call fails. */
  async function revoke(principal: Principal, rawId: string | number): Promise<boolean> {
    const id = toId(rawId)
    const own = principal.admin ? undefined : eq(accessTokens.userId, principal.userId)
    const done = await db
      .update(accessTokens)
      .set({ revokedAt: now() })
      .where(and(eq(accessTokens.id, id), isNull(accessTokens.revokedAt), own))
      .returning({ id: accessTokens.id })
    if (done.length === 0) throw new AppError('NOT_FOUND', 'Token not found')
    invalidations.changed('accounts')
    return true
  }

  /**
   * The caller behind a bearer secret (called by the principal cache on a miss). A malformed
   * secret is refused without a read; a revoked or expired one like an unknown one.
   */
  async function resolve(secret: string): Promise<TokenLookup> {
    const invalid = new AppError('UNAUTHENTICATED', 'Invalid access token')
    if (!wellFormed(secret)) throw invalid
    const [found] = await byHash.execute({ hash: hashSecret(secret) })
    if (!found || found.token.revokedAt) throw invalid
    const expiresAt = found.token.expiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER
    if (expiresAt <= now().getTime()) throw new AppError('UNAUTHENTICATED', 'Access token expired')
    const { token, user } = found
    const scopes = token.scopes.filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s))
    const principal: Principal = {
      userId: user.id,
      role: user.role,
      // The admin claim only for an admin's token that carries an admin scope: a token made for
      // the commands never acts with an admin's reach.
      admin: user.role === 'admin' && scopes.some((s) => ADMIN_TOKEN_SCOPES.includes(s)),
      ability: user.ability,
      // Made from a sign-in that passed the two-step policy.
      twoStep: true,
      token: { id: token.id, scopes, channelId: token.channelId },
    }
    return { principal, user, expiresAt }
  }

  const lastWritten = new Map<string, number>()
  /**
   * Records a token's last use (time and address) by its hash, at most once a minute per
   * token and process: a busy integration does not write on every call.
   */
  async function touch(hash: string, address: string): Promise<void> {
    const t = now().getTime()
    if ((lastWritten.get(hash) ?? 0) > t - 60_000) return
    if (lastWritten.size >= 10_000) lastWritten.clear()
    lastWritten.set(hash, t)
    await db
      .update(accessTokens)
      .set({ lastUsedAt: new Date(t), lastUsedAddress: address.slice(0, 64) })
      .where(eq(accessTokens.hash, hash))
  }

  return { create, listOwn, listAll, revoke, resolve, touch }
}

export type AccessTokensService = ReturnType<typeof createAccessTokensService>
