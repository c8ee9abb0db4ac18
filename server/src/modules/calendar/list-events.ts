import { and, asc, eq, gt, inArray, lt, type SQL } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { parseInput } from '../../validation'
import { calendarEvents, calendarNames, eventCalendars, STREAM_CALENDAR, type CalendarName } from './calendar.tables'
import { MAX_EVENTS, type EventList, type ListEventsArgs } from './calendar-model'
import { listSchema } from './calendar-inputs'
import { toView, twitchChannels, segmentsOf, parseRange } from './calendar-views'
import type { CalendarDeps } from './calendar.deps'

export async function list(deps: CalendarDeps, actor: Principal, args: ListEventsArgs = {}): Promise<EventList> {
  const { db, log, now } = deps
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
    for (const channel of await twitchChannels(deps, actor)) {
      try {
        events.push(...(await segmentsOf(deps, channel, from ?? now(), to)))
      } catch (e) {
        log.warn({ err: e, channelId: channel.id }, 'calendar: stream schedule not read')
        warnings.push(channel.login)
      }
    }
  }
  return { events, warnings }
}
