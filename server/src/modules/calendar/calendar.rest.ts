import { rule, scoped } from '../../permissions/abilities'
import type { Context, Hono } from 'hono'
import { AppError } from '../../errors'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import { toICalendar } from './calendar.ical'
import type { EventInput } from './calendar.service'
import { calendarDocs } from './calendar.api-doc'

/**
 * `{event}` of a POST body in the spec's shape (section 3: id, url, title, start, end, allDay,
 * extendedProps {calendar, guests, location, description}) as the service's flat input.
 * A stream event may name its channel (extendedProps.channelId) and time zone (extendedProps.timezone).
 */
const eventOf = async (c: Context<AppEnv>): Promise<unknown> => {
  const event = (await jsonBody(c)).event
  if (!event || typeof event !== 'object' || Array.isArray(event)) return event
  const { extendedProps, id: _id, ...rest } = event as Record<string, unknown>
  if (extendedProps === undefined) return rest
  if (!extendedProps || typeof extendedProps !== 'object' || Array.isArray(extendedProps)) {
    throw new AppError('BAD_USER_INPUT', 'extendedProps is an object', { extendedProps: ['extendedProps is an object'] })
  }
  const { calendar, guests, location, description, channelId, timezone } = extendedProps as Record<string, unknown>
  const flat: EventInput = { ...rest, calendar, guests, location, description, channelId, timezone }
  return Object.fromEntries(Object.entries(flat).filter(([, v]) => v !== undefined))
}

/**
 * The spec's calendar calls (section 7): GET /apps/calendar/events?calendars=Business,Holiday
 * (and optionally start, end: the range FullCalendar shows) → the events; POST {event} → 201
 * {event}; POST /{id} {event} → {event}; DELETE /{id} → 200 with no body. An event the caller
 * does not own is a 404 with no body. Stream schedules that could not be read are named in
 * `X-Calendar-Warnings`. The iCalendar feed at /apps/calendar/ical/{secret}.ics needs no
 * token: the URL's secret is the credential (a 404 once rotated or revoked).
 */
export function mountCalendarRoutes(app: Hono<AppEnv>) {
  // The stream calendar (spec section 7): signed in; the service answers only the caller's own events.
  guarded(app, 'GET', '/apps/calendar/events', scoped(rule.signedIn, 'calendar:read'), calendarDocs.list, async (c, principal) => {
    const { events, warnings } = await c.get('services').calendar.list(principal, {
      calendars: c.req.query('calendars'),
      start: c.req.query('start'),
      end: c.req.query('end'),
    })
    if (warnings.length) c.header('X-Calendar-Warnings', encodeURIComponent(warnings.join(',')))
    return c.json(events)
  })

  guarded(app, 'POST', '/apps/calendar/events', scoped(rule.signedIn, 'calendar:write'), calendarDocs.create, async (c, principal) => {
    const event = await c.get('services').calendar.create(principal, await eventOf(c))
    return c.json({ event }, 201)
  })

  guarded(app, 'POST', '/apps/calendar/events/:id', scoped(rule.signedIn, 'calendar:write'), calendarDocs.update, async (c, principal) => {
    const event = await c.get('services').calendar.update(principal, c.req.param('id') ?? '', await eventOf(c))
    if (!event) return c.body(null, 404)
    return c.json({ event })
  })

  guarded(app, 'DELETE', '/apps/calendar/events/:id', scoped(rule.signedIn, 'calendar:write'), calendarDocs.remove, async (c, principal) => {
    const event = await c.get('services').calendar.remove(principal, c.req.param('id') ?? '')
    if (!event) return c.body(null, 404)
    return c.body(null, 200)
  })

  // Calendar apps fetch the iCalendar feed without a token: the URL's random secret (stored hashed) names the user.
  guarded(app, 'GET', '/apps/calendar/ical/:file', rule.public, calendarDocs.ical, async (c) => {
    const m = /^([A-Za-z0-9_-]{1,100})\.ics$/.exec(c.req.param('file') ?? '')
    const feed = m ? await c.get('services').calendar.feedEvents(m[1]!) : null
    if (!feed) return c.body(null, 404)
    const host = new URL(c.req.url).hostname
    const body = toICalendar(feed.events, { host, name: 'Stream calendar', stamp: feed.stamp })
    return c.body(body, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    })
  })
}
