import { and, asc, desc, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import type { SyncJob } from '../../worker/sync-scheduler'
import type { HelixClip, HelixVideo, TwitchClient } from '../../platforms/twitch/twitch.client'
import { PlatformRequestError, type ActingAs } from '../../platforms/types'
import type { ChannelsService } from '../channels/channels.service'
import type { ChannelRow } from '../channels/channels.tables'
import { licenceExpired } from '../licences/licence-expiry'
import {
  channelClips,
  channelVideos,
  mediaSync,
  videoTypes,
  type ChannelClipRow,
  type ChannelVideoRow,
  type MediaSyncRow,
  type VideoType,
} from './videos.tables'

const DAY = 86_400_000
/** Twitch went live in June 2011: no video or clip is older. */
export const EARLIEST_MEDIA = new Date('2011-06-01T00:00:00Z')
/** The longest date range one query, refresh or dashboard may span. */
export const MAX_RANGE_DAYS = 366
/** Helix stops paging one query near this many results; a window that reaches it is split. */
export const HELIX_CAP = 1000
/** A window is not split below this length (a burst of clips within one hour is read as far as Helix pages). */
const MIN_WINDOW_MS = 3600_000
/** The scheduled sync reads the clips of this many past days (videos are read whole). */
export const SYNC_CLIP_DAYS = 30
/** The page reads through to the platform when the cache is older than this. */
const STALE_MS = 60 * 60_000
const MAX_VIDEO_PAGES = 50
const UPSERT_CHUNK = 500

export const CLIP_POLL_TIMEOUT_MS = 15_000
const CLIP_POLL_INTERVAL_MS = 1000

export const mediaSorts = ['date', 'views', 'duration'] as const
export type MediaSort = (typeof mediaSorts)[number]

export interface MediaRangeInput {
  from?: Date | string | null
  to?: Date | string | null
}
export interface MediaFilter extends MediaRangeInput {
  type?: VideoType | null
  sort?: MediaSort | null
  first?: number | null
}

export interface ClipCreation {
  outcome: 'created' | 'refused' | 'timeout'
  /** The platform's HTTP status (202 while it was still processing at the timeout). */
  status: number
  message: string
  clip: ChannelClipRow | null
}

export interface MediaView {
  channel: ChannelRow
  supported: boolean
  sync: MediaSyncRow | null
}

/** "1h2m3s" → 3723. */
export function parseHelixDuration(text: string): number {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text.trim())
  if (!m) return 0
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0)
}

const bad = (message: string, field = 'range') => new AppError('BAD_USER_INPUT', message, { [field]: [message] })

const dateInput = z.union([z.date(), z.string().max(40)]).nullish()
const filterSchema = z.object({
  from: dateInput,
  to: dateInput,
  type: z.enum(videoTypes).nullish(),
  sort: z.enum(mediaSorts).nullish(),
  first: z.number().int().min(1).max(500).nullish(),
})

/**
 * A date range checked as every entry point needs it: within Twitch's lifetime and not
 * past tomorrow, ending after it starts, at most MAX_RANGE_DAYS long. Defaults: the last
 * `defaultDays` days up to now.
 */
export function checkRange(input: MediaRangeInput, now: Date, defaultDays: number): { from: Date; to: Date } {
  const asDate = (v: Date | string | null | undefined, field: string) => {
    if (v === null || v === undefined || v === '') return null
    const d = v instanceof Date ? v : new Date(v)
    if (Number.isNaN(d.getTime())) throw bad('Not a date', field)
    return d
  }
  const to = asDate(input.to, 'to') ?? now
  const from = asDate(input.from, 'from') ?? new Date(to.getTime() - defaultDays * DAY)
  if (from < EARLIEST_MEDIA || to < EARLIEST_MEDIA || from.getTime() > now.getTime() + DAY || to.getTime() > now.getTime() + DAY) {
    throw bad(`Dates must lie between ${EARLIEST_MEDIA.toISOString().slice(0, 10)} and tomorrow`)
  }
  if (to <= from) throw bad('The range ends before it starts')
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY) throw bad(`A range spans at most ${MAX_RANGE_DAYS} days`)
  return { from, to }
}

