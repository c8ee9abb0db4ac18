import { sql } from 'drizzle-orm'
import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'

/** The spec's five calendars (section 3), as the product stores them. */
export const eventCalendars = ['Business', 'Holiday', 'Personal', 'Family', 'ETC'] as const
export type EventCalendar = (typeof eventCalendars)[number]
/** The calendar a connected Twitch channel's stream schedule shows under (read from Twitch, never stored here). */
export const STREAM_CALENDAR = 'Stream'
export const calendarNames = [...eventCalendars, STREAM_CALENDAR] as const
export type CalendarName = (typeof calendarNames)[number]

/**
 * A calendar event (spec section 3), owned by one user and seen by no one else. Times are
 * stored as UTC instants; an all-day event runs from the start date's 00:00 UTC to the end
 * date's 00:00 UTC (the end date exclusive, as iCalendar and FullCalendar count).
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    url: text('url').notNull().default(''),
    calendar: text('calendar').$type<EventCalendar>().notNull(),
    guests: jsonb('guests')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    location: text('location').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('calendar_events_owner_start_idx').on(t.ownerId, t.startAt)],
)

/**
 * The iCalendar feed of a user: the URL's secret is shown once, only its SHA-256 is kept.
 * Rotating replaces the hash (the old URL stops working); revoking deletes the row.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

export type CalendarEventRow = typeof calendarEvents.$inferSelect
