/** Events as the calendar shows them: stored events and the Twitch channels' stream segments. */
import { AppError } from '../../errors'
import type { HelixScheduleSegment } from '../../platforms/twitch/twitch.client'
import { PlatformRequestError } from '../../platforms/types'
import type { Principal } from '../../permissions/abilities'
import type { ChannelRow } from '../channels/channels.tables'
import { STREAM_CALENDAR, type CalendarEventRow } from './calendar.tables'
import { SCHEDULE_SCOPE, MAX_SEGMENTS, type EventView, isoInstant, isoDay, streamId } from './calendar-model'
import { fail, parseDay, parseInstant } from './calendar-inputs'
import type { CalendarDeps } from './calendar.deps'

export const twitchFor = async (deps: CalendarDeps, channel: { sandbox: boolean }) => (await deps.platforms.twitchOf(channel)).twitch

export const toView = (r: CalendarEventRow): EventView => ({
  id: r.id,
  url: r.url,
  title: r.title,
  start: r.allDay ? isoDay(r.startAt) : isoInstant(r.startAt),
  end: r.allDay ? isoDay(r.endAt) : isoInstant(r.endAt),
  allDay: r.allDay,
  extendedProps: { calendar: r.calendar, guests: r.guests, location: r.location, description: r.description },
})

export const segmentView = (channel: ChannelRow, seg: HelixScheduleSegment, editable: boolean): EventView => ({
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

export async function twitchChannels(deps: CalendarDeps, actor: Principal): Promise<ChannelRow[]> {
  const { channels } = deps
  return (await channels.listForUser(actor.userId)).filter((c) => c.platform === 'twitch')
}

export async function canEdit(deps: CalendarDeps, channel: ChannelRow) {
  const { channels } = deps
  return (await channels.account(channel.id, 'broadcaster'))?.scopes.includes(SCHEDULE_SCOPE) ?? false
}

export const platformFailure = (e: unknown): never => {
  if (e instanceof PlatformRequestError) throw new AppError('PLATFORM_ERROR', e.message)
  throw e
}

/** The segments of one channel that end after `from` and start before `to`. */
export async function segmentsOf(deps: CalendarDeps, channel: ChannelRow, from: Date, to: Date | null): Promise<EventView[]> {
  const { channels } = deps
  const editable = await canEdit(deps, channel)
  const out: EventView[] = []
  let cursor: string | null = null
  do {
    const page = await channels.actAs(channel.id, 'broadcaster', async (as) =>
      (await twitchFor(deps, channel)).schedulePage(as.token, as.broadcasterId, { startTime: from, first: 25, after: cursor }),
    )
    for (const seg of page.data) {
      if (to && new Date(seg.start_time) >= to) return out
      out.push(segmentView(channel, seg, editable))
    }
    cursor = page.cursor
  } while (cursor && out.length < MAX_SEGMENTS)
  return out
}

export function parseRange(a: { start?: string | null; end?: string | null }): { from: Date | null; to: Date | null } {
  const at = (v: string | null | undefined, field: string) => (!v ? null : /^\d{4}-\d{2}-\d{2}$/.test(v) ? parseDay(v, field) : parseInstant(v, field))
  const from = at(a.start, 'start')
  const to = at(a.end, 'end')
  if (from && to && to < from) fail('end', 'The end is before the start')
  return { from, to }
}