const videoRow = (channelId: number, v: HelixVideo, at: Date) => ({
  channelId,
  videoId: v.id,
  type: (videoTypes as readonly string[]).includes(v.type) ? v.type : 'archive',
  title: v.title ?? '',
  url: v.url,
  thumbnailUrl: v.thumbnail_url ?? '',
  viewCount: Math.max(0, Math.round(v.view_count ?? 0)),
  durationSeconds: parseHelixDuration(v.duration ?? ''),
  createdAt: new Date(v.created_at),
  fetchedAt: at,
})

const clipRow = (channelId: number, c: HelixClip, at: Date) => ({
  channelId,
  clipId: c.id,
  title: c.title ?? '',
  url: c.url,
  thumbnailUrl: c.thumbnail_url ?? '',
  creatorName: c.creator_name ?? '',
  videoId: c.video_id || null,
  viewCount: Math.max(0, Math.round(c.view_count ?? 0)),
  durationSeconds: Math.round(c.duration ?? 0),
  createdAt: new Date(c.created_at),
  fetchedAt: at,
})

const chunks = <T>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size))

/**
 * The VOD and clip library (/pages/VOD) and the video dashboard: a Twitch channel's videos
 * and clips read from Helix through the channel's broadcaster token, cached per channel in
 * the database (upserted), served from there so a platform outage leaves the page full.
 * Kick documents no VOD or clip API: its channels are "not supported", never fetched.
 */
