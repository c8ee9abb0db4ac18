import { bindDeps } from '../../use-cases'
import type { CalendarDeps } from './calendar.deps'
import { create } from './create-event'
import { feed, feedEvents, revokeFeed, rotateFeed } from './feed'
import { get } from './get-event'
import { list } from './list-events'
import { remove } from './remove-event'
import { update } from './update-event'

export {
  hashFeedToken,
  MAX_EVENTS,
  MAX_GUEST_LENGTH,
  MAX_GUESTS,
  MAX_LOCATION_LENGTH,
  MAX_SEGMENTS,
  MAX_STREAM_MINUTES,
  MAX_STREAM_TITLE_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
  MIN_STREAM_MINUTES,
  SCHEDULE_SCOPE,
  type EventInput,
  type EventList,
  type EventView,
  type ListEventsArgs,
} from './calendar-model'

/**
 * The stream calendar (spec sections 3 and 7, /apps/calendar): each user's own events in the
 * five calendars, stored as UTC instants; and the stream schedule of each connected Twitch
 * channel of the user (Helix GET /schedule, POST/PATCH/DELETE /schedule/segment with
 * channel:manage:schedule) shown as the calendar "Stream" and changed from it. Nobody sees
 * another user's events: their ids read as missing. The iCalendar feed's secret is stored
 * as its SHA-256 only.
 */
export function createCalendarService(deps: CalendarDeps) {
  return {
    ...bindDeps(deps, { list, get, create, update, remove, feed, rotateFeed, revokeFeed, feedEvents }),
    publicUrl: deps.publicUrl.replace(/\/$/, ''),
  }
}

export type CalendarService = ReturnType<typeof createCalendarService>
