import { and, asc, desc, gte, inArray, lt, sql } from 'drizzle-orm'
import { channelClips, channelVideos, mediaSync } from './videos.tables'
import { DAY, type MediaRangeInput, checkRange } from './videos-model'
import type { VideosDeps } from './videos.deps'

/** The video dashboard: the user's channels' videos and clips in the range, per week, with the most viewed. */
export async function dashboard(deps: VideosDeps, userId: number, range: MediaRangeInput = {}) {
  const { db, now, channels } = deps
  const r = checkRange(range, now(), 90)
  const mine = await channels.listForUser(userId)
  const ids = mine.filter((c) => c.platform === 'twitch').map((c) => c.id)
  const syncs = ids.length ? await db.select().from(mediaSync).where(inArray(mediaSync.channelId, ids)) : []
  const empty = { weeks: [], topVideos: [], topClips: [], totals: { videos: 0, clips: 0, videoViews: 0, clipViews: 0 } }
  const channelsOut = mine.map((c) => ({
    channel: c,
    supported: c.platform === 'twitch',
    syncedAt: syncs.find((s) => s.channelId === c.id)?.syncedAt ?? null,
  }))
  if (!ids.length) return { from: r.from, to: r.to, channels: channelsOut, ...empty }
  const vIn = and(inArray(channelVideos.channelId, ids), gte(channelVideos.createdAt, r.from), lt(channelVideos.createdAt, r.to))
  const cIn = and(inArray(channelClips.channelId, ids), gte(channelClips.createdAt, r.from), lt(channelClips.createdAt, r.to))
  const week = (col: unknown) => sql<string>`to_char(date_trunc('week', ${col} at time zone 'UTC'), 'YYYY-MM-DD')`
  const [vWeeks, cWeeks, topVideos, topClips] = await Promise.all([
    db
      .select({ week: week(channelVideos.createdAt), n: sql<number>`count(*)::int`, views: sql<number>`coalesce(sum(${channelVideos.viewCount}), 0)::int` })
      .from(channelVideos)
      .where(vIn)
      .groupBy(sql`1`),
    db
      .select({ week: week(channelClips.createdAt), n: sql<number>`count(*)::int`, views: sql<number>`coalesce(sum(${channelClips.viewCount}), 0)::int` })
      .from(channelClips)
      .where(cIn)
      .groupBy(sql`1`),
    db.select().from(channelVideos).where(vIn).orderBy(desc(channelVideos.viewCount), asc(channelVideos.videoId)).limit(10),
    db.select().from(channelClips).where(cIn).orderBy(desc(channelClips.viewCount), asc(channelClips.clipId)).limit(10),
  ])
  const weeks = new Map<string, { week: string; videos: number; clips: number; videoViews: number; clipViews: number }>()
  // Every week of the range, so the chart shows gaps as zero.
  const monday = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)))
  for (let w = monday(r.from); w < r.to; w = new Date(w.getTime() + 7 * DAY)) {
    const key = w.toISOString().slice(0, 10)
    weeks.set(key, { week: key, videos: 0, clips: 0, videoViews: 0, clipViews: 0 })
  }
  for (const v of vWeeks) Object.assign(weeks.get(v.week) ?? {}, { videos: v.n, videoViews: v.views })
  for (const c of cWeeks) Object.assign(weeks.get(c.week) ?? {}, { clips: c.n, clipViews: c.views })
  const list = [...weeks.values()]
  const sum = (k: 'videos' | 'clips' | 'videoViews' | 'clipViews') => list.reduce((a, w) => a + w[k], 0)
  return {
    from: r.from,
    to: r.to,
    channels: channelsOut,
    weeks: list,
    topVideos,
    topClips,
    totals: { videos: sum('videos'), clips: sum('clips'), videoViews: sum('videoViews'), clipViews: sum('clipViews') },
  }
}
