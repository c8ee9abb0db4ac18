import type { z } from 'zod'
import type { Principal } from '../../permissions/abilities'
import { calendarEvents, STREAM_CALENDAR } from './calendar.tables'
import type { EventView } from './calendar-model'
import { fail, createSchema } from './calendar-inputs'
import { twitchFor, toView, segmentView, platformFailure } from './calendar-views'
import { times, checkInput, segmentInput, streamChannel } from './event-writes'
import type { CalendarDeps } from './calendar.deps'

export async function create(deps: CalendarDeps, actor: Principal, input: unknown): Promise<EventView> {
  const { db, now, channels } = deps
  const v = checkInput(input, createSchema) as z.infer<typeof createSchema>
  if (v.calendar === STREAM_CALENDAR) {
    const channel = await streamChannel(deps, actor, v.channelId)
    const seg = await channels
      .actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(deps, channel)).createSegment(as, segmentInput(v)))
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
