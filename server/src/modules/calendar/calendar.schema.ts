import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { AppError } from '../../errors'
import type { EventList, EventView } from './calendar.service'
import type { calendarNames } from './calendar.tables'

const CalendarNameEnum = builder.enumType('CalendarName', {
  description: "The spec's five calendars, and Stream: the stream schedule of your connected Twitch channels.",
  values: {
    Business: { description: 'Work events.' },
    Holiday: { description: 'Holidays.' },
    Personal: { description: 'Personal events.' },
    Family: { description: 'Family events.' },
    ETC: { description: 'Anything else.' },
    Stream: { description: 'Stream schedule segments of your connected Twitch channels, read from and written to Twitch.' },
  } satisfies Record<(typeof calendarNames)[number], { description: string }>,
})

const CalendarEventRef = builder.objectRef<EventView>('CalendarEvent').implement({
  extensions: guardedByParent,
  description: 'An event of your calendar, or a segment of a Twitch channel’s stream schedule (calendar Stream).',
  fields: (t) => ({
    id: t.id({ resolve: (e) => String(e.id), description: 'A number for your events; stream-<channel>-<segment> for a Twitch schedule segment.' }),
    url: t.exposeString('url', { description: 'An http(s) link for the event; empty: none.' }),
    title: t.exposeString('title', { description: 'The title (for a stream: the segment title).' }),
    start: t.exposeString('start', { description: 'ISO 8601 UTC instant; YYYY-MM-DD for an all-day event.' }),
    end: t.exposeString('end', { description: 'As start; the end date of an all-day event is exclusive.' }),
    allDay: t.exposeBoolean('allDay', { description: 'A whole-day event: start and end are dates.' }),
    calendar: t.field({ type: CalendarNameEnum, description: 'The calendar it belongs to.', resolve: (e) => e.extendedProps.calendar }),
    guests: t.stringList({ description: 'Names or e-mail addresses (up to 20); nobody is mailed.', resolve: (e) => e.extendedProps.guests }),
    location: t.string({ description: 'Where (free text, may be empty).', resolve: (e) => e.extendedProps.location }),
    description: t.string({ description: 'Notes (plain text, may be empty).', resolve: (e) => e.extendedProps.description }),
    channelId: t.id({
      nullable: true,
      description: 'Stream: the channel whose schedule it is; null for other calendars.',
      resolve: (e) => e.extendedProps.channelId ?? null,
    }),
    channelName: t.string({
      nullable: true,
      description: 'Stream: that channel’s display name; null for other calendars.',
      resolve: (e) => e.extendedProps.channelName ?? null,
    }),
    readOnly: t.boolean({
      description: 'A stream segment of a channel connected before the schedule scope: shown, not changeable until reconnected.',
      resolve: (e) => e.extendedProps.readOnly === true,
    }),
  }),
})

const CalendarEventListRef = builder.objectRef<EventList>('CalendarEventList').implement({
  extensions: guardedByParent,
  description: 'The events asked for, and what could not be read.',
  fields: (t) => ({
    events: t.field({ type: [CalendarEventRef], description: 'The events, by start.', resolve: (l) => l.events }),
    warnings: t.stringList({ description: 'Channels whose stream schedule could not be read now.', resolve: (l) => l.warnings }),
  }),
})

const CalendarFeedRef = builder.objectRef<{ active: boolean; createdAt: Date | null; url: string | null }>('CalendarFeed').implement({
  extensions: guardedByParent,
  description: 'Your iCalendar (.ics) feed: a secret URL calendar apps subscribe to.',
  fields: (t) => ({
    active: t.exposeBoolean('active', { description: 'The feed is on.' }),
    createdAt: t.field({ type: 'DateTime', nullable: true, description: 'When the current URL was made; null: no feed.', resolve: (f) => f.createdAt }),
    url: t.exposeString('url', { nullable: true, description: 'Only right after rotateCalendarFeed: the secret is not kept.' }),
  }),
})

const CalendarEventInput = builder.inputType('CalendarEventInput', {
  description: 'On update, only the fields given change.',
  fields: (t) => ({
    title: t.string({ description: '1 to 200 characters (140 for a stream); required to create.' }),
    start: t.string({ description: 'ISO 8601 with offset (e.g. 2026-05-01T18:00:00+02:00); YYYY-MM-DD when allDay. Required to create.' }),
    end: t.string({ description: 'As start, not before it; an all-day end date is exclusive.' }),
    allDay: t.boolean({ description: 'A whole-day event (start and end are dates); omitted on create: false.' }),
    url: t.string({ description: 'http(s) URL or empty.' }),
    calendar: t.field({ type: CalendarNameEnum, description: 'Required to create.' }),
    guests: t.stringList({ description: 'Up to 20 names or e-mail addresses.' }),
    location: t.string({ description: 'At most 300 characters.' }),
    description: t.string({ description: 'Plain text, at most 5000 characters.' }),
    channelId: t.id({ description: 'Stream: which connected Twitch channel (needed when you have several).' }),
    timezone: t.string({ description: 'Stream: the IANA time zone Twitch shows the segment in (UTC by default).' }),
  }),
})

