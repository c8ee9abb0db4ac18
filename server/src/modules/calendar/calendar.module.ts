import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createCalendarService } from './calendar.service'
import { mountCalendarRoutes } from './calendar.rest'
import './calendar.schema'

/** The stream calendar: own events, the Twitch stream schedule (Helix /schedule), the iCalendar feed. */
export const calendarModule = defineModule({
  name: 'calendar',
  services: ({ db, log, now, platforms, publicUrl, channels }: Core & { channels: ChannelsService }) => ({
    calendar: createCalendarService({ db, log, now, channels, platforms, publicUrl }),
  }),
  rest: mountCalendarRoutes,
})
