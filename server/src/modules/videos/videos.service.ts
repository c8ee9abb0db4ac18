import type { SyncJob } from '../../worker/sync-scheduler'
import { bindDeps } from '../../use-cases'
import { createClip, deleteVideo, refresh } from './media-actions'
import { clips, media, videos } from './media-library'
import { syncChannel } from './sync-channel'
import { dashboard } from './video-dashboard'
import type { VideosDeps, VideosOptions } from './videos.deps'

export {
  checkRange,
  CLIP_POLL_TIMEOUT_MS,
  EARLIEST_MEDIA,
  HELIX_CAP,
  MAX_RANGE_DAYS,
  mediaSorts,
  parseHelixDuration,
  SYNC_CLIP_DAYS,
  type ClipCreation,
  type MediaFilter,
  type MediaRangeInput,
  type MediaSort,
  type MediaView,
} from './videos-model'

/**
 * The VOD and clip library (/pages/VOD) and the video dashboard: a Twitch channel's videos
 * and clips read from Helix through the channel's broadcaster token, cached per channel in
 * the database (upserted), served from there so a platform outage leaves the page full.
 * Kick documents no VOD or clip API: its channels are "not supported", never fetched.
 */
export function createVideosService(options: VideosOptions) {
  const deps: VideosDeps = {
    ...options,
    sleep: options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms))),
    running: new Map(),
  }
  const useCases = bindDeps(deps, { syncChannel, media, videos, clips, refresh, createClip, deleteVideo, dashboard })
  /** Scheduler job (Twitch): videos and the last 30 days of clips, hourly (server/src/worker/sync-scheduler.ts). */
  const syncJob: SyncJob = {
    name: 'videos',
    intervalMs: 3_600_000,
    applies: (c) => c.platform === 'twitch',
    run: (channel) => useCases.syncChannel(channel.id),
  }
  return { ...useCases, syncJob }
}

export type VideosService = ReturnType<typeof createVideosService>
