import type { RaidEvent } from '../../platforms/types'
import type { ChannelRow } from '../channels/channels.tables'
import { cancel, search, start } from './outgoing'
import { onRaidEvent } from './raid-events'
import { history, stateOf } from './raid-state'
import type { RaidsDeps } from './raids-deps'
import type { RaidRow } from './raids.tables'
import { shoutout, shoutoutBlock } from './shoutouts'

export {
  DAY_MS,
  HISTORY_SIZE,
  MAX_QUERY_LENGTH,
  PENDING_TTL_MS,
  RAID_SCOPE,
  SEARCH_RESULTS,
  SHOUTOUT_EVERY_MS,
  SHOUTOUT_SAME_TARGET_MS,
  SHOUTOUT_SCOPE,
  type RaidStateShape,
} from './raids-deps'

/**
 * Raids through Twitch Helix: search a live channel, start a raid (pending until EventSub
 * channel.raid from this broadcaster confirms it), cancel it; the product rule of the plan's
 * raids per 24 h; shoutouts within Twitch's limits for incoming raids. Kick has no raid API.
 */
export function createRaidsService(deps: RaidsDeps) {
  return {
    search: (userId: number, channelId: number | string, rawQuery: unknown) => search(deps, userId, channelId, rawQuery),
    start: (userId: number, channelId: number | string, rawTarget: unknown) => start(deps, userId, channelId, rawTarget),
    cancel: (userId: number, channelId: number | string) => cancel(deps, userId, channelId),
    stateOf: (channel: ChannelRow) => stateOf(deps, channel),
    onRaidEvent: (channelId: number, ev: RaidEvent) => onRaidEvent(deps, channelId, ev),
    shoutout: (raid: RaidRow) => shoutout(deps, raid),
    shoutoutBlock: (channelId: number, targetId: string, t: Date) => shoutoutBlock(deps, channelId, targetId, t),
    history: (channelId: number, first?: number) => history(deps, channelId, first),
  }
}

export type RaidsService = ReturnType<typeof createRaidsService>
