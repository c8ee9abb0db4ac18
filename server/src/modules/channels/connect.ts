import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { PlatformAuthError, PlatformRequestError, type AccountRole, type PlatformName } from '../../platforms/types'
import { labelOf, panelPath, redirectUri, sameHash, sha256, type ChannelsDeps } from './channels-deps'
import { channels, oauthStates, pendingConnections } from './channels.tables'
import { listForUser, owned } from './lookup'
import { planLimits } from './plan-limits'

/**
 * Starts an OAuth round trip. With `sandbox`, against the in-process sandbox platform (a
 * sandbox channel does not count towards the plan's channels). Answers, besides the consent
 * page, the `binding`: a random value the caller puts in an HttpOnly cookie of the starting
 * browser (the callback refuses any other browser); only its hash is stored.
 */
export async function startConnection(
  deps: ChannelsDeps,
  userId: number,
  platform: PlatformName,
  botForChannelId?: number | string | null,
  opts: { sandbox?: boolean } = {},
) {
  const { db, now, box, platforms } = deps
  const sandbox = opts.sandbox === true
  // A platform without an application would send the browser to its consent page with an empty client id.
  if (!sandbox && !platforms.configured[platform]) {
    throw new AppError('BAD_USER_INPUT', `${platform === 'twitch' ? 'Twitch' : 'Kick'} is not set up on this server; connect a sandbox channel instead`)
  }
  const client = await platforms.of({ platform, sandbox })
  let role: AccountRole = 'broadcaster'
  let channelId: number | null = null
  if (botForChannelId !== undefined && botForChannelId !== null) {
    const channel = await owned(deps, userId, botForChannelId)
    if (channel.platform !== platform || channel.sandbox !== sandbox) throw new AppError('BAD_USER_INPUT', `That channel is on ${labelOf(channel)}`)
    role = 'bot'
    channelId = channel.id
  } else if (!sandbox) {
    const [limits, mine] = await Promise.all([planLimits(db, userId), listForUser(deps, userId)])
    if (limits.channels !== null && mine.filter((c) => !c.sandbox).length >= limits.channels) {
      throw new AppError('PLAN_LIMIT', `Your plan allows ${limits.channels} connected channel(s); disconnect one first`)
    }
  }
  const state = randomBytes(32).toString('base64url')
  const binding = randomBytes(32).toString('base64url')
  const verifier = client.usesPkce ? randomBytes(48).toString('base64url') : null
  const scopes = client.scopesFor(role)
  const createdAt = now()
  const expiresAt = new Date(createdAt.getTime() + deps.stateTtlSeconds * 1000)
  await db.delete(oauthStates).where(sql`${oauthStates.expiresAt} < ${createdAt}`)
  await db.insert(oauthStates).values({
    stateHash: sha256(state),
    userId,
    platform,
    role,
    channelId,
    sandbox,
    codeVerifier: verifier ? box.seal(verifier) : null,
    bindingHash: sha256(binding),
    scopes,
    createdAt,
    expiresAt,
  })
  const authorizeUrl = client.authorizeUrl({
    state,
    redirectUri: redirectUri(deps, platform),
    scopes,
    codeChallenge: verifier ? sha256(verifier) : undefined,
  })
  return { authorizeUrl, expiresAt, scopes, binding, role }
}

/**
 * The OAuth callback. Never throws: answers the path to redirect the browser to, with
 * `confirm=<id>` (the account is held until the user confirms it in the app) or
 * `error=<code>`. `binding` is the starting browser's cookie: without the right one the
 * state is spent and nothing is exchanged or linked.
 */
export async function completeConnection(
  deps: ChannelsDeps,
  platform: PlatformName,
  q: { code?: string; state?: string; error?: string },
  binding: string | undefined,
): Promise<string> {
  const { db, log, now, box, platforms } = deps
  const fail = (code: string) => `${panelPath[platform]}?error=${code}`
  if (!q.state || q.state.length > 200) return fail('invalid_state')
  const [pending] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, sha256(q.state)))
    .returning()
  if (!pending || pending.platform !== platform) return fail('invalid_state')
  if (pending.expiresAt <= now()) return fail('expired_state')
  if (!pending.bindingHash || !binding || binding.length > 200 || !sameHash(pending.bindingHash, sha256(binding))) {
    log.warn({ platform, userId: pending.userId }, 'OAuth callback from a browser that did not start it: refused')
    return fail('browser_mismatch')
  }
  if (q.error) return fail(q.error === 'access_denied' ? 'access_denied' : 'platform_error')
  if (!q.code || q.code.length > 1000) return fail('missing_code')
  const client = await platforms.of({ platform, sandbox: pending.sandbox })
  try {
    const tokens = await client.exchangeCode({
      code: q.code,
      redirectUri: redirectUri(deps, platform),
      codeVerifier: pending.codeVerifier ? box.open(pending.codeVerifier) : undefined,
    })
    const identity = await client.me(tokens.accessToken)
    // Refused early (the confirmation checks again): another account's channel, or the plan's limit.
    const problem = pending.role === 'broadcaster' ? await linkProblem(db, pending, identity.id) : null
    if (problem) {
      await client.revoke(tokens.accessToken).catch(() => {})
      return fail(problem)
    }
    const at = now()
    // Connections nobody confirmed in time: their tokens are withdrawn at the platform.
    const stale = await db
      .delete(pendingConnections)
      .where(sql`${pendingConnections.expiresAt} < ${at}`)
      .returning()
    for (const old of stale) {
      void platforms
        .of(old)
        .then((c) => c.revoke(box.open(old.accessToken)))
        .catch(() => {})
    }
    const [row] = await db
      .insert(pendingConnections)
      .values({
        userId: pending.userId,
        platform,
        role: pending.role,
        channelId: pending.channelId,
        sandbox: pending.sandbox,
        platformUserId: identity.id,
        login: identity.login,
        displayName: identity.displayName,
        accessToken: box.seal(tokens.accessToken),
        refreshToken: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
        scopes: tokens.scopes.length ? tokens.scopes : pending.scopes,
        tokenExpiresAt: tokens.expiresAt,
        createdAt: at,
        expiresAt: new Date(at.getTime() + deps.stateTtlSeconds * 1000),
      })
      .returning({ id: pendingConnections.id })
    return `${panelPath[platform]}?confirm=${row!.id}`
  } catch (e) {
    if (e instanceof PlatformAuthError) return fail('exchange_failed')
    log.warn({ err: (e as Error).message, platform }, 'channel connection failed')
    return fail(e instanceof PlatformRequestError ? 'platform_error' : 'server_error')
  }
}

/** Why the platform account cannot become the user's channel: taken by someone else, or over the plan's limit. */
export async function linkProblem(
  tx: Db,
  p: { userId: number; platform: PlatformName; sandbox: boolean },
  platformUserId: string,
): Promise<'channel_taken' | 'plan_limit' | null> {
  const [existing] = await tx
    .select()
    .from(channels)
    .where(and(eq(channels.platform, p.platform), eq(channels.platformUserId, platformUserId)))
    .limit(1)
  if (existing) return existing.userId !== p.userId || existing.sandbox !== p.sandbox ? 'channel_taken' : null
  if (p.sandbox) return null
  const limits = await planLimits(tx, p.userId)
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(channels)
    .where(and(eq(channels.userId, p.userId), eq(channels.sandbox, false)))
  return limits.channels !== null && n >= limits.channels ? 'plan_limit' : null
}
