import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, gt, inArray, lt, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { idInput } from '../../http/input'
import { parseId } from '../../ids'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import type { HelixScheduleSegment } from '../../platforms/twitch/twitch.client'
import { PlatformRequestError } from '../../platforms/types'
import type { Principal } from '../../permissions/abilities'
import { parseInput } from '../../validation'
import type { ChannelsService } from '../channels/channels.service'
import type { ChannelRow } from '../channels/channels.tables'
import {
  calendarEvents,
  calendarFeeds,
  calendarNames,
  eventCalendars,
  STREAM_CALENDAR,
  type CalendarEventRow,
  type CalendarName,
  type EventCalendar,
} from './calendar.tables'

export const MAX_TITLE_LENGTH = 200
export const MAX_STREAM_TITLE_LENGTH = 140
export const MAX_TEXT_LENGTH = 5000
export const MAX_LOCATION_LENGTH = 300
export const MAX_URL_LENGTH = 2000
export const MAX_GUESTS = 20
export const MAX_GUEST_LENGTH = 100
/** Events one list answers at most (a range wider than this shows the earliest). */
export const MAX_EVENTS = 2000
export const MIN_STREAM_MINUTES = 30
export const MAX_STREAM_MINUTES = 1380
export const SCHEDULE_SCOPE = 'channel:manage:schedule'
/** Stream segments read per channel and list (Helix pages of 25). */
export const MAX_SEGMENTS = 100
const DAY_MS = 86_400_000
const MIN_YEAR = 1900
const MAX_YEAR = 2200

/** An event as the spec shows it (section 3), with the fields the template's dialog adds. */
export interface EventView {
  id: number | string
  url: string
  title: string
  /** ISO 8601 UTC instant; a date (YYYY-MM-DD) for an all-day event. */
  start: string
  /** As start; an all-day event's end date is exclusive. */
  end: string
  allDay: boolean
  extendedProps: {
    calendar: CalendarName
    guests: string[]
    location: string
    description: string
    /** Stream segments: the Twitch channel (the product's id) they belong to. */
    channelId?: string
    channelName?: string
    /** Stream segments the product may not change (connected before the schedule scope). */
    readOnly?: boolean
  }
}

export interface EventList {
  events: EventView[]
  /** Stream schedules that could not be read, by channel name. */
  warnings: string[]
}

export interface ListEventsArgs {
  calendars?: string | string[] | null
  start?: string | null
  end?: string | null
}

/** The flat input of a create or an update (REST's {event} is flattened by the REST shim). */
export interface EventInput {
  title?: unknown
  start?: unknown
  end?: unknown
  allDay?: unknown
  url?: unknown
  calendar?: unknown
  guests?: unknown
  location?: unknown
  description?: unknown
  channelId?: unknown
  timezone?: unknown
}

const fail = (field: string, message: string): never => {
  throw new AppError('BAD_USER_INPUT', message, { [field]: [message] })
}

const inYears = (d: Date) => d.getUTCFullYear() >= MIN_YEAR && d.getUTCFullYear() <= MAX_YEAR

/** A date (YYYY-MM-DD) as its UTC midnight; a date-time's own date part, whatever its offset. */
function parseDay(v: string, field: string): Date {
  const m = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(v)
  if (!m) return fail(field, `${field} must be a date (YYYY-MM-DD)`)
  const d = new Date(`${m[1]}T00:00:00Z`)
  if (Number.isNaN(d.getTime()) || !d.toISOString().startsWith(m[1]!) || !inYears(d)) return fail(field, `${field} is not a calendar date`)
  if (m[2] !== undefined) parseInstant(v, field)
  return d
}

