import { and, desc, eq } from 'drizzle-orm'
import type { RaidEvent } from '../../platforms/types'
import type { RaidsDeps } from './raids-deps'
import { raids, type RaidRow } from './raids.tables'

/**
 * The bot saw EventSub channel.raid. From this broadcaster: the pending raid on that target
 * is confirmed (or, started on Twitch directly, recorded as confirmed). To it: recorded as
 * received. Answers the row, or null when the event is not about this channel.
 */
export async function onRaidEvent({ db, now, channels }: RaidsDeps, channelId: number, ev: RaidEvent): Promise<RaidRow | null> {
  const channel = await channels.byId(channelId)
  if (!channel) return null
  const t = now()
  if (ev.fromId === channel.platformUserId) {
    const [pending] = await db
      .select()
      .from(raids)
      .where(and(eq(raids.channelId, channelId), eq(raids.direction, 'outgoing'), eq(raids.state, 'pending'), eq(raids.otherId, ev.toId)))
      .orderBy(desc(raids.requestedAt))
      .limit(1)
    const confirmed = { state: 'confirmed' as const, settledAt: t, viewers: ev.viewers, otherLogin: ev.toLogin || ev.toId, otherName: ev.toName || ev.toId }
    if (pending) {
      const [row] = await db.update(raids).set(confirmed).where(eq(raids.id, pending.id)).returning()
      return row!
    }
    const [row] = await db
      .insert(raids)
      .values({ channelId, direction: 'outgoing', otherId: ev.toId, requestedAt: t, ...confirmed })
      .returning()
    return row!
  }
  if (ev.toId === channel.platformUserId) {
    const [row] = await db
      .insert(raids)
      .values({
        channelId,
        direction: 'incoming',
        otherId: ev.fromId,
        otherLogin: ev.fromLogin || ev.fromId,
        otherName: ev.fromName || ev.fromId,
        state: 'received',
        viewers: ev.viewers,
        requestedAt: t,
        settledAt: t,
      })
      .returning()
    return row!
  }
  return null
}
