import { and, eq } from 'drizzle-orm'
import { AppError } from '../../errors'
import { licenceExpired } from '../licences/licence-expiry'
import { channelClips, channelVideos } from './videos.tables'
import { SYNC_CLIP_DAYS, CLIP_POLL_TIMEOUT_MS, CLIP_POLL_INTERVAL_MS, type MediaRangeInput, type ClipCreation, bad, checkRange, clipRow } from './videos-model'
import { twitchFor, fetchAndStore } from './media-fetch'
import { twitchChannel } from './media-library'
import type { VideosDeps } from './videos.deps'

/** "Refresh": reads the videos and the clips of the range (default: the last SYNC_CLIP_DAYS days) now. */
export async function refresh(deps: VideosDeps, userId: number, channelId: number | string, range: MediaRangeInput = {}) {
  const { db, now } = deps
  const channel = await twitchChannel(deps, userId, channelId)
  const r = checkRange(range, now(), SYNC_CLIP_DAYS)
  if (await licenceExpired(db, channel.userId, now())) throw new AppError('FORBIDDEN', 'Your licence has expired; renew it to refresh videos and clips')
  const result = await fetchAndStore(deps, channel, r)
  return { ...result, syncedAt: now() }
}

/**
 * Creates a clip while the stream is live. Helix answers 202 at once and makes the clip
 * asynchronously: GET /clips?id= is polled for up to 15 s. The platform's refusal (403 when
 * the broadcaster restricts clipping, 404 when offline) is answered as it came.
 */
export async function createClip(deps: VideosDeps, userId: number, channelId: number | string): Promise<ClipCreation> {
  const { db, now, channels, sleep } = deps
  const channel = await twitchChannel(deps, userId, channelId, 'clips:edit')
  const twitch = await twitchFor(deps, channel)
  const started = await channels.actAs(channel.id, 'broadcaster', (as) => twitch.createClip(as))
  if (!started.ok || !started.id) return { outcome: 'refused', status: started.status, message: started.message, clip: null }
  const clipId = started.id
  // The platform made a clip: the act is logged whether or not it is ready within the poll.
  await channels.audit(db, { channelId: channel.id, actorId: userId, module: 'videos', action: 'clip.create', after: { clipId } })
  const deadline = now().getTime() + CLIP_POLL_TIMEOUT_MS
  while (now().getTime() < deadline) {
    await sleep(deps.clipPollMs ?? CLIP_POLL_INTERVAL_MS)
    const [found] = await channels.actAs(channel.id, 'broadcaster', (as) => twitch.clipsById(as.token, [clipId]))
    if (found) {
      const row = clipRow(channel.id, found, now())
      await db
        .insert(channelClips)
        .values(row)
        .onConflictDoUpdate({ target: [channelClips.channelId, channelClips.clipId], set: { viewCount: row.viewCount, fetchedAt: row.fetchedAt } })
      return { outcome: 'created', status: 200, message: 'Clip created', clip: row }
    }
  }
  return { outcome: 'timeout', status: 202, message: `Twitch did not finish the clip within ${CLIP_POLL_TIMEOUT_MS / 1000} s`, clip: null }
}

/** Deletes one of the channel's own videos at Twitch, then from the cache. */
export async function deleteVideo(deps: VideosDeps, userId: number, channelId: number | string, videoId: string): Promise<boolean> {
  const { db, channels } = deps
  if (!/^\d{1,20}$/.test(videoId)) throw bad('Not a video id', 'videoId')
  const channel = await twitchChannel(deps, userId, channelId)
  const [row] = await db
    .select({ id: channelVideos.videoId, title: channelVideos.title })
    .from(channelVideos)
    .where(and(eq(channelVideos.channelId, channel.id), eq(channelVideos.videoId, videoId)))
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'Video not found')
  const twitch = await twitchFor(deps, await twitchChannel(deps, userId, channelId, 'channel:manage:videos'))
  const result = await channels.actAs(channel.id, 'broadcaster', (as) => twitch.deleteVideos(as, [videoId]))
  if (!result.ok) throw new AppError('PLATFORM_ERROR', `Twitch refused: ${result.message}`)
  await db.transaction(async (tx) => {
    await tx.delete(channelVideos).where(and(eq(channelVideos.channelId, channel.id), eq(channelVideos.videoId, videoId)))
    await channels.audit(tx, { channelId: channel.id, actorId: userId, module: 'videos', action: 'video.delete', before: { videoId, title: row.title } })
  })
  return true
}
