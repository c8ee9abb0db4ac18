import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Platforms } from '../../platforms'
import type { LiveViewers, PlatformName } from '../../platforms/types'
import type { SyncJob } from '../../worker/sync-scheduler'
import type { ChannelsService } from '../channels/channels.service'
import { channels as channelsTable } from '../channels/channels.tables'
import { licenceInForce } from '../licences/licence-expiry'
import { utcDay } from '../users/user-view'
import { followerEvents, followerTotals } from '../followers/followers.tables'
import { streamSessions, viewerSamples, type StreamSessionRow } from './analytics.tables'

/** How often a live channel's viewer count is read. */
export const VIEWER_SAMPLE_MS = 5 * 60_000
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

/**
 * Stream sessions (from stream.online / stream.offline), the platform's viewer counts sampled
 * while live, chat lines the bot received per stream, and the dashboards' figures. Every
 * figure is the platform's own or the bot's own chat; nothing is estimated or added.
 */
export function createAnalyticsService(deps: { db: Db; now: () => Date; channels: ChannelsService; platforms: Platforms; sampleMs?: number }) {
  const { db, now, channels, platforms } = deps
  /** Chat lines counted in memory per channel, added to the open session now and then (not one write per line). */
  const chatCounts = new Map<number, number>()

  async function openSession(channelId: number): Promise<StreamSessionRow | undefined> {
    const [row] = await db
      .select()
      .from(streamSessions)
      .where(and(eq(streamSessions.channelId, channelId), isNull(streamSessions.endedAt)))
      .orderBy(desc(streamSessions.startedAt))
      .limit(1)
    return row
  }

  async function streamOnline(channelId: number, startedAt: Date | null, category: string | null): Promise<number> {
    const open = await openSession(channelId)
    if (open) return 0
    await db.insert(streamSessions).values({ channelId, startedAt: startedAt ?? now(), category })
    return 1
  }

  async function flushChat(channelId: number): Promise<number> {
    const n = chatCounts.get(channelId) ?? 0
    if (!n) return 0
    chatCounts.delete(channelId)
    const updated = await db
      .update(streamSessions)
      .set({ chatLines: sql`${streamSessions.chatLines} + ${n}` })
      .where(and(eq(streamSessions.channelId, channelId), isNull(streamSessions.endedAt)))
      .returning({ id: streamSessions.id })
    return updated.length
  }

  async function streamOffline(channelId: number): Promise<number> {
    const rows = await flushChat(channelId)
    const closed = await db
      .update(streamSessions)
      .set({ endedAt: now() })
      .where(and(eq(streamSessions.channelId, channelId), isNull(streamSessions.endedAt)))
      .returning({ id: streamSessions.id })
    return rows + closed.length
  }

  /** A viewer's chat line the bot received (lines of an offline channel belong to no stream). */
  function countChatLine(channelId: number) {
    chatCounts.set(channelId, (chatCounts.get(channelId) ?? 0) + 1)
  }

  /** Folds one reading of the platform's viewer count in; opens or closes the session when an event was missed. */
  async function recordSample(channelId: number, live: LiveViewers): Promise<number> {
    if (!live.live) return streamOffline(channelId)
    let rows = await streamOnline(channelId, live.startedAt, live.category)
    rows += await flushChat(channelId)
    const session = await openSession(channelId)
    if (!session || live.viewers === null) return rows
    const v = Math.max(0, Math.round(live.viewers))
    await db.insert(viewerSamples).values({ sessionId: session.id, at: now(), viewers: v })
    await db
      .update(streamSessions)
      .set({
        category: sql`coalesce(${streamSessions.category}, ${live.category})`,
        peakViewers: sql`greatest(coalesce(${streamSessions.peakViewers}, 0), ${v})`,
        viewerSum: sql`${streamSessions.viewerSum} + ${v}`,
        samples: sql`${streamSessions.samples} + 1`,
      })
      .where(eq(streamSessions.id, session.id))
    return rows + 2
  }

  const viewersJob: SyncJob = {
    name: 'viewers',
    intervalMs: deps.sampleMs ?? VIEWER_SAMPLE_MS,
    applies: (c) => c.live,
    async run(channel, ctx) {
      // A sandbox channel reads the in-process sandbox, never the real platform.
      const client = channel.platform === 'twitch' ? (await platforms.twitchOf(channel)).twitch : platforms.kick
      const live = await channels.actAs(channel.id, 'broadcaster', (as) => {
        ctx.guard(channel.platform, as.token)
        return client.liveViewers(as.token, as.broadcasterId, ctx.retries)
      })
      return { requests: 1, rows: await recordSample(channel.id, live) }
    },
  }

  /** The caller's channels (one, or all of a platform); a foreign channel id is NOT_FOUND. */
  async function scope(userId: number, f: { channelId?: string | null; platform?: PlatformName | null }) {
    if (f.channelId) return [await channels.owned(userId, f.channelId)]
    const mine = await channels.listForUser(userId)
    return f.platform ? mine.filter((c) => c.platform === f.platform) : mine
  }

  async function streamStats(userId: number, f: { channelId?: string | null; platform?: PlatformName | null } & RangeInput): Promise<StreamStat[]> {
    const range = checkRange(f, now())
    const ids = (await scope(userId, f)).map((c) => c.id)
    if (ids.length === 0) return []
    const rows = await db
      .select({
        s: streamSessions,
        newFollowers: sql<number>`(select count(*)::int from ${followerEvents} f where f.channel_id = ${streamSessions.channelId}
          and f.followed_at >= ${streamSessions.startedAt} and f.followed_at < coalesce(${streamSessions.endedAt}, now()))`,
      })
      .from(streamSessions)
      .where(and(inArray(streamSessions.channelId, ids), gte(streamSessions.startedAt, range.from), lt(streamSessions.startedAt, range.to)))
      .orderBy(desc(streamSessions.startedAt))
      .limit(500)
    return rows.map(({ s, newFollowers }) => ({
      id: s.id,
      channelId: s.channelId,
      startedAt: s.startedAt,
      endedAt: s.endedAt,
      category: s.category,
      averageViewers: s.samples > 0 ? Math.round(s.viewerSum / s.samples) : null,
      peakViewers: s.peakViewers,
      samples: s.samples,
      chatLines: s.chatLines,
      newFollowers: Number(newFollowers),
    }))
  }

  async function followDashboard(userId: number, f: { platform: PlatformName; interval: Interval } & RangeInput) {
    const range = checkRange(f, now())
    const mine = await scope(userId, { platform: f.platform })
    const ids = mine.map((c) => c.id)
    const empty = {
      channels: [] as ChannelFollowers[],
      growth: [] as GrowthPoint[],
      bestDays: [] as Array<{ weekday: number; newFollowers: number }>,
      bestHours: [] as Array<{ hour: number; newFollowers: number }>,
    }
    if (ids.length === 0) return { ...empty, streams: [] as StreamStat[] }
    // A whitelisted literal: a bound parameter would make the grouped expression differ from the selected one.
    const unit = sql.raw(f.interval === 'week' ? `'week'` : `'day'`)
    const inRange = and(inArray(followerEvents.channelId, ids), gte(followerEvents.followedAt, range.from), lt(followerEvents.followedAt, range.to))
    const bucket = sql<string>`to_char(date_trunc(${unit}, ${followerEvents.followedAt} at time zone 'UTC'), 'YYYY-MM-DD')`
    const totalBucket = sql<string>`to_char(date_trunc(${unit}, ${followerTotals.day}::timestamp), 'YYYY-MM-DD')`
    const [perBucket, totals, days, hours, perChannel, latest, streams] = await Promise.all([
      db
        .select({ b: bucket, n: sql<number>`count(*)::int` })
        .from(followerEvents)
        .where(inRange)
        .groupBy(bucket),
      db
        .select({ b: totalBucket, channelId: followerTotals.channelId, total: sql<number>`max(${followerTotals.total})::int` })
        .from(followerTotals)
        .where(and(inArray(followerTotals.channelId, ids), gte(followerTotals.at, range.from), lt(followerTotals.at, range.to)))
        .groupBy(totalBucket, followerTotals.channelId),
      db
        .select({ d: sql<number>`extract(isodow from ${followerEvents.followedAt} at time zone 'UTC')::int`, n: sql<number>`count(*)::int` })
        .from(followerEvents)
        .where(inRange)
        .groupBy(sql`1`),
      db
        .select({ h: sql<number>`extract(hour from ${followerEvents.followedAt} at time zone 'UTC')::int`, n: sql<number>`count(*)::int` })
        .from(followerEvents)
        .where(inRange)
        .groupBy(sql`1`),
      db
        .select({ channelId: followerEvents.channelId, n: sql<number>`count(*)::int` })
        .from(followerEvents)
        .where(inRange)
        .groupBy(followerEvents.channelId),
      db
        .selectDistinctOn([followerTotals.channelId], { channelId: followerTotals.channelId, total: followerTotals.total })
        .from(followerTotals)
        .where(inArray(followerTotals.channelId, ids))
        .orderBy(followerTotals.channelId, desc(followerTotals.day)),
      streamStats(userId, { platform: f.platform, from: range.from, to: range.to }),
    ])
    const allEvents = await db
      .select({ channelId: followerEvents.channelId, n: sql<number>`count(*)::int` })
      .from(followerEvents)
      .where(inArray(followerEvents.channelId, ids))
      .groupBy(followerEvents.channelId)
    const points = new Map<string, GrowthPoint>()
    const point = (b: string) => {
      let p = points.get(b)
      if (!p) points.set(b, (p = { at: new Date(`${b}T00:00:00Z`), newFollowers: 0, total: null }))
      return p
    }
    for (const r of perBucket) point(r.b).newFollowers += Number(r.n)
    for (const r of totals) {
      const p = point(r.b)
      p.total = (p.total ?? 0) + Number(r.total)
    }
    const newBy = new Map(perChannel.map((r) => [r.channelId, Number(r.n)]))
    const totalBy = new Map(latest.map((r) => [r.channelId, r.total]))
    const eventsBy = new Map(allEvents.map((r) => [r.channelId, Number(r.n)]))
    return {
      channels: mine.map((c) => ({
        channelId: c.id,
        displayName: c.displayName,
        platform: c.platform,
        total: c.platform === 'twitch' ? (totalBy.get(c.id) ?? null) : (eventsBy.get(c.id) ?? 0),
        newInRange: newBy.get(c.id) ?? 0,
      })),
      growth: [...points.values()].sort((a, b) => a.at.getTime() - b.at.getTime()),
      bestDays: days.map((r) => ({ weekday: Number(r.d), newFollowers: Number(r.n) })).sort((a, b) => b.newFollowers - a.newFollowers),
      bestHours: hours.map((r) => ({ hour: Number(r.h), newFollowers: Number(r.n) })).sort((a, b) => b.newFollowers - a.newFollowers),
      streams,
    }
  }

  return {
    streamOnline,
    streamOffline,
    countChatLine,
    flushChat,
    recordSample,
    streamStats,
    followDashboard,
    viewersJob,
    syncTargets: () => syncTargets(db, utcDay(now())),
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>

/** The channels the sync scheduler fetches for: every connected channel whose owner's licence has not expired. */
export async function syncTargets(db: Db, today: string) {
  const c = channelsTable
  const rows = await db
    .select({
      id: c.id,
      platform: c.platform,
      sandbox: c.sandbox,
      live: sql<boolean>`(${c.live} or exists (select 1 from ${streamSessions} s where s.channel_id = ${c.id} and s.ended_at is null))`,
    })
    .from(c)
    .where(licenceInForce(c.userId, today))
    .orderBy(c.id)
  return rows.map((r) => ({ id: r.id, platform: r.platform, sandbox: r.sandbox, live: Boolean(r.live) }))
}
