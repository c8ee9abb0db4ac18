import { parseId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { type EventView, parseStreamId } from './calendar-model'
import { twitchFor, toView, segmentView, twitchChannels, canEdit, platformFailure } from './calendar-views'
import { getStored } from './event-writes'
import type { CalendarDeps } from './calendar.deps'

export async function get(deps: CalendarDeps, actor: Principal, idRaw: string | number): Promise<EventView | null> {
  const { channels } = deps
  const id = parseId(idRaw)
  if (id !== null) {
    const row = await getStored(deps, actor, id)
    return row ? toView(row) : null
  }
  const sid = parseStreamId(String(idRaw))
  if (!sid) return null
  const channel = (await twitchChannels(deps, actor)).find((c) => c.id === sid.channelId)
  if (!channel) return null
  const seg = await channels
    .actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(deps, channel)).scheduleSegment(as.token, as.broadcasterId, sid.segmentId))
    .catch(platformFailure)
  return seg ? segmentView(channel, seg, await canEdit(deps, channel)) : null
}
