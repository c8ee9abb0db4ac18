import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { PubSub } from 'graphql-yoga'
import type { Db } from '../../db/client'
import { botPanels, users } from '../../db/schema'
import { AppError, ReconnectNeededError } from '../../errors'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import { PlatformAuthError, PlatformRequestError, type AccountRole, type ActingAs, type PlatformName } from '../../platforms/types'
import type { Topics } from '../../realtime/pubsub'
import { licenceInForce } from '../licences/licence-expiry'
import { utcDay } from '../users/user-view'
import {
  channelAccounts,
  channels,
  oauthStates,
  pendingConnections,
  type BotState,
  type ChannelAccountRow,
  type ChannelRow,
  type PendingConnectionRow,
} from './channels.tables'
import { planLimits } from './plan-limits'
import { statusReasons, type StatusReason } from './status-reasons'
import type { TokenBox } from './token-box'

export const panelPath: Record<PlatformName, string> = { twitch: '/pages/Panel', kick: '/kick/panel' }
/** The cookie that binds a started connection to the browser that started it (one per platform). */
export const bindingCookieName = (platform: PlatformName) => `oauth_binding_${platform}`
export const platformLabel: Record<PlatformName, string> = { twitch: 'Twitch', kick: 'Kick' }

/** "Twitch", "Kick", or "Sandbox" for a sandbox channel. */
export const labelOf = (c: { platform: PlatformName; sandbox: boolean }) => (c.sandbox ? 'Sandbox' : platformLabel[c.platform])

export const botModules = ['chatBot', 'categoryChatBot', 'conversationBot', 'timers', 'raidAnnouncements'] as const
export type BotModule = (typeof botModules)[number]

export interface PanelPatch {
  active?: boolean | null
  autostart?: boolean | null
  chatBot?: boolean | null
  categoryChatBot?: boolean | null
}

/** Refresh a token this long before it expires. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000

/** SHA-256, base64url: the stored form of a state and a browser binding, and the PKCE S256 challenge. */
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * Connected channels: the OAuth round trip (state signed by being random, stored hashed and
 * single use; PKCE verifier kept server-side, encrypted), encrypted tokens refreshed before
 * they expire and on a refused call, revoked on disconnect; the Bot-Panel and module switches.
 * A client only ever reaches their own channels: every entry point checks ownership.
 */