const defined = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null))
const missing = () => new AppError('NOT_FOUND', 'No such event')

builder.queryFields((t) => ({
  // The stream calendar: signed in; the service answers only the caller's own events.
  calendarEvents: t.withAuth({ signedIn: true, token: 'calendar:read' }).field({
    type: CalendarEventListRef,
    description: "Your events in the calendars given (all without), overlapping [start, end) when given; Stream reads your Twitch channels' schedules.",
    args: {
      calendars: t.arg({ type: [CalendarNameEnum], description: 'The calendars to read; omitted: all.' }),
      start: t.arg.string({ description: 'ISO 8601 date or instant: events ending after it.' }),
      end: t.arg.string({ description: 'ISO 8601 date or instant: events starting before it.' }),
    },
    resolve: (_r, args, ctx) => ctx.services.calendar.list(ctx.principal, args),
  }),
  calendarEvent: t.withAuth({ signedIn: true, token: 'calendar:read' }).field({
    type: CalendarEventRef,
    nullable: true,
    description: 'One of your events (or a stream segment) by id; null when unknown.',
    args: { id: t.arg.id({ required: true, description: 'The event id, e.g. `"17"` or `stream-3-<segment id>`.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.calendar.get(ctx.principal, id),
  }),
  calendarFeed: t.withAuth({ signedIn: true, token: 'calendar:read' }).field({
    type: CalendarFeedRef,
    description: 'Whether your iCalendar feed URL is on (the URL itself is shown once, when made).',
    resolve: async (_r, _a, ctx) => ({ ...(await ctx.services.calendar.feed(ctx.principal)), url: null }),
  }),
}))

builder.mutationFields((t) => ({
  createCalendarEvent: t.withAuth({ signedIn: true, token: 'calendar:write' }).field({
    type: CalendarEventRef,
    description: 'Adds an event (calendar Stream: a segment on Twitch); answers it.',
    args: { input: t.arg({ type: CalendarEventInput, required: true, description: 'The event: title, start and calendar are required.' }) },
    resolve: (_r, { input }, ctx) => ctx.services.calendar.create(ctx.principal, defined(input)),
  }),
  updateCalendarEvent: t.withAuth({ signedIn: true, token: 'calendar:write' }).field({
    type: CalendarEventRef,
    description: 'Changes an event (a stream segment: on Twitch); NOT_FOUND when unknown.',
    args: {
      id: t.arg.id({ required: true, description: 'The event id.' }),
      input: t.arg({ type: CalendarEventInput, required: true, description: 'The fields to change.' }),
    },
    resolve: async (_r, { id, input }, ctx) => (await ctx.services.calendar.update(ctx.principal, id, defined(input))) ?? Promise.reject(missing()),
  }),
  deleteCalendarEvent: t.withAuth({ signedIn: true, token: 'calendar:write' }).field({
    type: CalendarEventRef,
    description: 'Deletes the event (a stream segment: on Twitch); answers it as it was.',
    args: { id: t.arg.id({ required: true, description: 'The event id.' }) },
    resolve: async (_r, { id }, ctx) => (await ctx.services.calendar.remove(ctx.principal, id)) ?? Promise.reject(missing()),
  }),
  rotateCalendarFeed: t.withAuth({ signedIn: true, token: 'calendar:write' }).field({
    type: CalendarFeedRef,
    description: 'A new iCalendar feed URL, shown only in this answer; the previous URL stops working.',
    resolve: async (_r, _a, ctx) => {
      const { token, createdAt } = await ctx.services.calendar.rotateFeed(ctx.principal)
      return { active: true, createdAt, url: `${ctx.services.calendar.publicUrl}/apps/calendar/ical/${token}.ics` }
    },
  }),
  revokeCalendarFeed: t.withAuth({ signedIn: true, token: 'calendar:write' }).boolean({
    description: 'Turns the iCalendar feed off (its URL answers 404); false when it was off.',
    resolve: (_r, _a, ctx) => ctx.services.calendar.revokeFeed(ctx.principal),
  }),
}))
