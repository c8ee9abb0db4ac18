/** The library's limits and shapes, the range and filter checks, and the rows Helix answers become. */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '../../errors'
import type { HelixClip, HelixVideo } from '../../platforms/twitch/twitch.client'
import type { ChannelRow } from '../channels/channels.tables'
import { videoTypes, type ChannelClipRow, type MediaSyncRow, type VideoType } from './videos.tables'

export const DAY = 86_400_000
/** Twitch went live in June 2011: no video or clip is older. */
export const EARLIEST_MEDIA = new Date('2011-06-01T00:00:00Z')
/** The longest date range one query, refresh or dashboard may span. */
export const MAX_RANGE_DAYS = 366
/** Helix stops paging one query near this many results; a window that reaches it is split. */
export const HELIX_CAP = 1000
/** A window is not split below this length (a burst of clips within one hour is read as far as Helix pages). */
export const MIN_WINDOW_MS = 3600_000
/** The scheduled sync reads the clips of this many past days (videos are read whole). */
export const SYNC_CLIP_DAYS = 30
/** The page reads through to the platform when the cache is older than this. */
export const STALE_MS = 60 * 60_000
export const MAX_VIDEO_PAGES = 50
export const UPSERT_CHUNK = 500

export const CLIP_POLL_TIMEOUT_MS = 15_000
export const CLIP_POLL_INTERVAL_MS = 1000

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

export const bad = (message: string, field = 'range') => new AppError('BAD_USER_INPUT', message, { [field]: [message] })

export const dateInput = z.union([z.date(), z.string().max(40)]).nullish()
export const filterSchema = z.object({
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

export const videoRow = (channelId: number, v: HelixVideo, at: Date) => ({
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

export const clipRow = (channelId: number, c: HelixClip, at: Date) => ({
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

export const chunks = <T>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size))

/** `setWhere` for an upsert: only when one of the columns differs from the incoming row. */
export function changed(table: string, columns: string[]): SQL {
  return sql.raw(columns.map((c) => `"${table}"."${c}" is distinct from excluded."${c}"`).join(' or '))
}

/** `set` for an upsert: each column takes the incoming row's value. */
export function excluded(columns: string[]): Record<string, SQL> {
  const camel = (c: string) => c.replace(/_([a-z])/g, (_, l: string) => l.toUpperCase())
  return Object.fromEntries(columns.map((c) => [camel(c), sql.raw(`excluded."${c}"`)]))
}
