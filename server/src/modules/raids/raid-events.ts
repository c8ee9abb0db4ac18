import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { RaidEvent } from '../../platforms/types'
import { WEBHOOK_EVENTS } from '../webhooks/webhooks.module'
import type { RaidsDeps } from './raids-deps'
import { raids, type RaidRow } from './raids.tables'

/** The raid's webhook (raid.incoming / raid.outgoing), queued with the row in its transaction. */
function raidWebhook({ webhooks }: RaidsDeps, tx: Db, row: RaidRow): Promise<number> {
  const other = { id: row.otherId, login: row.otherLogin, name: row.otherName }
  return row.direction === 'incoming'
    ? webhooks.enqueue(tx, row.channelId, WEBHOOK_EVENTS.raidIncoming, { from: other, viewers: row.viewers })
    : webhooks.enqueue(tx, row.channelId, WEBHOOK_EVENTS.raidOutgoing, { to: other, viewers: row.viewers })
}

/**
 * The bot saw EventSub channel.raid. From this broadcaster: the pending raid on that target
 * is confirmed (or, started on Twitch directly, recorded as confirmed). To it: recorded as
 * received. Answers the row, or null when the event is not about this channel. The raid's
 * webhook is queued in the same transaction as the row.
 */
export async function onRaidEvent(deps: RaidsDeps, channelId: number, ev: RaidEvent): Promise<RaidRow | null> {
  const channel = await deps.channels.byId(channelId)
  if (!channel) return null
  const t = deps.now()
  if (ev.fromId === channel.platformUserId) {
    return deps.db.transaction(async (tx) => {
      const [pending] = await tx
        .select()
        .from(raids)
        .where(and(eq(raids.channelId, channelId), eq(raids.direction, 'outgoing'), eq(raids.state, 'pending'), eq(raids.otherId, ev.toId)))
        .orderBy(desc(raids.requestedAt))
        .limit(1)
      const confirmed = { state: 'confirmed' as const, settledAt: t, viewers: ev.viewers, otherLogin: ev.toLogin || ev.toId, otherName: ev.toName || ev.toId }
      const [row] = pending
        ? await tx.update(raids).set(confirmed).where(eq(raids.id, pending.id)).returning()
        : await tx
            .insert(raids)
            .values({ channelId, direction: 'outgoing', otherId: ev.toId, requestedAt: t, ...confirmed })
            .returning()
      await raidWebhook(deps, tx, row!)
      return row!
    })
  }
  if (ev.toId === channel.platformUserId) {
    return deps.db.transaction(async (tx) => {
      const [row] = await tx
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
      await raidWebhook(deps, tx, row!)
      return row!
    })
  }
  return null
}