/** An ISO 8601 date-time with its offset (Z or ±hh:mm): a time without one names no instant. */
function parseInstant(v: string, field: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.exec(v)
  if (!m) return fail(field, `${field} must be a date and time with its offset, e.g. 2026-05-01T18:00:00Z`)
  const d = new Date(v)
  const [, y, mo, da, h, mi, s] = m.map(Number) as number[]
  const valid =
    !Number.isNaN(d.getTime()) &&
    mo! >= 1 &&
    mo! <= 12 &&
    da! >= 1 &&
    da! <= new Date(Date.UTC(y!, mo!, 0)).getUTCDate() &&
    h! <= 23 &&
    mi! <= 59 &&
    (Number.isNaN(s!) || s! <= 59)
  if (!valid || !inYears(d)) return fail(field, `${field} is not a valid date and time`)
  return d
}

const text = (max: number, what: string) => z.string({ message: `${what} must be text` }).max(max, `${what} has at most ${max} characters`)
const fields = {
  title: z
    .string({ message: 'The title must be text' })
    .trim()
    .min(1, 'The title is empty')
    .max(MAX_TITLE_LENGTH, `A title has at most ${MAX_TITLE_LENGTH} characters`),
  start: z.string({ message: 'start must be a date or a date and time' }).max(40),
  end: z.union([z.string({ message: 'end must be a date or a date and time' }).max(40), z.null()]),
  allDay: z.boolean({ message: 'allDay is true or false' }),
  url: text(MAX_URL_LENGTH, 'The URL')
    .trim()
    .refine((u) => u === '' || /^https?:\/\/[^\s]+$/i.test(u), 'The URL must start with http:// or https://')
    .refine((u) => {
      if (u === '') return true
      try {
        new URL(u)
        return true
      } catch {
        return false
      }
    }, 'The URL is not valid'),
  calendar: z.enum(calendarNames, { message: `calendar is one of ${calendarNames.join(', ')}` }),
  guests: z
    .array(
      z
        .string({ message: 'A guest is a name or an e-mail address' })
        .trim()
        .min(1, 'A guest has a name')
        .max(MAX_GUEST_LENGTH, `A guest has at most ${MAX_GUEST_LENGTH} characters`),
      {
        message: 'guests is a list of names or e-mail addresses',
      },
    )
    .max(MAX_GUESTS, `At most ${MAX_GUESTS} guests`)
    .transform((g) => [...new Set(g)]),
  location: text(MAX_LOCATION_LENGTH, 'The location'),
  description: text(MAX_TEXT_LENGTH, 'The description'),
  channelId: idInput('int8', 'channelId is a channel id'),
  timezone: z
    .string({ message: 'timezone is an IANA time zone name' })
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz })
        return tz.length > 0
      } catch {
        return false
      }
    }, 'timezone is an IANA time zone name, e.g. Europe/Berlin'),
}
const createSchema = z.object({
  title: fields.title,
  start: fields.start,
  end: fields.end.optional(),
  allDay: fields.allDay.optional(),
  url: fields.url.optional(),
  calendar: fields.calendar,
  guests: fields.guests.optional(),
  location: fields.location.optional(),
  description: fields.description.optional(),
  channelId: fields.channelId.optional(),
  timezone: fields.timezone.optional(),
})
const updateSchema = createSchema.partial()
type Parsed = z.infer<typeof updateSchema>

const listSchema = z.object({
  calendars: z
    .array(z.enum(calendarNames, { message: `calendars are some of ${calendarNames.join(', ')}` }))
    .max(20)
    .nullish(),
  start: z.string().max(40).nullish(),
  end: z.string().max(40).nullish(),
})

/** A moment or a day as the REST shape writes it. */
const isoInstant = (d: Date) => d.toISOString()
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** Stream event ids: `stream-<channel id>-<segment id, base64url>` (segment ids are opaque base64). */
const streamId = (channelId: number, segmentId: string) => `stream-${channelId}-${Buffer.from(segmentId, 'utf8').toString('base64url')}`
const parseStreamId = (id: string): { channelId: number; segmentId: string } | null => {
  const m = /^stream-(\d{1,15})-([A-Za-z0-9_-]{1,400})$/.exec(id)
  if (!m) return null
  return { channelId: Number(m[1]), segmentId: Buffer.from(m[2]!, 'base64url').toString('utf8') }
}

