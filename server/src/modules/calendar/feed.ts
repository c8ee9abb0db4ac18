/** The iCalendar feed: its secret URL and the events it serves. */
import { randomBytes } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { calendarEvents, calendarFeeds, type CalendarEventRow } from './calendar.tables'
import { MAX_EVENTS, hashFeedToken } from './calendar-model'
import type { CalendarDeps } from './calendar.deps'

export async function feed(deps: CalendarDeps, actor: Principal): Promise<{ active: boolean; createdAt: Date | null }> {
  const { db } = deps
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, actor.userId))
  return { active: Boolean(row), createdAt: row?.createdAt ?? null }
}

/** A new secret for the feed URL (the previous URL stops working); shown only now. */
export async function rotateFeed(deps: CalendarDeps, actor: Principal): Promise<{ token: string; createdAt: Date }> {
  const { db, now } = deps
  const token = randomBytes(32).toString('base64url')
  const createdAt = now()
  await db
    .insert(calendarFeeds)
    .values({ userId: actor.userId, tokenHash: hashFeedToken(token), createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashFeedToken(token), createdAt } })
  return { token, createdAt }
}

export async function revokeFeed(deps: CalendarDeps, actor: Principal): Promise<boolean> {
  const { db } = deps
  const gone = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.userId)).returning({ userId: calendarFeeds.userId })
  return gone.length > 0
}

/** The feed's owner and stored events by the URL's secret; null for an unknown or revoked one. */
export async function feedEvents(deps: CalendarDeps, token: string): Promise<{ events: CalendarEventRow[]; stamp: Date } | null> {
  const { db, now } = deps
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
  const [owner] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashFeedToken(token)))
  if (!owner) return null
  const events = await db
    .select()
    .from(calendarEvents)
    .where(eq(calendarEvents.ownerId, owner.userId))
    .orderBy(asc(calendarEvents.startAt), asc(calendarEvents.id))
    .limit(MAX_EVENTS)
  return { events, stamp: now() }
}
