import { and, eq } from 'drizzle-orm'
import { AppError } from '../../errors'
import { parseId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { calendarEvents, STREAM_CALENDAR, type EventCalendar } from './calendar.tables'
import { SCHEDULE_SCOPE, type EventView, parseStreamId } from './calendar-model'
import { fail, updateSchema } from './calendar-inputs'
import { twitchFor, toView, segmentView, twitchChannels, platformFailure } from './calendar-views'
import { times, checkInput, getStored, segmentInput } from './event-writes'
import { get } from './get-event'
import type { CalendarDeps } from './calendar.deps'

/** Changes the fields given; null when the caller has no such event. */
export async function update(deps: CalendarDeps, actor: Principal, idRaw: string | number, input: unknown): Promise<EventView | null> {
  const { db, now, channels } = deps
  const v = checkInput(input, updateSchema)
  const id = parseId(idRaw)
  if (id === null) {
    const current = await get(deps, actor, idRaw)
    if (!current) return null
    if (v.calendar !== undefined && v.calendar !== STREAM_CALENDAR) fail('calendar', 'A stream segment stays on the Stream calendar')
    if (current.extendedProps.readOnly) throw new AppError('PLATFORM_ERROR', `Reconnect the channel to grant ${SCHEDULE_SCOPE}`)
    const sid = parseStreamId(String(idRaw))!
    const channel = (await twitchChannels(deps, actor)).find((c) => c.id === sid.channelId)!
    const seg = await channels
      .actAs(channel.id, 'broadcaster', async (as) =>
        (await twitchFor(deps, channel)).updateSegment(
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
  const row = await getStored(deps, actor, id)
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
