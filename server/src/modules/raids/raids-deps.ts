import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import { PlatformRequestError } from '../../platforms/types'
import type { WebhooksService } from '../webhooks/webhooks.module'
import type { ChannelsService } from '../channels/channels.service'
import type { ChannelRow } from '../channels/channels.tables'
import type { RaidRow } from './raids.tables'

export const DAY_MS = 24 * 60 * 60_000
/** Twitch starts a raid 90 s after the request at the latest; a pending raid older than this lost its event. */
export const PENDING_TTL_MS = 10 * 60_000
export const SHOUTOUT_EVERY_MS = 2 * 60_000
export const SHOUTOUT_SAME_TARGET_MS = 60 * 60_000
export const MAX_QUERY_LENGTH = 100
export const SEARCH_RESULTS = 20
export const HISTORY_SIZE = 20
export const RAID_SCOPE = 'channel:manage:raids'
export const SHOUTOUT_SCOPE = 'moderator:manage:shoutouts'

export const queryInput = z
  .string()
  .trim()
  .min(1, 'Type a channel name to search for')
  .max(MAX_QUERY_LENGTH, `A search has at most ${MAX_QUERY_LENGTH} characters`)
/** Twitch user ids are decimal numbers; the sandbox's simulated accounts are `sandbox-…` (see start: each side raids only its own). */
export const SANDBOX_TARGET = /^sandbox-[0-9a-z-]{1,40}$/
export const targetInput = z
  .string()
  .trim()
  .refine((s) => /^\d{1,20}$/.test(s) || SANDBOX_TARGET.test(s), 'Not a Twitch channel id')

/** The raid panel's view of one channel (spec app state raidActive, raidedChannel). */
export interface RaidStateShape {
  supported: boolean
  raidActive: boolean
  raidedChannel: string | null
  pending: RaidRow | null
  limitPer24h: number | null
  usedLast24h: number
  /** When the next raid is allowed; null: now. */
  nextRaidAt: Date | null
}

/** What createRaidsService is given, and what its use cases share. */
export interface RaidsDeps {
  db: Db
  log: Logger
  now: () => Date
  channels: ChannelsService
  platforms: Platforms
  webhooks: WebhooksService
}

/** A sandbox channel raids inside the in-process sandbox, never on the real Twitch. */
export const twitchFor = async ({ platforms }: RaidsDeps, channel: { sandbox: boolean }) => (await platforms.twitchOf(channel)).twitch

/** The caller's channel, which must be a Twitch one (Kick has no raid API). */
export async function twitchChannel(
  { channels }: RaidsDeps,
  userId: number,
  channelId: number | string,
  level: 'view' | 'manage' = 'manage',
): Promise<ChannelRow> {
  const channel = await channels.access(userId, channelId, 'raids', level)
  if (channel.platform !== 'twitch') throw new AppError('BAD_USER_INPUT', "Kick's public API has no raid or host endpoint")
  return channel
}

export const platformFailure = (e: unknown): never => {
  if (e instanceof PlatformRequestError) throw new AppError('PLATFORM_ERROR', e.message)
  throw e
}
