import type { Platforms } from '../../platforms'
import { KickClient } from '../../platforms/kick/kick.client'
import { TwitchClient } from '../../platforms/twitch/twitch.client'
import type { ChannelsService } from '../channels/channels.service'
import type { ChannelRow } from '../channels/channels.tables'
import { formatFollowAge, type PlatformVariable } from './template'

/** How long a platform value is reused: a busy chat asks the platform once per this. */
export const STREAM_VALUE_TTL_MS = 60_000
export const FOLLOW_VALUE_TTL_MS = 10 * 60_000
const MAX_ENTRIES = 5_000

/** What the bot already knows from its events (no call needed for these). */
export interface BotState {
  live: boolean
  category: string | null
}

interface Entry {
  at: number
  value: Promise<string | null>
}

/**
 * The platform variables of a reply (${title} ${viewers} ${followage}; ${game} and ${channel}
 * come from what the bot already knows), each read at most once per TTL per channel (per
 * viewer for follow ages), concurrent asks sharing one call. A failed or missing value is null
 * (the template shows "(unknown)"); it never fails the reply.
 */
export function createPlatformValues(deps: { channels: ChannelsService; platforms: Platforms; now: () => Date }) {
  const { channels, platforms, now } = deps
  const cache = new Map<string, Entry>()
  const stats = { calls: 0 }

  function cached(key: string, ttl: number, load: () => Promise<string | null>): Promise<string | null> {
    const t = now().getTime()
    const hit = cache.get(key)
    if (hit && t - hit.at < ttl) return hit.value
    if (cache.size >= MAX_ENTRIES) cache.clear()
    stats.calls++
    const value = load().catch(() => null)
    cache.set(key, { at: t, value })
    return value
  }

  const asBroadcaster = <T>(row: ChannelRow, fn: (token: string, broadcasterId: string) => Promise<T>) =>
    channels.actAs(row.id, 'broadcaster', (as) => fn(as.token, as.broadcasterId))

  async function title(row: ChannelRow): Promise<string | null> {
    const client = await platforms.of(row)
    if (client instanceof TwitchClient || client instanceof KickClient) return asBroadcaster(row, (token, id) => client.channelTitle(token, id))
    return null
  }

  async function viewers(row: ChannelRow, state: BotState): Promise<string | null> {
    if (!state.live) return 'offline'
    const client = await platforms.of(row)
    if (!(client instanceof TwitchClient || client instanceof KickClient)) return null
    const v = await asBroadcaster(row, (token, id) => client.liveViewers(token, id, 0))
    if (!v.live) return 'offline'
    return v.viewers === null ? null : String(v.viewers)
  }

  /**
   * When a viewer followed the channel: a date, null when they do not follow, undefined when
   * the platform cannot say (Kick publishes no follow dates; a failed call). Cached per viewer.
   */
  const follows = new Map<string, { at: number; value: Promise<Date | null | undefined> }>()
  function followedAt(row: ChannelRow, viewerId: string): Promise<Date | null | undefined> {
    const key = `${row.id}:${viewerId}`
    const t = now().getTime()
    const hit = follows.get(key)
    if (hit && t - hit.at < FOLLOW_VALUE_TTL_MS) return hit.value
    if (follows.size >= MAX_ENTRIES) follows.clear()
    stats.calls++
    const value = (async () => {
      const client = await platforms.of(row)
      if (!(client instanceof TwitchClient)) return undefined
      return asBroadcaster(row, (token, id) => client.followedAt(token, id, viewerId))
    })().catch(() => undefined)
    follows.set(key, { at: t, value })
    return value
  }

  async function followage(row: ChannelRow, viewerId: string): Promise<string | null> {
    if (viewerId === row.platformUserId) return 'the broadcaster'
    const at = await followedAt(row, viewerId)
    if (at === undefined) return null
    return at ? formatFollowAge(at, now()) : 'not following'
  }

  async function resolve(row: ChannelRow, names: readonly PlatformVariable[], viewerId: string, state: BotState) {
    const out: Partial<Record<PlatformVariable, string | null>> = {}
    await Promise.all(
      names.map(async (name) => {
        switch (name) {
          case 'channel':
            out.channel = row.displayName
            return
          case 'game':
            out.game = state.category
            return
          case 'title':
            out.title = await cached(`t:${row.id}`, STREAM_VALUE_TTL_MS, () => title(row))
            return
          case 'viewers':
            out.viewers = await cached(`v:${row.id}:${state.live}`, STREAM_VALUE_TTL_MS, () => viewers(row, state))
            return
          case 'followage':
            out.followage = await followage(row, viewerId)
        }
      }),
    )
    return out
  }

  return {
    resolve,
    followedAt,
    stats,
    clear: () => {
      cache.clear()
      follows.clear()
    },
  }
}

export type PlatformValues = ReturnType<typeof createPlatformValues>
