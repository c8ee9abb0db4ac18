import { eq, sql } from 'drizzle-orm'
import type { Db } from '../server/src/db/client'
import { users } from '../server/src/db/schema'
import { calendarEvents, type EventCalendar } from '../server/src/modules/calendar/calendar.tables'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * A few events in the demo client's calendar (/apps/calendar), around the first start, so the
 * page is not empty. Called only when the demo accounts are made (a user who deletes them all
 * does not get them back at the next start); nothing is written when the demo client is missing
 * or already has events. (The spec's seed data holds no calendar events; these are the product's own.)
 */
export async function seedCalendar(db: Db, now = new Date()): Promise<void> {
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.local'))
  if (!client) return
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(calendarEvents)
    .where(eq(calendarEvents.ownerId, client.id))
  if (n > 0) return
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const at = (days: number, hour: number) => new Date(today + days * DAY + hour * HOUR)
  const event = (
    title: string,
    calendar: EventCalendar,
    startAt: Date,
    endAt: Date,
    more: { allDay?: boolean; location?: string; description?: string } = {},
  ) => ({
    ownerId: client.id,
    title,
    calendar,
    startAt,
    endAt,
    createdAt: now,
    updatedAt: now,
    ...more,
  })
  await db
    .insert(calendarEvents)
    .values([
      event('Sponsor call', 'Business', at(2, 16), at(2, 16.5), { location: 'Video call', description: 'Talk through the overlay placement for next month.' }),
      event('Update the stream scenes', 'ETC', at(1, 10), at(1, 12), { description: 'New starting-soon scene and the !schedule command text.' }),
      event('Family dinner', 'Family', at(4, 18), at(4, 21)),
      event('Gym', 'Personal', at(3, 7), at(3, 8)),
      event('Day off', 'Holiday', at(6, 0), at(7, 0), { allDay: true }),
    ])
}
