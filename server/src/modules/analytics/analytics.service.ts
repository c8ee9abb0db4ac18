import type { LiveViewers, PlatformName } from '../../platforms/types'
import { utcDay } from '../users/user-view'
import { analyticsDeps, type AnalyticsServiceDeps, type Interval, type RangeInput } from './analytics-deps'
import { followDashboard, streamStats } from './dashboards'
import { countChatLine, flushChat, recordSample, streamOffline, streamOnline, viewersJob } from './sessions'
import { syncTargets } from './sync-targets'

export {
  checkRange,
  MAX_RANGE_DAYS,
  VIEWER_SAMPLE_MS,
  type ChannelFollowers,
  type GrowthPoint,
  type Interval,
  type RangeInput,
  type StreamStat,
} from './analytics-deps'
export { syncTargets } from './sync-targets'

/**
 * Stream sessions (from stream.online / stream.offline), the platform's viewer counts sampled
 * while live, chat lines the bot received per stream, and the dashboards' figures. Every
 * figure is the platform's own or the bot's own chat; nothing is estimated or added.
 */
export function createAnalyticsService(serviceDeps: AnalyticsServiceDeps) {
  const deps = analyticsDeps(serviceDeps)
  return {
    streamOnline: (channelId: number, startedAt: Date | null, category: string | null) => streamOnline(deps, channelId, startedAt, category),
    streamOffline: (channelId: number) => streamOffline(deps, channelId),
    countChatLine: (channelId: number) => countChatLine(deps, channelId),
    flushChat: (channelId: number) => flushChat(deps, channelId),
    recordSample: (channelId: number, live: LiveViewers) => recordSample(deps, channelId, live),
    streamStats: (userId: number, f: { channelId?: string | null; platform?: PlatformName | null } & RangeInput) => streamStats(deps, userId, f),
    followDashboard: (userId: number, f: { platform: PlatformName; interval: Interval } & RangeInput) => followDashboard(deps, userId, f),
    viewersJob: viewersJob(deps),
    syncTargets: () => syncTargets(deps.db, utcDay(deps.now())),
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>