export function createVideosService(deps: {
  db: Db
  log: Logger
  now: () => Date
  channels: ChannelsService
  platforms: Platforms
  /** Waits between polls of a new clip (tests pass one that moves their clock). */
  sleep?: (ms: number) => Promise<void>
  clipPollMs?: number
}) {
  const { db, log, now, channels, platforms } = deps
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  // A sandbox channel is read from the in-process sandbox, never from the real Twitch.
  const twitchFor = async (channel: { sandbox: boolean }): Promise<TwitchClient> => (await platforms.twitchOf(channel)).twitch

  async function syncRow(channelId: number): Promise<MediaSyncRow | null> {
    const [row] = await db.select().from(mediaSync).where(eq(mediaSync.channelId, channelId)).limit(1)
    return row ?? null
  }

  async function writeSync(channelId: number, set: Partial<MediaSyncRow>) {
    await db
      .insert(mediaSync)
      .values({ channelId, ...set })
      .onConflictDoUpdate({ target: mediaSync.channelId, set })
  }

  const counted = async <T>(counter: { requests: number }, call: () => Promise<T>) => {
    counter.requests++
    return call()
  }

  /** Every video of the channel (all types), page by page. */
  async function fetchVideos(twitch: TwitchClient, as: ActingAs, counter: { requests: number }): Promise<HelixVideo[]> {
    const out: HelixVideo[] = []
    let after: string | null = null
    for (let i = 0; i < MAX_VIDEO_PAGES; i++) {
      const page = await counted(counter, () => twitch.videosPage(as.token, as.broadcasterId, { after }))
      out.push(...page.data)
      after = page.cursor
      if (!after) break
    }
    return out
  }

  /**
   * The clips made in [from, to): paged until Helix gives no cursor; a window that reached
   * Helix's cap is read again as two halves (down to one hour), so long ranges stay complete.
   */
  async function fetchClips(twitch: TwitchClient, as: ActingAs, from: Date, to: Date, counter: { requests: number }, out: HelixClip[]): Promise<void> {
    const window: HelixClip[] = []
    let after: string | null = null
    do {
      const page = await counted(counter, () => twitch.clipsPage(as.token, as.broadcasterId, { startedAt: from, endedAt: to, after }))
      window.push(...page.data)
      after = page.cursor
    } while (after)
    const span = to.getTime() - from.getTime()
    if (window.length >= HELIX_CAP && span > MIN_WINDOW_MS) {
      const mid = new Date(from.getTime() + Math.floor(span / 2))
      await fetchClips(twitch, as, from, mid, counter, out)
      await fetchClips(twitch, as, mid, to, counter, out)
      return
    }
    out.push(...window)
  }

  /** Reads the channel's videos and the clips of the range from Helix and stores them; nothing changes when a call fails. */
  async function fetchAndStore(channel: ChannelRow, range: { from: Date; to: Date }): Promise<{ requests: number; rows: number }> {
    const counter = { requests: 0 }
    const twitch = await twitchFor(channel)
    try {
      const read = () =>
        channels.actAs(channel.id, 'broadcaster', async (as) => {
          const clipList: HelixClip[] = []
          const videoList = await fetchVideos(twitch, as, counter)
          await fetchClips(twitch, as, range.from, range.to, counter, clipList)
          return { videos: videoList, clips: clipList }
        })
      // A dropped connection (status 0) is read once more; any other failure is final for this run.
      const { videos, clips } = await read().catch((e: unknown) => {
        if (e instanceof PlatformRequestError && e.status === 0) return read()
        throw e
      })
      const at = now()
      const previous = await syncRow(channel.id)
      const rows = await db.transaction(async (tx) => {
        const vRows = videos.map((v) => videoRow(channel.id, v, at))
        const cRows = [...new Map(clips.map((c) => [c.id, clipRow(channel.id, c, at)])).values()]
        // Only new or changed rows are written (an unchanged video or clip costs no row write).
        let written = 0
        const videoCols = ['type', 'title', 'url', 'thumbnail_url', 'view_count', 'duration_seconds', 'created_at']
        for (const part of chunks(vRows, UPSERT_CHUNK)) {
          const done = await tx
            .insert(channelVideos)
            .values(part)
            .onConflictDoUpdate({
              target: [channelVideos.channelId, channelVideos.videoId],
              set: excluded([...videoCols, 'fetched_at']),
              setWhere: changed('channel_videos', videoCols),
            })
            .returning({ id: channelVideos.videoId })
          written += done.length
        }
        const clipCols = ['title', 'url', 'thumbnail_url', 'creator_name', 'video_id', 'view_count', 'duration_seconds', 'created_at']
        for (const part of chunks(cRows, UPSERT_CHUNK)) {
          const done = await tx
            .insert(channelClips)
            .values(part)
            .onConflictDoUpdate({
              target: [channelClips.channelId, channelClips.clipId],
              set: excluded([...clipCols, 'fetched_at']),
              setWhere: changed('channel_clips', clipCols),
            })
            .returning({ id: channelClips.clipId })
          written += done.length
        }
        // What the platform no longer lists (deleted there) leaves the cache: every video, and the clips of the range read.
        const videoIds = vRows.map((v) => v.videoId)
        await tx
          .delete(channelVideos)
          .where(and(eq(channelVideos.channelId, channel.id), videoIds.length ? notInArray(channelVideos.videoId, videoIds) : undefined))
        const clipIds = cRows.map((c) => c.clipId)
        await tx
          .delete(channelClips)
          .where(
            and(
              eq(channelClips.channelId, channel.id),
              gte(channelClips.createdAt, range.from),
              lt(channelClips.createdAt, range.to),
              clipIds.length ? notInArray(channelClips.clipId, clipIds) : undefined,
            ),
          )
        const clipsFrom = previous?.clipsFrom && previous.clipsFrom < range.from ? previous.clipsFrom : range.from
        const set = { syncedAt: at, clipsFrom, lastError: null, lastErrorAt: null }
        await tx
          .insert(mediaSync)
          .values({ channelId: channel.id, ...set })
          .onConflictDoUpdate({ target: mediaSync.channelId, set })
        return written
      })
      return { requests: counter.requests, rows }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      await writeSync(channel.id, { lastError: message.slice(0, 500), lastErrorAt: now() }).catch(() => {})
      log.warn({ channelId: channel.id, err: message }, 'video and clip sync failed')
      if (e instanceof AppError) throw e
      if (e instanceof PlatformRequestError && e.status === 429) throw new AppError('RATE_LIMITED', 'Twitch asks to slow down; try again in a minute')
      throw new AppError('PLATFORM_ERROR', e instanceof PlatformRequestError ? e.message : 'Twitch could not be read')
    }
  }

  /**
   * The scheduled sync of one channel (the shared scheduler calls it): the channel's videos
   * and the clips of the last SYNC_CLIP_DAYS days. Kick channels and channels whose owner's
   * licence has expired are skipped (no request). Helix's rate-limit headers are kept by the
   * client (it waits for the reset, retries a 429 twice); a lasting 429 throws RATE_LIMITED
   * so the scheduler backs off.
   */
  const running = new Map<number, Promise<{ requests: number; rows: number }>>()
  /** One sync per channel at a time in this process: a second caller shares the first one's result. */
  function syncChannel(channelId: number): Promise<{ requests: number; rows: number }> {
    const current = running.get(channelId)
    if (current) return current
    const p = syncOnce(channelId).finally(() => running.delete(channelId))
    running.set(channelId, p)
    return p
  }

  async function syncOnce(channelId: number): Promise<{ requests: number; rows: number }> {
    const channel = await channels.byId(channelId)
    if (!channel) throw new AppError('NOT_FOUND', 'Channel not found')
    if (channel.platform !== 'twitch') return { requests: 0, rows: 0 }
    if (await licenceExpired(db, channel.userId, now())) return { requests: 0, rows: 0 }
    const to = now()
    return fetchAndStore(channel, { from: new Date(to.getTime() - SYNC_CLIP_DAYS * DAY), to })
  }

  /** The library of a channel; reads through to the platform when the cache is empty or stale (failures are kept, not thrown). */
  async function media(userId: number, channelId: number | string): Promise<MediaView> {
    const channel = await channels.owned(userId, channelId)
    if (channel.platform !== 'twitch') return { channel, supported: false, sync: null }
    let sync = await syncRow(channel.id)
    const stale = !sync?.syncedAt || now().getTime() - sync.syncedAt.getTime() > STALE_MS
    if (stale && !(await licenceExpired(db, channel.userId, now()))) {
      await syncChannel(channel.id).catch(() => {})
      sync = await syncRow(channel.id)
    }
    return { channel, supported: true, sync }
  }

  function parseFilter(filter: MediaFilter | null | undefined) {
    const parsed = filterSchema.safeParse(filter ?? {})
    if (!parsed.success) throw bad(parsed.error.issues.map((i) => i.message).join('; '), 'filter')
    return { ...parsed.data, ...checkRange(parsed.data, now(), MAX_RANGE_DAYS) }
  }

  async function videos(view: MediaView, filter?: MediaFilter | null): Promise<{ total: number; items: ChannelVideoRow[] }> {
    const f = parseFilter(filter)
    if (!view.supported) return { total: 0, items: [] }
    const where = and(
      eq(channelVideos.channelId, view.channel.id),
      gte(channelVideos.createdAt, f.from),
      lt(channelVideos.createdAt, f.to),
      f.type ? eq(channelVideos.type, f.type) : undefined,
    )
    const order = { date: channelVideos.createdAt, views: channelVideos.viewCount, duration: channelVideos.durationSeconds }[f.sort ?? 'date']
    const [items, [{ n } = { n: 0 }]] = await Promise.all([
      db
        .select()
        .from(channelVideos)
        .where(where)
        .orderBy(desc(order), asc(channelVideos.videoId))
        .limit(f.first ?? 100),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(channelVideos)
        .where(where),
    ])
    return { total: n, items }
  }

  async function clips(view: MediaView, filter?: MediaFilter | null): Promise<{ total: number; items: ChannelClipRow[] }> {
    const f = parseFilter(filter)
    if (!view.supported) return { total: 0, items: [] }
    const where = and(eq(channelClips.channelId, view.channel.id), gte(channelClips.createdAt, f.from), lt(channelClips.createdAt, f.to))
    const order = { date: channelClips.createdAt, views: channelClips.viewCount, duration: channelClips.durationSeconds }[f.sort ?? 'date']
    const [items, [{ n } = { n: 0 }]] = await Promise.all([
      db
        .select()
        .from(channelClips)
        .where(where)
        .orderBy(desc(order), asc(channelClips.clipId))
        .limit(f.first ?? 100),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(channelClips)
        .where(where),
    ])
    return { total: n, items }
  }

  async function twitchChannel(userId: number, channelId: number | string, scope?: string): Promise<ChannelRow> {
    const channel = await channels.owned(userId, channelId)
    if (channel.platform !== 'twitch') throw bad('Kick documents no public API for videos and clips', 'channelId')
    if (scope) {
      const acc = await channels.account(channel.id, 'broadcaster')
      if (!acc?.scopes.includes(scope)) throw new AppError('FORBIDDEN', `Reconnect the channel to grant Twitch's ${scope} permission`)
    }
    return channel
  }

  /** "Refresh": reads the videos and the clips of the range (default: the last SYNC_CLIP_DAYS days) now. */
  async function refresh(userId: number, channelId: number | string, range: MediaRangeInput = {}) {
    const channel = await twitchChannel(userId, channelId)
    const r = checkRange(range, now(), SYNC_CLIP_DAYS)
    if (await licenceExpired(db, channel.userId, now())) throw new AppError('FORBIDDEN', 'Your licence has expired; renew it to refresh videos and clips')
    const result = await fetchAndStore(channel, r)
    return { ...result, syncedAt: now() }
  }

  /**
   * Creates a clip while the stream is live. Helix answers 202 at once and makes the clip
   * asynchronously: GET /clips?id= is polled for up to 15 s. The platform's refusal (403 when
   * the broadcaster restricts clipping, 404 when offline) is answered as it came.
   */
  async function createClip(userId: number, channelId: number | string): Promise<ClipCreation> {
    const channel = await twitchChannel(userId, channelId, 'clips:edit')
    const twitch = await twitchFor(channel)
    const started = await channels.actAs(channel.id, 'broadcaster', (as) => twitch.createClip(as))
    if (!started.ok || !started.id) return { outcome: 'refused', status: started.status, message: started.message, clip: null }
    const clipId = started.id
    const deadline = now().getTime() + CLIP_POLL_TIMEOUT_MS
    while (now().getTime() < deadline) {
      await sleep(deps.clipPollMs ?? CLIP_POLL_INTERVAL_MS)
      const [found] = await channels.actAs(channel.id, 'broadcaster', (as) => twitch.clipsById(as.token, [clipId]))
      if (found) {
        const row = clipRow(channel.id, found, now())
        await db
          .insert(channelClips)
          .values(row)
          .onConflictDoUpdate({ target: [channelClips.channelId, channelClips.clipId], set: { viewCount: row.viewCount, fetchedAt: row.fetchedAt } })
        return { outcome: 'created', status: 200, message: 'Clip created', clip: row }
      }
    }
    return { outcome: 'timeout', status: 202, message: `Twitch did not finish the clip within ${CLIP_POLL_TIMEOUT_MS / 1000} s`, clip: null }
  }

  /** Deletes one of the channel's own videos at Twitch, then from the cache. */
  async function deleteVideo(userId: number, channelId: number | string, videoId: string): Promise<boolean> {
    if (!/^\d{1,20}$/.test(videoId)) throw bad('Not a video id', 'videoId')
    const channel = await twitchChannel(userId, channelId)
    const [row] = await db
      .select({ id: channelVideos.videoId })
      .from(channelVideos)
      .where(and(eq(channelVideos.channelId, channel.id), eq(channelVideos.videoId, videoId)))
      .limit(1)
    if (!row) throw new AppError('NOT_FOUND', 'Video not found')
    const twitch = await twitchFor(await twitchChannel(userId, channelId, 'channel:manage:videos'))
    const result = await channels.actAs(channel.id, 'broadcaster', (as) => twitch.deleteVideos(as, [videoId]))
    if (!result.ok) throw new AppError('PLATFORM_ERROR', `Twitch refused: ${result.message}`)
    await db.delete(channelVideos).where(and(eq(channelVideos.channelId, channel.id), eq(channelVideos.videoId, videoId)))
    return true
  }

  /** The video dashboard: the user's channels' videos and clips in the range, per week, with the most viewed. */
  async function dashboard(userId: number, range: MediaRangeInput = {}) {
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

  /** Scheduler job (Twitch): videos and the last 30 days of clips, hourly (server/src/worker/sync-scheduler.ts). */
  const syncJob: SyncJob = {
    name: 'videos',
    intervalMs: 3_600_000,
    applies: (c) => c.platform === 'twitch',
    run: (channel) => syncChannel(channel.id),
  }

  return { syncChannel, syncJob, media, videos, clips, refresh, createClip, deleteVideo, dashboard }
}

/** `setWhere` for an upsert: only when one of the columns differs from the incoming row. */
function changed(table: string, columns: string[]): SQL {
  return sql.raw(columns.map((c) => `"${table}"."${c}" is distinct from excluded."${c}"`).join(' or '))
}

/** `set` for an upsert: each column takes the incoming row's value. */
function excluded(columns: string[]): Record<string, SQL> {
  const camel = (c: string) => c.replace(/_([a-z])/g, (_, l: string) => l.toUpperCase())
  return Object.fromEntries(columns.map((c) => [camel(c), sql.raw(`excluded."${c}"`)]))
}

export type VideosService = ReturnType<typeof createVideosService>
