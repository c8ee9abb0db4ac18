import { AppError } from '../../errors'
import { licenceExpired } from '../licences/licence-expiry'
import { DAY, SYNC_CLIP_DAYS } from './videos-model'
import { fetchAndStore } from './media-fetch'
import type { VideosDeps } from './videos.deps'

/**
 * The scheduled sync of one channel (the shared scheduler calls it): the channel's videos
 * and the clips of the last SYNC_CLIP_DAYS days. Kick channels and channels whose owner's
 * licence has expired are skipped (no request). Helix's rate-limit headers are kept by the
 * client (it waits for the reset, retries a 429 twice); a lasting 429 throws RATE_LIMITED
 * so the scheduler backs off.
 */
/** One sync per channel at a time in this process: a second caller shares the first one's result. */
export function syncChannel(deps: VideosDeps, channelId: number): Promise<{ requests: number; rows: number }> {
  const { running } = deps
  const current = running.get(channelId)
  if (current) return current
  const p = syncOnce(deps, channelId).finally(() => running.delete(channelId))
  running.set(channelId, p)
  return p
}

export async function syncOnce(deps: VideosDeps, channelId: number): Promise<{ requests: number; rows: number }> {
  const { db, now, channels } = deps
  const channel = await channels.byId(channelId)
  if (!channel) throw new AppError('NOT_FOUND', 'Channel not found')
  if (channel.platform !== 'twitch') return { requests: 0, rows: 0 }
  if (await licenceExpired(db, channel.userId, now())) return { requests: 0, rows: 0 }
  const to = now()
  return fetchAndStore(deps, channel, { from: new Date(to.getTime() - SYNC_CLIP_DAYS * DAY), to })
}
