import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm'
import { AppError } from '../../errors'
import type { ChannelRow } from '../channels/channels.tables'
import { licenceExpired } from '../licences/licence-expiry'
import { channelClips, channelVideos, type ChannelClipRow, type ChannelVideoRow } from './videos.tables'
import { MAX_RANGE_DAYS, STALE_MS, type MediaFilter, type MediaView, bad, filterSchema, checkRange } from './videos-model'
import { syncRow } from './media-fetch'
import { syncChannel } from './sync-channel'
import type { VideosDeps } from './videos.deps'

/** The library of a channel; reads through to the platform when the cache is empty or stale (failures are kept, not thrown). */
export async function media(deps: VideosDeps, userId: number, channelId: number | string): Promise<MediaView> {
  const { db, now, channels } = deps
  const channel = await channels.access(userId, channelId, 'videos', 'view')
  if (channel.platform !== 'twitch') return { channel, supported: false, sync: null }
  let sync = await syncRow(deps, channel.id)
  // A sandbox channel's platform runs in this process (no request costs anything): its library is
  // read on every load, so a clip made in the test console is listed at once, without "Refresh".
  const stale = channel.sandbox || !sync?.syncedAt || now().getTime() - sync.syncedAt.getTime() > STALE_MS
  if (stale && !(await licenceExpired(db, channel.userId, now()))) {
    await syncChannel(deps, channel.id).catch(() => {})
    sync = await syncRow(deps, channel.id)
  }
  return { channel, supported: true, sync }
}

export function parseFilter(deps: VideosDeps, filter: MediaFilter | null | undefined) {
  const { now } = deps
  const parsed = filterSchema.safeParse(filter ?? {})
  if (!parsed.success) throw bad(parsed.error.issues.map((i) => i.message).join('; '), 'filter')
  return { ...parsed.data, ...checkRange(parsed.data, now(), MAX_RANGE_DAYS) }
}

export async function videos(deps: VideosDeps, view: MediaView, filter?: MediaFilter | null): Promise<{ total: number; items: ChannelVideoRow[] }> {
  const { db } = deps
  const f = parseFilter(deps, filter)
  if (!view.supported) return { total: 0, items: [] }
  const where = and(
    eq(channelVideos.channelId, view.channel.id),
    gte(channelVideos.createdAt, f.from),
    lt(channelVideos.createdAt, f.to),
    f.type ? eq(channelVideos.type, f.type) : undefined,
  )
  const order = { date: channelVideos.createdAt, views: channelVideos.viewCount, duration: channelVideos.durationSeconds }[f.sort ?? 'date']
  const [items, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select()
      .from(channelVideos)
      .where(where)
      .orderBy(desc(order), asc(channelVideos.videoId))
      .limit(f.first ?? 100),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(channelVideos)
      .where(where),
  ])
  return { total: n, items }
}

export async function clips(deps: VideosDeps, view: MediaView, filter?: MediaFilter | null): Promise<{ total: number; items: ChannelClipRow[] }> {
  const { db } = deps
  const f = parseFilter(deps, filter)
  if (!view.supported) return { total: 0, items: [] }
  const where = and(eq(channelClips.channelId, view.channel.id), gte(channelClips.createdAt, f.from), lt(channelClips.createdAt, f.to))
  const order = { date: channelClips.createdAt, views: channelClips.viewCount, duration: channelClips.durationSeconds }[f.sort ?? 'date']
  const [items, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select()
      .from(channelClips)
      .where(where)
      .orderBy(desc(order), asc(channelClips.clipId))
      .limit(f.first ?? 100),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(channelClips)
      .where(where),
  ])
  return { total: n, items }
}

export async function twitchChannel(deps: VideosDeps, userId: number, channelId: number | string, scope?: string): Promise<ChannelRow> {
  const { channels } = deps
  const channel = await channels.access(userId, channelId, 'videos', 'manage')
  if (channel.platform !== 'twitch') throw bad('Kick documents no public API for videos and clips', 'channelId')
  if (scope) {
    const acc = await channels.account(channel.id, 'broadcaster')
    if (!acc?.scopes.includes(scope)) throw new AppError('FORBIDDEN', `Reconnect the channel to grant Twitch's ${scope} permission`)
  }
  return channel
}