export function createChannelsService(deps: {
  db: Db
  log: Logger
  now: () => Date
  box: TokenBox
  platforms: Platforms
  pubsub: PubSub<Topics>
  publicUrl: string
  stateTtlSeconds: number
}) {
  const { db, log, now, box, platforms, pubsub } = deps
  const redirectUri = (p: PlatformName) => `${deps.publicUrl.replace(/\/$/, '')}/apps/oauth/${p}/callback`
  const secureCookie = deps.publicUrl.startsWith('https:')
  /**
   * The browser binding of a started connection: HttpOnly (no script reads it), SameSite=Lax
   * (sent when the platform redirects the browser back, not on cross-site subrequests),
   * Secure behind https, and sent only to the platform's callback path.
   */
  const bindingCookie = (platform: PlatformName, value: string | null) =>
    [
      `${bindingCookieName(platform)}=${value ?? ''}`,
      `Path=/apps/oauth/${platform}/callback`,
      `Max-Age=${value === null ? 0 : deps.stateTtlSeconds}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secureCookie ? ['Secure'] : []),
    ].join('; ')
  const changed = (channelId: number, what: string) => pubsub.publish('channelChanged', { channelId, what })

  async function listForUser(userId: number): Promise<ChannelRow[]> {
    return db.select().from(channels).where(eq(channels.userId, userId)).orderBy(asc(channels.id))
  }

  async function byId(channelId: number): Promise<ChannelRow | undefined> {
    const [row] = await db.select().from(channels).where(eq(channels.id, channelId)).limit(1)
    return row
  }

  /** The channel, when it belongs to the user; the same NOT_FOUND otherwise (no probing). */
  async function owned(userId: number, channelId: number | string): Promise<ChannelRow> {
    const id = Number(channelId)
    const row = Number.isSafeInteger(id) && id > 0 ? await byId(id) : undefined
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', 'Channel not found')
    return row
  }

  async function accounts(channelId: number): Promise<ChannelAccountRow[]> {
    return db.select().from(channelAccounts).where(eq(channelAccounts.channelId, channelId))
  }

  async function account(channelId: number, role: AccountRole): Promise<ChannelAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.channelId, channelId), eq(channelAccounts.role, role)))
      .limit(1)
    return row
  }

  /**
   * Starts an OAuth round trip. With `sandbox`, against the in-process sandbox platform (a
   * sandbox channel does not count towards the plan's channels). Answers, besides the consent
   * page, the `binding`: a random value the caller puts in an HttpOnly cookie of the starting
   * browser (the callback refuses any other browser); only its hash is stored.
   */
  async function startConnection(userId: number, platform: PlatformName, botForChannelId?: number | string | null, opts: { sandbox?: boolean } = {}) {
    const sandbox = opts.sandbox === true
    // A platform without an application would send the browser to its consent page with an empty client id.
    if (!sandbox && !platforms.configured[platform]) {
      throw new AppError('BAD_USER_INPUT', `${platform === 'twitch' ? 'Twitch' : 'Kick'} is not set up on this server; connect a sandbox channel instead`)
    }
    const client = await platforms.of({ platform, sandbox })
    let role: AccountRole = 'broadcaster'
    let channelId: number | null = null
    if (botForChannelId !== undefined && botForChannelId !== null) {
      const channel = await owned(userId, botForChannelId)
      if (channel.platform !== platform || channel.sandbox !== sandbox) throw new AppError('BAD_USER_INPUT', `That channel is on ${labelOf(channel)}`)
      role = 'bot'
      channelId = channel.id
    } else if (!sandbox) {
      const [limits, mine] = await Promise.all([planLimits(db, userId), listForUser(userId)])
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
      redirectUri: redirectUri(platform),
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
  async function completeConnection(
    platform: PlatformName,
    q: { code?: string; state?: string; error?: string },
    binding: string | undefined,
  ): Promise<string> {
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
        redirectUri: redirectUri(platform),
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
  async function linkProblem(
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

  /** A connection waiting for the user's confirmation; another user's, a used or an expired one reads as missing. */
  async function pendingConnection(userId: number, id: number | string): Promise<PendingConnectionRow> {
    const n = Number(id)
    const [row] =
      Number.isSafeInteger(n) && n > 0
        ? await db
            .select()
            .from(pendingConnections)
            .where(and(eq(pendingConnections.id, n), eq(pendingConnections.userId, userId)))
            .limit(1)
        : []
    if (!row || row.expiresAt <= now()) throw new AppError('NOT_FOUND', 'This connection request is unknown or has expired; connect again')
    return row
  }

  /** Takes the pending connection out (single use); the same NOT_FOUND for another user's or an expired one. */
  async function takePending(userId: number, id: number | string): Promise<PendingConnectionRow> {
    await pendingConnection(userId, id)
    const [row] = await db
      .delete(pendingConnections)
      .where(and(eq(pendingConnections.id, Number(id)), eq(pendingConnections.userId, userId)))
      .returning()
    if (!row) throw new AppError('NOT_FOUND', 'This connection request is unknown or has expired; connect again')
    return row
  }

  /** The user declined the account shown: its token is revoked at the platform and nothing is linked. */
  async function cancelConnection(userId: number, id: number | string): Promise<boolean> {
    const row = await takePending(userId, id)
    const client = await platforms.of(row)
    await client.revoke(box.open(row.accessToken)).catch((e: Error) => log.warn({ err: e.message }, 'token revocation failed'))
    return true
  }

  /** The user confirmed the account shown: only now is it linked (as the channel, or as a channel's bot account). */
  async function confirmConnection(userId: number, id: number | string): Promise<ChannelRow> {
    const p = await takePending(userId, id)
    const client = await platforms.of(p)
    const refuse = async (e: AppError) => {
      await client.revoke(box.open(p.accessToken)).catch(() => {})
      return e
    }
    const sealed = {
      accessToken: p.accessToken,
      refreshToken: p.refreshToken,
      scopes: p.scopes,
      expiresAt: p.tokenExpiresAt,
      platformUserId: p.platformUserId,
      login: p.login,
      updatedAt: now(),
    }
    if (p.role === 'bot') {
      const channel = p.channelId ? await byId(p.channelId) : undefined
      if (!channel || channel.userId !== userId) throw await refuse(new AppError('NOT_FOUND', 'Channel not found'))
      await db
        .insert(channelAccounts)
        .values({ channelId: channel.id, role: 'bot', ...sealed })
        .onConflictDoUpdate({ target: [channelAccounts.channelId, channelAccounts.role], set: sealed })
      changed(channel.id, 'bot account')
      return channel
    }
    const outcome = await db.transaction(async (tx) => {
      const problem = await linkProblem(tx, p, p.platformUserId)
      if (problem) return { problem }
      const [existing] = await tx
        .select({ id: channels.id })
        .from(channels)
        .where(and(eq(channels.platform, p.platform), eq(channels.platformUserId, p.platformUserId)))
        .limit(1)
      let channelId = existing?.id
      if (existing) {
        await tx
          .update(channels)
          .set({ login: p.login, displayName: p.displayName, updatedAt: now(), status: 'stopped', statusReason: null })
          .where(eq(channels.id, existing.id))
      } else {
        // A new channel starts with the switches of the user's panel (what they chose before connecting).
        const [panel] = await tx.select().from(botPanels).where(eq(botPanels.userId, userId))
        const [row] = await tx
          .insert(channels)
          .values({
            userId,
            platform: p.platform,
            platformUserId: p.platformUserId,
            login: p.login,
            displayName: p.displayName,
            sandbox: p.sandbox,
            ...(panel && !p.sandbox ? { autostart: panel.autostart, chatBot: panel.chatbot, categoryChatBot: panel.categoryChatbot } : {}),
          })
          .returning({ id: channels.id })
        channelId = row!.id
        if (!p.sandbox) await syncUserPanel(tx, userId)
      }
      await tx
        .insert(channelAccounts)
        .values({ channelId: channelId!, role: 'broadcaster', ...sealed })
        .onConflictDoUpdate({ target: [channelAccounts.channelId, channelAccounts.role], set: sealed })
      if (p.platform === 'twitch' && !p.sandbox) {
        await tx.update(users).set({ twitchname: p.login, updatedAt: now() }).where(eq(users.id, userId))
      }
      return { channelId: channelId! }
    })
    if (outcome.problem === 'channel_taken') {
      throw await refuse(new AppError('CONFLICT', `This ${platformLabel[p.platform]} account is already connected to another account`))
    }
    if (outcome.problem === 'plan_limit') throw await refuse(new AppError('PLAN_LIMIT', 'Your plan allows no more connected channels; disconnect one first'))
    changed(outcome.channelId!, 'connected')
    log.info({ platform: p.platform, channelId: outcome.channelId }, 'channel connected')
    return (await byId(outcome.channelId!))!
  }

  async function disconnect(userId: number, channelId: number | string): Promise<boolean> {
    const channel = await owned(userId, channelId)
    const client = await platforms.of(channel)
    for (const a of await accounts(channel.id)) {
      try {
        await client.revoke(box.open(a.accessToken))
      } catch (e) {
        log.warn({ err: (e as Error).message, channelId: channel.id }, 'token revocation failed; removing the channel anyway')
      }
    }
    await db.transaction(async (tx) => {
      await tx.delete(channels).where(eq(channels.id, channel.id))
      if (channel.platform === 'twitch') {
        await tx
          .update(users)
          .set({ twitchname: null, updatedAt: now() })
          .where(and(eq(users.id, userId), eq(users.twitchname, channel.login)))
      }
      await syncUserPanel(tx, userId)
    })
    changed(channel.id, 'disconnected')
    return true
  }

  /**
   * The per-user bot_panels row (the spec's Botpanel) is derived from the user's channels,
   * the one source of truth: each switch is on when it is on for any of them. Without a
   * channel, Active is off and the other switches keep what the user chose (they are the
   * settings a newly connected channel starts with). Sandbox channels never count (admin
   * figures read bot_panels.active).
   */
  async function syncUserPanel(tx: Db, userId: number) {
    const own = sql`${channels.userId} = ${userId} and not ${channels.sandbox}`
    const anyOn = (column: AnyPgColumn, current: 'autostart' | 'chatbot' | 'category_chatbot') =>
      sql`coalesce((select bool_or(${column}) from ${channels} where ${own}), ${sql.raw(`"bot_panels"."${current}"`)})`
    await tx
      .update(botPanels)
      .set({
        active: sql`exists (select 1 from ${channels} where ${own} and ${channels.active})`,
        autostart: anyOn(channels.autostart, 'autostart'),
        chatbot: anyOn(channels.chatBot, 'chatbot'),
        categoryChatbot: anyOn(channels.categoryChatBot, 'category_chatbot'),
        updatedAt: now(),
      })
      .where(eq(botPanels.userId, userId))
  }

  async function updatePanel(userId: number, channelId: number | string, patch: PanelPatch): Promise<ChannelRow> {
    const channel = await owned(userId, channelId)
    const set: Partial<ChannelRow> = {}
    for (const k of ['active', 'autostart', 'chatBot', 'categoryChatBot'] as const) {
      const v = patch[k]
      if (typeof v === 'boolean') set[k] = v
    }
    return applySettings(channel, set, 'panel')
  }

  async function setModule(userId: number, channelId: number | string, module: BotModule, enabled: boolean): Promise<ChannelRow> {
    const channel = await owned(userId, channelId)
    return applySettings(channel, { [module]: enabled }, `module ${module}`)
  }

  async function applySettings(channel: ChannelRow, set: Partial<ChannelRow>, what: string): Promise<ChannelRow> {
    if (Object.keys(set).length === 0) return channel
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(channels)
        .set({ ...set, updatedAt: now() })
        .where(eq(channels.id, channel.id))
        .returning()
      if (['active', 'autostart', 'chatBot', 'categoryChatBot'].some((key) => key in set)) await syncUserPanel(tx, channel.userId)
      return updated!
    })
    changed(channel.id, what)
    return row
  }

  /** Worker: a channel went live and has Autostart on. */
  async function activate(channelId: number): Promise<void> {
    const channel = await byId(channelId)
    if (!channel || channel.active) return
    await applySettings(channel, { active: true }, 'autostart')
  }

  /**
   * Worker: the bot's status, live state and category as it sees them. A coded reason is stored
   * with its code and arguments (the client says it in the UI language) and in English words.
   */
  async function reportStatus(
    channelId: number,
    s: { state: BotState; reason?: string | StatusReason | null; live?: boolean; category?: string | null; liveSince?: Date | null },
  ) {
    const at = now()
    const coded = typeof s.reason === 'object' ? s.reason : null
    const set: Partial<ChannelRow> = {
      status: s.state,
      statusReason: typeof s.reason === 'string' ? s.reason : (coded?.text ?? null),
      statusCode: coded?.code ?? null,
      statusArgs: coded?.args ?? null,
      statusAt: at,
    }
    if (s.live !== undefined) set.live = s.live
    if (s.category !== undefined) set.category = s.category
    if (s.liveSince !== undefined) set.liveSince = s.liveSince
    const [row] = await db.update(channels).set(set).where(eq(channels.id, channelId)).returning()
    if (row) publishStatus(row, at)
  }

  function publishStatus(row: ChannelRow, at: Date) {
    pubsub.publish('botStatus', String(row.id), {
      channelId: String(row.id),
      state: row.status,
      reason: row.statusReason,
      code: row.statusCode,
      args: row.statusArgs,
      at: at.toISOString(),
      live: row.live,
      category: row.category,
    })
  }

  /**
   * Worker: says LICENCE_ENDED (stopped) for the switched-on channels (`channelId`: that one)
   * whose owner's licence is not in force, whose status does not say so yet and that no bot runs
   * (`idle`, a condition on `channels`, e.g. no live lease; `except`, the channels whose bot runs
   * in this worker): switched on after the licence ended, or a worker stopped while their bot
   * ran and the licence ended since. One statement: a licence renewed meanwhile, or a worker
   * that took the channel, is never overwritten.
   */
  async function sayLicenceEnded(opts: { channelId?: number; idle?: SQL; except?: number[] }): Promise<void> {
    const idle = sql`${opts.idle ?? sql`true`}${opts.channelId === undefined ? sql`` : sql` and ${channels.id} = ${opts.channelId}`}`
    // One array parameter, however many bots the worker runs (a list would be a parameter each).
    const except = opts.except?.length ? sql`${channels.id} <> all(${`{${opts.except.join(',')}}`}::bigint[])` : sql`true`
    const at = now()
    const reason = statusReasons.licenceEnded()
    const rows = await db
      .update(channels)
      .set({ status: 'stopped', statusReason: reason.text, statusCode: reason.code, statusArgs: reason.args, statusAt: at })
      .where(
        sql`(${channels.active} or ${channels.autostart}) and ${channels.statusCode} is distinct from 'LICENCE_ENDED' and not ${ownerLicensed(channels.userId)} and ${idle} and ${except}`,
      )
      .returning()
    for (const row of rows) publishStatus(row, at)
  }

  const refreshing = new Map<string, Promise<string>>()

  /** Refreshes an account's tokens; a refused refresh puts the channel in error (reconnect needed). */
  async function refreshAccount(channel: ChannelRow, acc: ChannelAccountRow): Promise<string> {
    const key = `${acc.channelId}:${acc.role}`
    const running = refreshing.get(key)
    if (running) return running
    const p = (async () => {
      const label = labelOf(channel)
      // Another call refreshed it meanwhile (its refresh token is spent now): use the new token.
      const stored = await account(acc.channelId, acc.role)
      if (stored && stored.accessToken !== acc.accessToken) return box.open(stored.accessToken)
      if (!acc.refreshToken) throw await reconnectNeeded(channel, `${label} token expired and cannot be refreshed`)
      try {
        const t = await (await platforms.of(channel)).refresh(box.open(acc.refreshToken))
        await db
          .update(channelAccounts)
          .set({
            accessToken: box.seal(t.accessToken),
            refreshToken: t.refreshToken ? box.seal(t.refreshToken) : acc.refreshToken,
            expiresAt: t.expiresAt,
            scopes: t.scopes.length ? t.scopes : acc.scopes,
            updatedAt: now(),
          })
          .where(and(eq(channelAccounts.channelId, acc.channelId), eq(channelAccounts.role, acc.role)))
        return t.accessToken
      } catch (e) {
        if (e instanceof PlatformAuthError) throw await reconnectNeeded(channel, `${label} refused to refresh the ${acc.role} token`)
        throw new AppError('PLATFORM_ERROR', (e as Error).message)
      }
    })()
    refreshing.set(key, p)
    try {
      return await p
    } finally {
      refreshing.delete(key)
    }
  }

  /**
   * Sharded bot workers (leases): whether this process may write a channel's status, i.e. holds
   * its lease (set by the worker; unset: every write goes through, as with a single worker).
   */
  let statusFence: ((channelId: number) => Promise<boolean>) | null = null

  /**
   * The channel needs its owner to reconnect it: its status says so (written before the error is
   * answered; a failed write is only logged), unless another worker holds the channel (fenced, as
   * the bot's own writes).
   */
  async function reconnectNeeded(channel: ChannelRow, why: string): Promise<AppError> {
    const reason = `${why}; reconnect the channel`
    try {
      if (statusFence && !(await statusFence(channel.id))) log.warn({ channelId: channel.id }, 'channel lease not held: reconnect error not written here')
      else await reportStatus(channel.id, { state: 'error', reason })
    } catch (e) {
      log.warn({ err: (e as Error).message, channelId: channel.id }, 'reconnect error not written')
    }
    return new ReconnectNeededError(reason)
  }

  async function tokenFor(channel: ChannelRow, acc: ChannelAccountRow): Promise<string> {
    if (acc.expiresAt && acc.expiresAt.getTime() - now().getTime() < REFRESH_MARGIN_MS) return refreshAccount(channel, acc)
    return box.open(acc.accessToken)
  }

  /**
   * Runs a platform call as an account of the channel: `sender` is the bot account when one is
   * connected, else the broadcaster. A refused token is refreshed once and the call retried.
   */
  async function actAs<T>(channelId: number, who: 'broadcaster' | 'sender', fn: (as: ActingAs) => Promise<T>): Promise<T> {
    const channel = await byId(channelId)
    if (!channel) throw new AppError('NOT_FOUND', 'Channel not found')
    const acc = (who === 'sender' ? await account(channel.id, 'bot') : undefined) ?? (await account(channel.id, 'broadcaster'))
    if (!acc) throw new ReconnectNeededError('The channel has no connected account; reconnect it')
    const as = (token: string): ActingAs => ({ token, broadcasterId: channel.platformUserId, actorId: acc.platformUserId })
    try {
      return await fn(as(await tokenFor(channel, acc)))
    } catch (e) {
      if (!(e instanceof PlatformAuthError)) throw e
      const fresh = await refreshAccount(channel, acc)
      try {
        return await fn(as(fresh))
      } catch (e2) {
        if (e2 instanceof PlatformAuthError) throw await reconnectNeeded(channel, `${labelOf(channel)} refused the token`)
        throw e2
      }
    }
  }

  /** The earliest token expiry of the channel's accounts (the worker refreshes ahead of it). */
  async function nextExpiry(channelId: number): Promise<Date | null> {
    const dates = (await accounts(channelId)).map((a) => a.expiresAt).filter((d): d is Date => d !== null)
    return dates.length ? new Date(Math.min(...dates.map((d) => d.getTime()))) : null
  }

  /** Worker: refreshes every token of the channel that expires within the margin. */
  async function refreshDue(channelId: number): Promise<void> {
    const channel = await byId(channelId)
    if (!channel) return
    for (const acc of await accounts(channelId)) await tokenFor(channel, acc)
  }

  /** The owner (`userId`: a column or expression) may run a bot today: their licence is in force. */
  const ownerLicensed = (userId: SQLWrapper) => licenceInForce(userId, utcDay(now()))

  /** The channels whose bot runs: Active or Autostart on, and the owner's licence in force. */
  async function runnable(): Promise<ChannelRow[]> {
    return db
      .select()
      .from(channels)
      .where(sql`(${channels.active} or ${channels.autostart}) and ${ownerLicensed(channels.userId)}`)
      .orderBy(asc(channels.id))
  }

  /** Worker: the channel, and whether its owner's licence is in force (see licenceInForce). */
  async function forBot(channelId: number): Promise<{ row: ChannelRow; licensed: boolean } | undefined> {
    const [r] = await db
      .select({ row: channels, licensed: sql<boolean>`${ownerLicensed(channels.userId)}` })
      .from(channels)
      .where(eq(channels.id, channelId))
      .limit(1)
    return r && { row: r.row, licensed: Boolean(r.licensed) }
  }

  return {
    listForUser,
    byId,
    owned,
    accounts,
    account,
    startConnection,
    completeConnection,
    pendingConnection,
    confirmConnection,
    cancelConnection,
    disconnect,
    updatePanel,
    setModule,
    activate,
    reportStatus,
    actAs,
    nextExpiry,
    refreshDue,
    runnable,
    sayLicenceEnded,
    forBot,
    ownerLicensed,
    /** The worker's lease check for the status writes made here (reconnect errors); see statusFence. */
    fenceStatus(fence: ((channelId: number) => Promise<boolean>) | null) {
      statusFence = fence
    },
    limits: (userId: number) => planLimits(db, userId),
    redirectUri,
    bindingCookie,
  }
}

export type ChannelsService = ReturnType<typeof createChannelsService>
