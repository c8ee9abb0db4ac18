import { and, desc, gte, inArray, lt, sql } from 'drizzle-orm'
import type { PlatformName } from '../../platforms/types'
import { followerEvents, followerTotals } from '../followers/followers.tables'
import { checkRange, type AnalyticsDeps, type ChannelFollowers, type GrowthPoint, type Interval, type RangeInput, type StreamStat } from './analytics-deps'
import { streamSessions } from './analytics.tables'

/** The caller's channels (one, or all of a platform); a foreign channel id is NOT_FOUND. */
async function scope({ channels }: AnalyticsDeps, userId: number, f: { channelId?: string | null; platform?: PlatformName | null }) {
  if (f.channelId) return [await channels.access(userId, f.channelId, 'followers', 'view')]
  const mine = await channels.listForUser(userId)
  return f.platform ? mine.filter((c) => c.platform === f.platform) : mine
}

export async function streamStats(
  deps: AnalyticsDeps,
  userId: number,
  f: { channelId?: string | null; platform?: PlatformName | null } & RangeInput,
): Promise<StreamStat[]> {
  const range = checkRange(f, deps.now())
  const ids = (await scope(deps, userId, f)).map((c) => c.id)
  if (ids.length === 0) return []
  const rows = await deps.db
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

/** The UTC days (or ISO weeks, by their Monday) the range touches, as YYYY-MM-DD: the buckets date_trunc gives. */
export function periodsOf(range: { from: Date; to: Date }, interval: Interval): string[] {
  const DAY = 86_400_000
  let t = Math.floor(range.from.getTime() / DAY) * DAY
  if (interval === 'week') t -= ((new Date(t).getUTCDay() + 6) % 7) * DAY
  const out: string[] = []
  for (; t < range.to.getTime(); t += interval === 'week' ? 7 * DAY : DAY) out.push(new Date(t).toISOString().slice(0, 10))
  return out
}

export async function followDashboard(deps: AnalyticsDeps, userId: number, f: { platform: PlatformName; interval: Interval } & RangeInput) {
  const range = checkRange(f, deps.now())
  const mine = await scope(deps, userId, { platform: f.platform })
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
    deps.db
      .select({ b: bucket, n: sql<number>`count(*)::int` })
      .from(followerEvents)
      .where(inRange)
      .groupBy(bucket),
    deps.db
      .select({ b: totalBucket, channelId: followerTotals.channelId, total: sql<number>`max(${followerTotals.total})::int` })
      .from(followerTotals)
      .where(and(inArray(followerTotals.channelId, ids), gte(followerTotals.at, range.from), lt(followerTotals.at, range.to)))
      .groupBy(totalBucket, followerTotals.channelId),
    deps.db
      .select({ d: sql<number>`extract(isodow from ${followerEvents.followedAt} at time zone 'UTC')::int`, n: sql<number>`count(*)::int` })
      .from(followerEvents)
      .where(inRange)
      .groupBy(sql`1`),
    deps.db
      .select({ h: sql<number>`extract(hour from ${followerEvents.followedAt} at time zone 'UTC')::int`, n: sql<number>`count(*)::int` })
      .from(followerEvents)
      .where(inRange)
      .groupBy(sql`1`),
    deps.db
      .select({ channelId: followerEvents.channelId, n: sql<number>`count(*)::int` })
      .from(followerEvents)
      .where(inRange)
      .groupBy(followerEvents.channelId),
    deps.db
      .selectDistinctOn([followerTotals.channelId], { channelId: followerTotals.channelId, total: followerTotals.total })
      .from(followerTotals)
      .where(inArray(followerTotals.channelId, ids))
      .orderBy(followerTotals.channelId, desc(followerTotals.day)),
    streamStats(deps, userId, { platform: f.platform, from: range.from, to: range.to }),
  ])
  const allEvents = await deps.db
    .select({ channelId: followerEvents.channelId, n: sql<number>`count(*)::int` })
    .from(followerEvents)
    .where(inArray(followerEvents.channelId, ids))
    .groupBy(followerEvents.channelId)
  // One point per day (or week) of the range, those without a follow included: the chart shows the range, not only its busy days.
  const points = new Map(periodsOf(range, f.interval).map((b): [string, GrowthPoint] => [b, { at: new Date(`${b}T00:00:00Z`), newFollowers: 0, total: null }]))
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
