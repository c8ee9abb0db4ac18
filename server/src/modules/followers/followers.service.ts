import type { NewFollower } from '../../platforms/types'
import type { FollowersDeps } from './followers-deps'
import { recordFollow, thankYou } from './follows'
import { list } from './list'
import { settings, settingsOf, updateSettings } from './settings'
import { followersSyncJob, latestTotal, readTotalOnConnect } from './sync-job'

export { DEFAULT_THANKS_TEMPLATE, FOLLOWERS_SYNC_MS, MAX_THANKS_TEMPLATE, THANKS_NAMES, type FollowerItem, type FollowerList } from './followers-deps'
export { thankedNames } from './follows'

/**
 * Followers: the list as the platform gives it (Twitch Helix, cursor paging), follows stored
 * as events (EventSub channel.follow v2, Kick channel.followed, and Twitch's newest page read
 * on a schedule for missed events), the daily total as reported, and the optional thank-you
 * (at most one per follower, ever: the row's thanked_at is claimed atomically).
 */
export function createFollowersService(deps: FollowersDeps) {
  return {
    settings: (userId: number, channelId: number | string) => settings(deps, userId, channelId),
    settingsOf: (channelId: number) => settingsOf(deps, channelId),
    updateSettings: (userId: number, channelId: number | string, raw: unknown) => updateSettings(deps, userId, channelId, raw),
    list: (userId: number, channelId: number | string, firstRaw: number, after: string | null) => list(deps, userId, channelId, firstRaw, after),
    recordFollow: (channelId: number, f: NewFollower, source?: 'event' | 'list') => recordFollow(deps, channelId, f, source),
    thankYou: (channelId: number, followerIds: string[]) => thankYou(deps, channelId, followerIds),
    syncJob: followersSyncJob(deps),
    readTotalOnConnect: (channelId: number) => readTotalOnConnect(deps, channelId),
    latestTotal: (channelId: number) => latestTotal(deps, channelId),
  }
}

export type FollowersService = ReturnType<typeof createFollowersService>
