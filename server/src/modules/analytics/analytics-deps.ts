import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Platforms } from '../../platforms'
import type { PlatformName } from '../../platforms/types'
import type { ChannelsService } from '../channels/channels.service'

/** How often a live channel's viewer count is read. */
export const VIEWER_SAMPLE_MS = 5 * 60_000
/** A live stream's chat lines reach its session this long after the first uncounted one (one write per channel, not per line). */
export const CHAT_FLUSH_MS = 5_000
/** The longest date range a dashboard shows. */
export const MAX_RANGE_DAYS = 400
const DAY_MS = 86_400_000
/** Nothing is older than this (Twitch went live in 2011). */
const EARLIEST = Date.UTC(2010, 0, 1)

export type Interval = 'day' | 'week'

export interface RangeInput {
  from: Date
  to: Date
}

export interface StreamStat {
  id: number
  channelId: number
  startedAt: Date
  endedAt: Date | null
  category: string | null
  averageViewers: number | null
  peakViewers: number | null
  samples: number
  chatLines: number
  newFollowers: number
}

export interface GrowthPoint {
  at: Date
  newFollowers: number
  /** Sum of the channels' totals as the platform reported them at the end of the period (null: no reading). */
  total: number | null
}

export interface ChannelFollowers {
  channelId: number
  displayName: string
  platform: PlatformName
  /** Twitch: the latest total the platform reported; Kick: follows its webhooks delivered. */
  total: number | null
  newInRange: number
}

/** A range the dashboards accept: from before to, at most MAX_RANGE_DAYS, not before 2010 nor in the future. */
export function checkRange(r: RangeInput, now: Date): RangeInput {
  const from = r.from.getTime()
  const to = r.to.getTime()
  const fail = (m: string) => new AppError('BAD_USER_INPUT', m, { range: [m] })
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw fail('The dates are not valid')
  if (from >= to) throw fail('The start must be before the end')
  if (from < EARLIEST) throw fail('The start is before 2010')
  if (to > now.getTime() + DAY_MS) throw fail('The end is in the future')
  if (to - from > MAX_RANGE_DAYS * DAY_MS) throw fail(`A range spans at most ${MAX_RANGE_DAYS} days`)
  return r
}

/** What createAnalyticsService is given. */
export interface AnalyticsServiceDeps {
  db: Db
  now: () => Date
  channels: ChannelsService
  platforms: Platforms
  sampleMs?: number
  /** How soon counted chat lines are written to the live session; default CHAT_FLUSH_MS. */
  chatFlushMs?: number
}

/** What the analytics use cases share, built once by createAnalyticsService. */
export interface AnalyticsDeps extends AnalyticsServiceDeps {
  /** Chat lines counted in memory per channel, added to the open session now and then (not one write per line). */
  chatCounts: Map<number, number>
  /** The channels whose counted lines have a write scheduled. */
  chatFlushes: Set<number>
}

export const analyticsDeps = (deps: AnalyticsServiceDeps): AnalyticsDeps => ({ ...deps, chatCounts: new Map(), chatFlushes: new Set() })
