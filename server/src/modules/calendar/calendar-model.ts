/** The calendar's limits and shapes, the REST date forms, stream event ids and the feed secret's hash. */
import { createHash } from 'node:crypto'
import type { CalendarName } from './calendar.tables'

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
export const DAY_MS = 86_400_000
export const MIN_YEAR = 1900
export const MAX_YEAR = 2200

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

/** A moment or a day as the REST shape writes it. */
export const isoInstant = (d: Date) => d.toISOString()
export const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** Stream event ids: `stream-<channel id>-<segment id, base64url>` (segment ids are opaque base64). */
export const streamId = (channelId: number, segmentId: string) => `stream-${channelId}-${Buffer.from(segmentId, 'utf8').toString('base64url')}`
export const parseStreamId = (id: string): { channelId: number; segmentId: string } | null => {
  const m = /^stream-(\d{1,15})-([A-Za-z0-9_-]{1,400})$/.exec(id)
  if (!m) return null
  return { channelId: Number(m[1]), segmentId: Buffer.from(m[2]!, 'base64url').toString('utf8') }
}

export const hashFeedToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')
