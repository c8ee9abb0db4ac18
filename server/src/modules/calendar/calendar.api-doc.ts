import { z } from 'zod'
import { notFound, type RouteDoc } from '../../http/route-doc'
import { calendarNames } from './calendar.tables'
import { createSchema } from './calendar-inputs'

const own = 'Only the caller’s own events; another’s is a 404 with no body.'

/** The spec's event shape (section 3): the flat input's calendar fields under extendedProps. */
const eventBody = createSchema.pick({ title: true, start: true, end: true, allDay: true, url: true }).extend({
  extendedProps: createSchema.pick({ calendar: true, guests: true, location: true, description: true, channelId: true, timezone: true }).partial().optional(),
})
const event = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  allDay: z.boolean(),
  url: z.string(),
  extendedProps: z.looseObject({}),
})

export const calendarDocs = {
  list: {
    summary: 'The caller’s events',
    description: `${own} Stream schedules that could not be read are named in X-Calendar-Warnings.`,
    query: z.object({
      calendars: z
        .string()
        .optional()
        .meta({ description: `A comma list of: ${calendarNames.join(', ')}.` }),
      start: z.string().optional().meta({ description: 'The start of the range shown (ISO 8601).' }),
      end: z.string().optional().meta({ description: 'The end of the range shown (ISO 8601).' }),
    }),
    responses: {
      200: { description: 'The events.', body: z.array(event), headers: { 'X-Calendar-Warnings': 'URI-encoded comma list of schedules not read.' } },
    },
  },
  create: { summary: 'Create an event', body: z.object({ event: eventBody }), responses: { 201: { description: '`{event}`.', body: z.object({ event }) } } },
  update: {
    summary: 'Change an event',
    description: own,
    body: z.object({ event: eventBody.partial() }),
    responses: { 200: { description: '`{event}`.', body: z.object({ event }) }, 404: notFound() },
  },
  remove: { summary: 'Delete an event', description: own, responses: { 200: { description: 'Deleted (no body).' }, 404: notFound() } },
  ical: {
    summary: 'The caller’s calendar as an iCalendar feed',
    description: 'For calendar apps, without a token: the URL’s secret (`<secret>.ics`) is the credential.',
    params: z.object({
      file: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,100}\.ics$/)
        .meta({ description: '`<secret>.ics`.' }),
    }),
    responses: { 200: { description: 'The feed.', contentType: 'text/calendar', body: z.string() }, 404: notFound('Unknown, rotated or revoked secret') },
  },
} satisfies Record<string, RouteDoc>