export const hashFeedToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/**
 * The stream calendar (spec sections 3 and 7, /apps/calendar): each user's own events in the
 * five calendars, stored as UTC instants; and the stream schedule of each connected Twitch
 * channel of the user (Helix GET /schedule, POST/PATCH/DELETE /schedule/segment with
 * channel:manage:schedule) shown as the calendar "Stream" and changed from it. Nobody sees
 * another user's events: their ids read as missing. The iCalendar feed's secret is stored
 * as its SHA-256 only.
 */
export function createCalendarService(deps: { db: Db; log: Logger; now: () => Date; channels: ChannelsService; platforms: Platforms; publicUrl: string }) {
  const { db, log, now, channels, platforms } = deps
  const twitchFor = async (channel: { sandbox: boolean }) => (await platforms.twitchOf(channel)).twitch

  const toView = (r: CalendarEventRow): EventView => ({
    id: r.id,
    url: r.url,
    title: r.title,
    start: r.allDay ? isoDay(r.startAt) : isoInstant(r.startAt),
    end: r.allDay ? isoDay(r.endAt) : isoInstant(r.endAt),
    allDay: r.allDay,
    extendedProps: { calendar: r.calendar, guests: r.guests, location: r.location, description: r.description },
  })

  const segmentView = (channel: ChannelRow, seg: HelixScheduleSegment, editable: boolean): EventView => ({
    id: streamId(channel.id, seg.id),
    url: channel.sandbox ? '' : `https://www.twitch.tv/${channel.login}/schedule`,
    title: seg.title || seg.category?.name || channel.login,
    start: new Date(seg.start_time).toISOString(),
    end: new Date(seg.end_time).toISOString(),
    allDay: false,
    extendedProps: {
      calendar: STREAM_CALENDAR,
      guests: [],
      location: seg.category?.name ?? '',
      description: seg.canceled_until ? 'Cancelled' : '',
      channelId: String(channel.id),
      channelName: channel.login,
      ...(editable ? {} : { readOnly: true }),
    },
  })

  async function twitchChannels(actor: Principal): Promise<ChannelRow[]> {
    return (await channels.listForUser(actor.userId)).filter((c) => c.platform === 'twitch')
  }

  async function canEdit(channel: ChannelRow) {
    return (await channels.account(channel.id, 'broadcaster'))?.scopes.includes(SCHEDULE_SCOPE) ?? false
  }

  const platformFailure = (e: unknown): never => {
    if (e instanceof PlatformRequestError) throw new AppError('PLATFORM_ERROR', e.message)
    throw e
  }

  /** The segments of one channel that end after `from` and start before `to`. */
  async function segmentsOf(channel: ChannelRow, from: Date, to: Date | null): Promise<EventView[]> {
    const editable = await canEdit(channel)
    const out: EventView[] = []
    let cursor: string | null = null
    do {
      const page = await channels.actAs(channel.id, 'broadcaster', async (as) =>
        (await twitchFor(channel)).schedulePage(as.token, as.broadcasterId, { startTime: from, first: 25, after: cursor }),
      )
      for (const seg of page.data) {
        if (to && new Date(seg.start_time) >= to) return out
        out.push(segmentView(channel, seg, editable))
      }
      cursor = page.cursor
    } while (cursor && out.length < MAX_SEGMENTS)
    return out
  }

  function parseRange(a: { start?: string | null; end?: string | null }): { from: Date | null; to: Date | null } {
    const at = (v: string | null | undefined, field: string) => (!v ? null : /^\d{4}-\d{2}-\d{2}$/.test(v) ? parseDay(v, field) : parseInstant(v, field))
    const from = at(a.start, 'start')
    const to = at(a.end, 'end')
    if (from && to && to < from) fail('end', 'The end is before the start')
    return { from, to }
  }

  async function list(actor: Principal, args: ListEventsArgs = {}): Promise<EventList> {
    const raw =
      typeof args.calendars === 'string'
        ? args.calendars
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : args.calendars
    const a = parseInput(listSchema, { ...args, calendars: raw }, 'query')
    const wanted = new Set<CalendarName>(a.calendars ?? calendarNames)
    const { from, to } = parseRange(a)
    const stored = eventCalendars.filter((c) => wanted.has(c))
    const conds: Array<SQL | undefined> = [eq(calendarEvents.ownerId, actor.userId), inArray(calendarEvents.calendar, stored)]
    if (from) conds.push(gt(calendarEvents.endAt, from))
    if (to) conds.push(lt(calendarEvents.startAt, to))
    const rows = stored.length
      ? await db
          .select()
          .from(calendarEvents)
          .where(and(...conds))
          .orderBy(asc(calendarEvents.startAt), asc(calendarEvents.id))
          .limit(MAX_EVENTS)
      : []
    const events = rows.map(toView)
    const warnings: string[] = []
    if (wanted.has(STREAM_CALENDAR)) {
      for (const channel of await twitchChannels(actor)) {
        try {
          events.push(...(await segmentsOf(channel, from ?? now(), to)))
        } catch (e) {
          log.warn({ err: e, channelId: channel.id }, 'calendar: stream schedule not read')
          warnings.push(channel.login)
        }
      }
    }
    return { events, warnings }
  }

  /** Checks start and end together: the stored instants, or a coded error naming the field. */
  function times(allDay: boolean, startRaw: string, endRaw: string | null | undefined): { startAt: Date; endAt: Date } {
    if (allDay) {
      const startAt = parseDay(startRaw, 'start')
      let endAt = endRaw ? parseDay(endRaw, 'end') : new Date(startAt.getTime() + DAY_MS)
      if (endAt < startAt) fail('end', 'The end is before the start')
      // An all-day end is exclusive: an end on the start day means that one day.
      if (endAt.getTime() === startAt.getTime()) endAt = new Date(startAt.getTime() + DAY_MS)
      return { startAt, endAt }
    }
    const startAt = parseInstant(startRaw, 'start')
    const endAt = endRaw ? parseInstant(endRaw, 'end') : startAt
    if (endAt < startAt) fail('end', 'The end is before the start')
    return { startAt, endAt }
  }

  function checkInput(input: unknown, schema: typeof createSchema | typeof updateSchema): Parsed {
    if (!input || typeof input !== 'object' || Array.isArray(input)) fail('event', 'An event is an object')
    return parseInput(schema, input, 'event')
  }

  async function getStored(actor: Principal, id: number): Promise<CalendarEventRow | null> {
    const [row] = await db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.id, id), eq(calendarEvents.ownerId, actor.userId)))
    return row ?? null
  }

  async function get(actor: Principal, idRaw: string | number): Promise<EventView | null> {
    const id = parseId(idRaw)
    if (id !== null) {
      const row = await getStored(actor, id)
      return row ? toView(row) : null
    }
    const sid = parseStreamId(String(idRaw))
    if (!sid) return null
    const channel = (await twitchChannels(actor)).find((c) => c.id === sid.channelId)
    if (!channel) return null
    const seg = await channels
      .actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(channel)).scheduleSegment(as.token, as.broadcasterId, sid.segmentId))
      .catch(platformFailure)
    return seg ? segmentView(channel, seg, await canEdit(channel)) : null
  }

  /** The segment's Helix fields from the event's: timed, 30 minutes to 23 hours, titled ≤ 140. */
  function segmentInput(v: { title: string; start: string; end?: string | null; allDay?: boolean; timezone?: string }) {
    if (v.allDay) fail('allDay', 'A stream segment has a start and an end time, it cannot be all-day')
    if (v.title.length > MAX_STREAM_TITLE_LENGTH) fail('title', `A stream title has at most ${MAX_STREAM_TITLE_LENGTH} characters`)
    const { startAt, endAt } = times(false, v.start, v.end)
    const minutes = Math.round((endAt.getTime() - startAt.getTime()) / 60_000)
    if (minutes < MIN_STREAM_MINUTES || minutes > MAX_STREAM_MINUTES) fail('end', `A stream segment lasts ${MIN_STREAM_MINUTES} minutes to 23 hours`)
    return { startTime: startAt, timezone: v.timezone ?? 'UTC', durationMinutes: minutes, title: v.title }
  }

  async function streamChannel(actor: Principal, channelId: string | number | undefined): Promise<ChannelRow> {
    const mine = await twitchChannels(actor)
    const channel = channelId === undefined ? (mine.length === 1 ? mine[0] : undefined) : mine.find((c) => c.id === Number(channelId))
    if (!channel) {
      if (channelId !== undefined || mine.length === 0) fail('channelId', 'Connect a Twitch channel to plan streams')
      fail('channelId', 'Choose which Twitch channel the stream is on')
    }
    if (!(await canEdit(channel!)))
      throw new AppError('PLATFORM_ERROR', `The channel was connected before the stream calendar was offered; reconnect it to grant ${SCHEDULE_SCOPE}`)
    return channel!
  }

  async function create(actor: Principal, input: unknown): Promise<EventView> {
    const v = checkInput(input, createSchema) as z.infer<typeof createSchema>
    if (v.calendar === STREAM_CALENDAR) {
      const channel = await streamChannel(actor, v.channelId)
      const seg = await channels
        .actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(channel)).createSegment(as, segmentInput(v)))
        .catch(platformFailure)
      return segmentView(channel, seg, true)
    }
    if (v.channelId !== undefined) fail('channelId', 'Only stream events belong to a channel')
    const allDay = v.allDay ?? false
    const { startAt, endAt } = times(allDay, v.start, v.end)
    const at = now()
    const [row] = await db
      .insert(calendarEvents)
      .values({
        ownerId: actor.userId,
        title: v.title,
        startAt,
        endAt,
        allDay,
        url: v.url ?? '',
        calendar: v.calendar,
        guests: v.guests ?? [],
        location: v.location ?? '',
        description: v.description ?? '',
        createdAt: at,
        updatedAt: at,
      })
      .returning()
    return toView(row!)
  }

  /** Changes the fields given; null when the caller has no such event. */
  async function update(actor: Principal, idRaw: string | number, input: unknown): Promise<EventView | null> {
    const v = checkInput(input, updateSchema)
    const id = parseId(idRaw)
    if (id === null) {
      const current = await get(actor, idRaw)
      if (!current) return null
      if (v.calendar !== undefined && v.calendar !== STREAM_CALENDAR) fail('calendar', 'A stream segment stays on the Stream calendar')
      if (current.extendedProps.readOnly) throw new AppError('PLATFORM_ERROR', `Reconnect the channel to grant ${SCHEDULE_SCOPE}`)
      const sid = parseStreamId(String(idRaw))!
      const channel = (await twitchChannels(actor)).find((c) => c.id === sid.channelId)!
      const seg = await channels
        .actAs(channel.id, 'broadcaster', async (as) =>
          (await twitchFor(channel)).updateSegment(
            as,
            sid.segmentId,
            segmentInput({
              title: v.title ?? current.title,
              start: v.start ?? current.start,
              end: v.end === undefined ? current.end : v.end,
              allDay: v.allDay,
              timezone: v.timezone,
            }),
          ),
        )
        .catch(platformFailure)
      return seg ? segmentView(channel, seg, true) : null
    }
    const row = await getStored(actor, id)
    if (!row) return null
    if (v.calendar === STREAM_CALENDAR) fail('calendar', 'Create a new stream event to plan a stream')
    if (v.channelId !== undefined) fail('channelId', 'Only stream events belong to a channel')
    const allDay = v.allDay ?? row.allDay
    const current = toView(row)
    // Switching between all-day and timed takes the other kind of start and end; a new start
    // without an end keeps the event's length.
    const startRaw = v.start ?? (allDay === row.allDay ? current.start : allDay ? current.start.slice(0, 10) : `${current.start.slice(0, 10)}T00:00:00Z`)
    const keepLength = v.start !== undefined && v.end === undefined && allDay === row.allDay
    const checked = times(allDay, startRaw, v.end !== undefined ? v.end : v.start !== undefined || allDay !== row.allDay ? null : current.end)
    const startAt = checked.startAt
    const endAt = keepLength ? new Date(startAt.getTime() + (row.endAt.getTime() - row.startAt.getTime())) : checked.endAt
    const set: Partial<typeof calendarEvents.$inferInsert> = { updatedAt: now(), startAt, endAt, allDay }
    if (v.title !== undefined) set.title = v.title
    if (v.url !== undefined) set.url = v.url
    if (v.calendar !== undefined) set.calendar = v.calendar as EventCalendar
    if (v.guests !== undefined) set.guests = v.guests
    if (v.location !== undefined) set.location = v.location
    if (v.description !== undefined) set.description = v.description
    const [updated] = await db
      .update(calendarEvents)
      .set(set)
      .where(and(eq(calendarEvents.id, id), eq(calendarEvents.ownerId, actor.userId)))
      .returning()
    return updated ? toView(updated) : null
  }

  /** Deletes the event (a stream segment on Twitch); null when the caller has no such event. */
  async function remove(actor: Principal, idRaw: string | number): Promise<EventView | null> {
    const id = parseId(idRaw)
    if (id === null) {
      const current = await get(actor, idRaw)
      if (!current) return null
      if (current.extendedProps.readOnly) throw new AppError('PLATFORM_ERROR', `Reconnect the channel to grant ${SCHEDULE_SCOPE}`)
      const sid = parseStreamId(String(idRaw))!
      const channel = (await twitchChannels(actor)).find((c) => c.id === sid.channelId)!
      const gone = await channels
        .actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(channel)).deleteSegment(as, sid.segmentId))
        .catch(platformFailure)
      return gone ? current : null
    }
    const [row] = await db
      .delete(calendarEvents)
      .where(and(eq(calendarEvents.id, id), eq(calendarEvents.ownerId, actor.userId)))
      .returning()
    return row ? toView(row) : null
  }

  // ---- iCalendar feed ----

  async function feed(actor: Principal): Promise<{ active: boolean; createdAt: Date | null }> {
    const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, actor.userId))
    return { active: Boolean(row), createdAt: row?.createdAt ?? null }
  }

  /** A new secret for the feed URL (the previous URL stops working); shown only now. */
  async function rotateFeed(actor: Principal): Promise<{ token: string; createdAt: Date }> {
    const token = randomBytes(32).toString('base64url')
    const createdAt = now()
    await db
      .insert(calendarFeeds)
      .values({ userId: actor.userId, tokenHash: hashFeedToken(token), createdAt })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashFeedToken(token), createdAt } })
    return { token, createdAt }
  }

  async function revokeFeed(actor: Principal): Promise<boolean> {
    const gone = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.userId)).returning({ userId: calendarFeeds.userId })
    return gone.length > 0
  }

  /** The feed's owner and stored events by the URL's secret; null for an unknown or revoked one. */
  async function feedEvents(token: string): Promise<{ events: CalendarEventRow[]; stamp: Date } | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
    const [owner] = await db
      .select({ userId: calendarFeeds.userId })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.tokenHash, hashFeedToken(token)))
    if (!owner) return null
    const events = await db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.ownerId, owner.userId))
      .orderBy(asc(calendarEvents.startAt), asc(calendarEvents.id))
      .limit(MAX_EVENTS)
    return { events, stamp: now() }
  }

  return { list, get, create, update, remove, feed, rotateFeed, revokeFeed, feedEvents, publicUrl: deps.publicUrl.replace(/\/$/, '') }
}

export type CalendarService = ReturnType<typeof createCalendarService>
