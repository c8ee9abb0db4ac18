/** What the event writes share: the time checks, the caller's stored event, the stream segment's fields and channel. */
import { and, eq } from 'drizzle-orm'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { parseInput } from '../../validation'
import type { ChannelRow } from '../channels/channels.tables'
import { calendarEvents, type CalendarEventRow } from './calendar.tables'
import { MAX_STREAM_TITLE_LENGTH, MIN_STREAM_MINUTES, MAX_STREAM_MINUTES, SCHEDULE_SCOPE, DAY_MS } from './calendar-model'
import { fail, parseDay, parseInstant, type createSchema, type updateSchema, type Parsed } from './calendar-inputs'
import { twitchChannels, canEdit } from './calendar-views'
import type { CalendarDeps } from './calendar.deps'

/** Checks start and end together: the stored instants, or a coded error naming the field. */
export function times(allDay: boolean, startRaw: string, endRaw: string | null | undefined): { startAt: Date; endAt: Date } {
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

export function checkInput(input: unknown, schema: typeof createSchema | typeof updateSchema): Parsed {
  if (!input || typeof input !== 'object' || Array.isArray(input)) fail('event', 'An event is an object')
  return parseInput(schema, input, 'event')
}

export async function getStored(deps: CalendarDeps, actor: Principal, id: number): Promise<CalendarEventRow | null> {
  const { db } = deps
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.ownerId, actor.userId)))
  return row ?? null
}

/** The segment's Helix fields from the event's: timed, 30 minutes to 23 hours, titled ≤ 140. */
export function segmentInput(v: { title: string; start: string; end?: string | null; allDay?: boolean; timezone?: string }) {
  if (v.allDay) fail('allDay', 'A stream segment has a start and an end time, it cannot be all-day')
  if (v.title.length > MAX_STREAM_TITLE_LENGTH) fail('title', `A stream title has at most ${MAX_STREAM_TITLE_LENGTH} characters`)
  const { startAt, endAt } = times(false, v.start, v.end)
  const minutes = Math.round((endAt.getTime() - startAt.getTime()) / 60_000)
  if (minutes < MIN_STREAM_MINUTES || minutes > MAX_STREAM_MINUTES) fail('end', `A stream segment lasts ${MIN_STREAM_MINUTES} minutes to 23 hours`)
  return { startTime: startAt, timezone: v.timezone ?? 'UTC', durationMinutes: minutes, title: v.title }
}

export async function streamChannel(deps: CalendarDeps, actor: Principal, channelId: string | number | undefined): Promise<ChannelRow> {
  const mine = await twitchChannels(deps, actor)
  const channel = channelId === undefined ? (mine.length === 1 ? mine[0] : undefined) : mine.find((c) => c.id === Number(channelId))
  if (!channel) {
    if (channelId !== undefined || mine.length === 0) fail('channelId', 'Connect a Twitch channel to plan streams')
    fail('channelId', 'Choose which Twitch channel the stream is on')
  }
  if (!(await canEdit(deps, channel!)))
    throw new AppError('PLATFORM_ERROR', `The channel was connected before the stream calendar was offered; reconnect it to grant ${SCHEDULE_SCOPE}`)
  return channel!
}
