import { and, eq } from 'drizzle-orm'
import { AppError, ReconnectNeededError } from '../../errors'
import { PlatformAuthError, type ActingAs } from '../../platforms/types'
import { labelOf, REFRESH_MARGIN_MS, type ChannelsDeps } from './channels-deps'
import { channelAccounts, channels, type ChannelAccountRow, type ChannelRow } from './channels.tables'
import { account, accounts, byId } from './lookup'
import { reportStatus } from './status'
import { statusReasons } from './status-reasons'

/** Refreshes an account's tokens; a refused refresh puts the channel in error (reconnect needed). */
export async function refreshAccount(deps: ChannelsDeps, channel: ChannelRow, acc: ChannelAccountRow): Promise<string> {
  const { db, now, box, platforms } = deps
  const key = `${acc.channelId}:${acc.role}`
  const running = deps.refreshing.get(key)
  if (running) return running
  const p = (async () => {
    const label = labelOf(channel)
    // Another call refreshed it meanwhile (its refresh token is spent now): use the new token.
    const stored = await account(deps, acc.channelId, acc.role)
    if (stored && stored.accessToken !== acc.accessToken) return box.open(stored.accessToken)
    if (!acc.refreshToken) throw await reconnectNeeded(deps, channel, `${label} token expired and cannot be refreshed`)
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
      if (e instanceof PlatformAuthError) throw await reconnectNeeded(deps, channel, `${label} refused to refresh the ${acc.role} token`)
      throw new AppError('PLATFORM_ERROR', (e as Error).message)
    }
  })()
  deps.refreshing.set(key, p)
  try {
    return await p
  } finally {
    deps.refreshing.delete(key)
  }
}

/**
 * The channel needs its owner to reconnect it: its status says so (written before the error is
 * answered; a failed write is only logged), unless another worker holds the channel (fenced, as
 * the bot's own writes).
 */
export async function reconnectNeeded(deps: ChannelsDeps, channel: ChannelRow, why: string): Promise<AppError> {
  const { log } = deps
  const reason = statusReasons.reconnectNeeded(why)
  try {
    if (deps.fence.status && !(await deps.fence.status(channel.id)))
      log.warn({ channelId: channel.id }, 'channel lease not held: reconnect error not written here')
    else await reportStatus(deps, channel.id, { state: 'error', reason })
  } catch (e) {
    log.warn({ err: (e as Error).message, channelId: channel.id }, 'reconnect error not written')
  }
  return new ReconnectNeededError(reason.text)
}

export async function tokenFor(deps: ChannelsDeps, channel: ChannelRow, acc: ChannelAccountRow): Promise<string> {
  const { now, box } = deps
  if (acc.expiresAt && acc.expiresAt.getTime() - now().getTime() < REFRESH_MARGIN_MS) return refreshAccount(deps, channel, acc)
  return box.open(acc.accessToken)
}

/**
 * Runs a platform call as an account of the channel: `sender` is the bot account when one is
 * connected, else the broadcaster. A refused token is refreshed once and the call retried.
 */
export async function actAs<T>(deps: ChannelsDeps, channelId: number, who: 'broadcaster' | 'sender', fn: (as: ActingAs) => Promise<T>): Promise<T> {
  // The channel and its accounts in one statement (the bot acts on every reply it sends).
  const rows = await deps.db
    .select({ channel: channels, account: channelAccounts })
    .from(channels)
    .leftJoin(channelAccounts, eq(channelAccounts.channelId, channels.id))
    .where(eq(channels.id, channelId))
  const channel = rows[0]?.channel
  if (!channel) throw new AppError('NOT_FOUND', 'Channel not found')
  return actAsWith(deps, { channel, accounts: rows.flatMap((r) => (r.account ? [r.account] : [])) }, who, fn)
}

/**
 * actAs with the channel and its accounts as just read by the caller (a bot's start reads them
 * for its whole channel list at once): no statement of its own. A token refreshed meanwhile by
 * another call is still found (refreshAccount reads the stored one before refreshing).
 */
export async function actAsWith<T>(
  deps: ChannelsDeps,
  known: { channel: ChannelRow; accounts: readonly ChannelAccountRow[] },
  who: 'broadcaster' | 'sender',
  fn: (as: ActingAs) => Promise<T>,
): Promise<T> {
  const { channel } = known
  const of = (role: 'bot' | 'broadcaster') => known.accounts.find((a) => a.role === role)
  const acc = (who === 'sender' ? of('bot') : undefined) ?? of('broadcaster')
  if (!acc) throw new ReconnectNeededError('The channel has no connected account; reconnect it')
  const as = (token: string): ActingAs => ({ token, broadcasterId: channel.platformUserId, actorId: acc.platformUserId })
  try {
    return await fn(as(await tokenFor(deps, channel, acc)))
  } catch (e) {
    if (!(e instanceof PlatformAuthError)) throw e
    const fresh = await refreshAccount(deps, channel, acc)
    try {
      return await fn(as(fresh))
    } catch (e2) {
      if (e2 instanceof PlatformAuthError) throw await reconnectNeeded(deps, channel, `${labelOf(channel)} refused the token`)
      throw e2
    }
  }
}

/** The earliest token expiry of the channel's accounts (the worker refreshes ahead of it). */
export async function nextExpiry(deps: ChannelsDeps, channelId: number): Promise<Date | null> {
  return earliestExpiry(await accounts(deps, channelId))
}

/** The earliest expiry among these accounts' tokens (null: none expires). */
export function earliestExpiry(accs: Array<{ expiresAt: Date | null }>): Date | null {
  const dates = accs.map((a) => a.expiresAt).filter((d): d is Date => d !== null)
  return dates.length ? new Date(Math.min(...dates.map((d) => d.getTime()))) : null
}

/** Worker: refreshes every token of the channel that expires within the margin. */
export async function refreshDue(deps: ChannelsDeps, channelId: number): Promise<void> {
  const channel = await byId(deps, channelId)
  if (!channel) return
  for (const acc of await accounts(deps, channelId)) await tokenFor(deps, channel, acc)
}
