/**
 * The stream schedule of the local Twitch (Helix `GET /schedule`, `POST /schedule/segment`,
 * `PATCH /schedule/segment`, `DELETE /schedule/segment`), as Twitch documents them: segment
 * ids are opaque base64 strings, durations are minutes (30 to 1380), titles at most 140
 * characters, writing needs `channel:manage:schedule` and a token of the broadcaster
 * itself, `GET /schedule` lists the segments that end after `start_time` (default: now),
 * sorted, at most `first` (1 to 25) per page with a cursor, and answers 404 when the
 * broadcaster has no segment. Recurring segments are stored with `is_recurring` but not
 * expanded into weekly occurrences (a simplification of this local server).
 */
import { randomUUID } from 'node:crypto'
import type { HelixScheduleSegment } from '../twitch/twitch.client'
import type { Req, Res } from './http-util'

/** A segment as Helix answers it (the shape the app's Twitch client reads). */
export type ScheduleSegment = HelixScheduleSegment

interface Caller {
  userId: string
  scopes: string[]
}

export const SCHEDULE_SCOPE = 'channel:manage:schedule'
export const MIN_SEGMENT_MINUTES = 30
export const MAX_SEGMENT_MINUTES = 1380
export const MAX_SEGMENT_TITLE = 140

const err = (status: number, message: string): Res => ({
  status,
  body: { error: { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status], status, message },
})

const rfc3339 = (s: unknown): Date | null => {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s)) return null
  const d = new Date(s)
  return Number.isNaN(d.getTime()) ? null : d
}

