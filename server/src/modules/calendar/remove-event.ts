import { and, eq } from 'drizzle-orm'
import { AppError } from '../../errors'
import { parseId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { calendarEvents } from './calendar.tables'
import { SCHEDULE_SCOPE, type EventView, parseStreamId } from './calendar-model'
import { twitchFor, toView, twitchChannels, platformFailure } from './calendar-views'
import { get } from './get-event'
import type { CalendarDeps } from './calendar.deps'

/** Deletes the event (a stream segment on Twitch); null when the caller has no such event. */
export async function remove(deps: CalendarDeps, actor: Principal, idRaw: string | number): Promise<EventView | null> {
  const { db, channels } = deps
  const id = parseId(idRaw)
  if (id === null) {
    const current = await get(deps, actor, idRaw)
    if (!current) return null
    if (current.extendedProps.readOnly) throw new AppError('PLATFORM_ERROR', `Reconnect the channel to grant ${SCHEDULE_SCOPE}`)
    const sid = parseStreamId(String(idRaw))!
    const channel = (await twitchChannels(deps, actor)).find((c) => c.id === sid.channelId)!
    const gone = await channels
      .actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(deps, channel)).deleteSegment(as, sid.segmentId))
      .catch(platformFailure)
    return gone ? current : null
  }
  const [row] = await db
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.ownerId, actor.userId)))
    .returning()
  return row ? toView(row) : null
}
