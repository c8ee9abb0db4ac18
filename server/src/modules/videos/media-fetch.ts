/** Reading a channel's videos and clips from Helix into the cache. */
import { and, eq, gte, lt, notInArray } from 'drizzle-orm'
import { AppError } from '../../errors'
import type { HelixClip, HelixVideo, TwitchClient } from '../../platforms/twitch/twitch.client'
import { PlatformRequestError, type ActingAs } from '../../platforms/types'
import type { ChannelRow } from '../channels/channels.tables'
import { channelClips, channelVideos, mediaSync, type MediaSyncRow } from './videos.tables'
import { HELIX_CAP, MIN_WINDOW_MS, MAX_VIDEO_PAGES, UPSERT_CHUNK, videoRow, clipRow, chunks, changed, excluded } from './videos-model'
import type { VideosDeps } from './videos.deps'

// A sandbox channel is read from the in-process sandbox, never from the real Twitch.
export const twitchFor = async (deps: VideosDeps, channel: { sandbox: boolean }): Promise<TwitchClient> => (await deps.platforms.twitchOf(channel)).twitch

export async function syncRow(deps: VideosDeps, channelId: number): Promise<MediaSyncRow | null> {
  const { db } = deps
  const [row] = await db.select().from(mediaSync).where(eq(mediaSync.channelId, channelId)).limit(1)
  return row ?? null
}

export async function writeSync(deps: VideosDeps, channelId: number, set: Partial<MediaSyncRow>) {
  const { db } = deps
  await db
    .insert(mediaSync)
    .values({ channelId, ...set })
    .onConflictDoUpdate({ target: mediaSync.channelId, set })
}

export const counted = async <T>(counter: { requests: number }, call: () => Promise<T>) => {
  counter.requests++
  return call()
}

/** Every video of the channel (all types), page by page. */
export async function fetchVideos(twitch: TwitchClient, as: ActingAs, counter: { requests: number }): Promise<HelixVideo[]> {
  const out: HelixVideo[] = []
  let after: string | null = null
  for (let i = 0; i < MAX_VIDEO_PAGES; i++) {
    const page = await counted(counter, () => twitch.videosPage(as.token, as.broadcasterId, { after }))
    out.push(...page.data)
    after = page.cursor
    if (!after) break
  }
  return out
}

/**
 * The clips made in [from, to): paged until Helix gives no cursor; a window that reached
 * Helix's cap is read again as two halves (down to one hour), so long ranges stay complete.
 */
export async function fetchClips(twitch: TwitchClient, as: ActingAs, from: Date, to: Date, counter: { requests: number }, out: HelixClip[]): Promise<void> {
  const window: HelixClip[] = []
  let after: string | null = null
  do {
    const page = await counted(counter, () => twitch.clipsPage(as.token, as.broadcasterId, { startedAt: from, endedAt: to, after }))
    window.push(...page.data)
    after = page.cursor
  } while (after)
  const span = to.getTime() - from.getTime()
  if (window.length >= HELIX_CAP && span > MIN_WINDOW_MS) {
    const mid = new Date(from.getTime() + Math.floor(span / 2))
    await fetchClips(twitch, as, from, mid, counter, out)
    await fetchClips(twitch, as, mid, to, counter, out)
    return
  }
  out.push(...window)
}

/** Reads the channel's videos and the clips of the range from Helix and stores them; nothing changes when a call fails. */
export async function fetchAndStore(deps: VideosDeps, channel: ChannelRow, range: { from: Date; to: Date }): Promise<{ requests: number; rows: number }> {
  const { db, log, now, channels } = deps
  const counter = { requests: 0 }
  const twitch = await twitchFor(deps, channel)
  try {
    const read = () =>
      channels.actAs(channel.id, 'broadcaster', async (as) => {
        const clipList: HelixClip[] = []
        const videoList = await fetchVideos(twitch, as, counter)
        await fetchClips(twitch, as, range.from, range.to, counter, clipList)
        return { videos: videoList, clips: clipList }
      })
    // A dropped connection (status 0) is read once more; any other failure is final for this run.
    const { videos, clips } = await read().catch((e: unknown) => {
      if (e instanceof PlatformRequestError && e.status === 0) return read()
      throw e
    })
    const at = now()
    const previous = await syncRow(deps, channel.id)
    const rows = await db.transaction(async (tx) => {
      const vRows = videos.map((v) => videoRow(channel.id, v, at))
      const cRows = [...new Map(clips.map((c) => [c.id, clipRow(channel.id, c, at)])).values()]
      // Only new or changed rows are written (an unchanged video or clip costs no row write).
      let written = 0
      const videoCols = ['type', 'title', 'url', 'thumbnail_url', 'view_count', 'duration_seconds', 'created_at']
      for (const part of chunks(vRows, UPSERT_CHUNK)) {
        const done = await tx
          .insert(channelVideos)
          .values(part)
          .onConflictDoUpdate({
            target: [channelVideos.channelId, channelVideos.videoId],
            set: excluded([...videoCols, 'fetched_at']),
            setWhere: changed('channel_videos', videoCols),
          })
          .returning({ id: channelVideos.videoId })
        written += done.length
      }
      const clipCols = ['title', 'url', 'thumbnail_url', 'creator_name', 'video_id', 'view_count', 'duration_seconds', 'created_at']
      for (const part of chunks(cRows, UPSERT_CHUNK)) {
        const done = await tx
          .insert(channelClips)
          .values(part)
          .onConflictDoUpdate({
            target: [channelClips.channelId, channelClips.clipId],
            set: excluded([...clipCols, 'fetched_at']),
            setWhere: changed('channel_clips', clipCols),
          })
          .returning({ id: channelClips.clipId })
        written += done.length
      }
      // What the platform no longer lists (deleted there) leaves the cache: every video, and the clips of the range read.
      const videoIds = vRows.map((v) => v.videoId)
      await tx
        .delete(channelVideos)
        .where(and(eq(channelVideos.channelId, channel.id), videoIds.length ? notInArray(channelVideos.videoId, videoIds) : undefined))
      const clipIds = cRows.map((c) => c.clipId)
      await tx
        .delete(channelClips)
        .where(
          and(
            eq(channelClips.channelId, channel.id),
            gte(channelClips.createdAt, range.from),
            lt(channelClips.createdAt, range.to),
            clipIds.length ? notInArray(channelClips.clipId, clipIds) : undefined,
          ),
        )
      const clipsFrom = previous?.clipsFrom && previous.clipsFrom < range.from ? previous.clipsFrom : range.from
      const set = { syncedAt: at, clipsFrom, lastError: null, lastErrorAt: null }
      await tx
        .insert(mediaSync)
        .values({ channelId: channel.id, ...set })
        .onConflictDoUpdate({ target: mediaSync.channelId, set })
      return written
    })
    return { requests: counter.requests, rows }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    await writeSync(deps, channel.id, { lastError: message.slice(0, 500), lastErrorAt: now() }).catch(() => {})
    log.warn({ channelId: channel.id, err: message }, 'video and clip sync failed')
    if (e instanceof AppError) throw e
    if (e instanceof PlatformRequestError && e.status === 429) throw new AppError('RATE_LIMITED', 'Twitch asks to slow down; try again in a minute')
    throw new AppError('PLATFORM_ERROR', e instanceof PlatformRequestError ? e.message : 'Twitch could not be read')
  }
}
