/** The calendar's inputs: days, instants and event fields, validated at the edge. */
import { z } from 'zod'
import { AppError } from '../../errors'
import { idInput } from '../../http/input'
import { calendarNames } from './calendar.tables'
import { MAX_TITLE_LENGTH, MAX_TEXT_LENGTH, MAX_LOCATION_LENGTH, MAX_URL_LENGTH, MAX_GUESTS, MAX_GUEST_LENGTH, MIN_YEAR, MAX_YEAR } from './calendar-model'

export const fail = (field: string, message: string): never => {
  throw new AppError('BAD_USER_INPUT', message, { [field]: [message] })
}

export const inYears = (d: Date) => d.getUTCFullYear() >= MIN_YEAR && d.getUTCFullYear() <= MAX_YEAR

/** A date (YYYY-MM-DD) as its UTC midnight; a date-time's own date part, whatever its offset. */
export function parseDay(v: string, field: string): Date {
  const m = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(v)
  if (!m) return fail(field, `${field} must be a date (YYYY-MM-DD)`)
  const d = new Date(`${m[1]}T00:00:00Z`)
  if (Number.isNaN(d.getTime()) || !d.toISOString().startsWith(m[1]!) || !inYears(d)) return fail(field, `${field} is not a calendar date`)
  if (m[2] !== undefined) parseInstant(v, field)
  return d
}

/** An ISO 8601 date-time with its offset (Z or ±hh:mm): a time without one names no instant. */
export function parseInstant(v: string, field: string): Date {
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

export const text = (max: number, what: string) => z.string({ message: `${what} must be text` }).max(max, `${what} has at most ${max} characters`)
export const fields = {
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
export const createSchema = z.object({
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
export const updateSchema = createSchema.partial()
export type Parsed = z.infer<typeof updateSchema>

export const listSchema = z.object({
  calendars: z
    .array(z.enum(calendarNames, { message: `calendars are some of ${calendarNames.join(', ')}` }))
    .max(20)
    .nullish(),
  start: z.string().max(40).nullish(),
  end: z.string().max(40).nullish(),
})