const validZone = (tz: unknown) => {
  if (typeof tz !== 'string' || !tz) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

const minutesOf = (v: unknown): number | null => {
  const s = typeof v === 'number' ? String(v) : v
  if (typeof s !== 'string' || !/^\d{1,5}$/.test(s)) return null
  const n = Number(s)
  return n >= MIN_SEGMENT_MINUTES && n <= MAX_SEGMENT_MINUTES ? n : null
}

export function createTwitchSchedule(deps: { now: () => number; users: Map<string, { id: string; login: string; displayName: string }> }) {
  /** broadcaster → segments */
  const schedules = new Map<string, ScheduleSegment[]>()
  const categories: Record<string, string> = { '509658': 'Just Chatting', '509670': 'Science & Technology', '26936': 'Music' }

  const envelope = (broadcasterId: string, segments: ScheduleSegment[]) => {
    const b = deps.users.get(broadcasterId)
    return { segments, broadcaster_id: broadcasterId, broadcaster_name: b?.displayName ?? '', broadcaster_login: b?.login ?? '', vacation: null }
  }

  const writer = (req: Req, caller: Caller): Res | string => {
    const b = req.query.get('broadcaster_id') ?? ''
    if (!b) return err(400, 'Missing required parameter "broadcaster_id"')
    if (!caller.scopes.includes(SCHEDULE_SCOPE)) return err(401, `Missing scope: ${SCHEDULE_SCOPE}`)
    if (b !== caller.userId) return err(403, 'The broadcaster_id must match the user ID in the access token')
    return b
  }

  const categoryOf = (id: unknown): ScheduleSegment['category'] | undefined => {
    if (id === undefined || id === null || id === '') return null
    if (typeof id !== 'string' || !categories[id]) return undefined
    return { id, name: categories[id]! }
  }

  function handle(req: Req, p: string, caller: Caller): Res | null {
    if (p === '/schedule' && req.method === 'GET') {
      const q = req.query
      const b = q.get('broadcaster_id') ?? ''
      if (!b) return err(400, 'Missing required parameter "broadcaster_id"')
      const first = Number(q.get('first') ?? '20')
      if (!Number.isInteger(first) || first < 1 || first > 25) return err(400, 'The value in the "first" field is not valid')
      const startRaw = q.get('start_time')
      const from = startRaw === null ? new Date(deps.now()) : rfc3339(startRaw)
      if (!from) return err(400, 'The value in the "start_time" field is not valid')
      const all = schedules.get(b) ?? []
      if (all.length === 0) return err(404, 'segments were not found')
      const ids = q.getAll('id')
      const matching = (ids.length ? all.filter((s) => ids.includes(s.id)) : all.filter((s) => new Date(s.end_time) > from)).sort(
        (x, y) => x.start_time.localeCompare(y.start_time) || x.id.localeCompare(y.id),
      )
      const after = q.get('after')
      const offset = after ? Number(Buffer.from(after, 'base64url').toString()) : 0
      if (!Number.isInteger(offset) || offset < 0) return err(400, 'The cursor is not valid')
      const page = matching.slice(offset, offset + first)
      const next = offset + first < matching.length ? Buffer.from(String(offset + first)).toString('base64url') : null
      return { status: 200, body: { data: envelope(b, page), pagination: next ? { cursor: next } : {} } }
    }
    if (p === '/schedule/segment' && req.method === 'POST') {
      const b = writer(req, caller)
      if (typeof b !== 'string') return b
      const body = req.json() as Record<string, unknown>
      const start = rfc3339(body.start_time)
      if (!start) return err(400, 'The value in the "start_time" field is not valid')
      if (!validZone(body.timezone)) return err(400, 'The value in the "timezone" field is not valid')
      const minutes = body.duration === undefined ? 240 : minutesOf(body.duration)
      if (minutes === null) return err(400, 'The value in the "duration" field is not valid')
      if (body.title !== undefined && (typeof body.title !== 'string' || body.title.length > MAX_SEGMENT_TITLE))
        return err(400, 'The value in the "title" field is not valid')
      const category = categoryOf(body.category_id)
      if (category === undefined) return err(400, 'The value in the "category_id" field is not valid')
      const seg: ScheduleSegment = {
        // Twitch's ids are base64 JSON naming the segment and its ISO week.
        id: Buffer.from(JSON.stringify({ segmentID: randomUUID(), isoYear: start.getUTCFullYear(), isoWeek: 1 })).toString('base64'),
        start_time: start.toISOString().replace('.000Z', 'Z'),
        end_time: new Date(start.getTime() + minutes * 60_000).toISOString().replace('.000Z', 'Z'),
        title: (body.title as string | undefined) ?? '',
        canceled_until: null,
        category,
        is_recurring: body.is_recurring === true,
      }
      schedules.set(b, [...(schedules.get(b) ?? []), seg])
      return { status: 200, body: { data: envelope(b, [seg]) } }
    }
    if (p === '/schedule/segment' && req.method === 'PATCH') {
      const b = writer(req, caller)
      if (typeof b !== 'string') return b
      const list = schedules.get(b) ?? []
      const seg = list.find((s) => s.id === req.query.get('id'))
      if (!seg) return err(404, 'Segment not found')
      const body = req.json() as Record<string, unknown>
      const start = body.start_time === undefined ? new Date(seg.start_time) : rfc3339(body.start_time)
      if (!start) return err(400, 'The value in the "start_time" field is not valid')
      if (body.timezone !== undefined && !validZone(body.timezone)) return err(400, 'The value in the "timezone" field is not valid')
      const minutes = body.duration === undefined ? Math.round((Date.parse(seg.end_time) - Date.parse(seg.start_time)) / 60_000) : minutesOf(body.duration)
      if (minutes === null) return err(400, 'The value in the "duration" field is not valid')
      if (body.title !== undefined && (typeof body.title !== 'string' || body.title.length > MAX_SEGMENT_TITLE))
        return err(400, 'The value in the "title" field is not valid')
      const category = body.category_id === undefined ? seg.category : categoryOf(body.category_id)
      if (category === undefined) return err(400, 'The value in the "category_id" field is not valid')
      seg.start_time = start.toISOString().replace('.000Z', 'Z')
      seg.end_time = new Date(start.getTime() + minutes * 60_000).toISOString().replace('.000Z', 'Z')
      if (typeof body.title === 'string') seg.title = body.title
      seg.category = category
      if (body.is_canceled !== undefined) seg.canceled_until = body.is_canceled === true ? seg.end_time : null
      return { status: 200, body: { data: envelope(b, [seg]) } }
    }
    if (p === '/schedule/segment' && req.method === 'DELETE') {
      const b = writer(req, caller)
      if (typeof b !== 'string') return b
      const list = schedules.get(b) ?? []
      const i = list.findIndex((s) => s.id === req.query.get('id'))
      if (i < 0) return err(404, 'Segment not found')
      list.splice(i, 1)
      return { status: 204 }
    }
    return null
  }

  return {
    handle,
    /** The broadcaster's segments as Twitch holds them. */
    segmentsOf(broadcasterId: string): readonly ScheduleSegment[] {
      return [...(schedules.get(broadcasterId) ?? [])]
    },
    /** A segment made on Twitch itself (outside the product). */
    addSegment(broadcasterId: string, s: { start: Date; minutes: number; title: string; recurring?: boolean }): ScheduleSegment {
      const seg: ScheduleSegment = {
        id: Buffer.from(JSON.stringify({ segmentID: randomUUID(), isoYear: s.start.getUTCFullYear(), isoWeek: 1 })).toString('base64'),
        start_time: s.start.toISOString().replace('.000Z', 'Z'),
        end_time: new Date(s.start.getTime() + s.minutes * 60_000).toISOString().replace('.000Z', 'Z'),
        title: s.title,
        canceled_until: null,
        category: null,
        is_recurring: s.recurring ?? false,
      }
      schedules.set(broadcasterId, [...(schedules.get(broadcasterId) ?? []), seg])
      return seg
    },
  }
}
