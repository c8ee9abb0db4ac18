import { and, desc, eq, gt, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { ChannelRow } from '../channels/channels.tables'
import { planLimits } from '../channels/plan-limits'
import { DAY_MS, HISTORY_SIZE, PENDING_TTL_MS, type RaidsDeps, type RaidStateShape } from './raids-deps'
import { raids, type RaidRow } from './raids.tables'

/** Outgoing raids in the 24 h before `at` that count for the rule (not cancelled), oldest first. */
async function countedSince(db: Db, channelId: number, since: Date) {
  return db
    .select({ requestedAt: raids.requestedAt })
    .from(raids)
    .where(and(eq(raids.channelId, channelId), eq(raids.direction, 'outgoing'), inArray(raids.state, ['pending', 'confirmed']), gt(raids.requestedAt, since)))
    .orderBy(raids.requestedAt)
}

export async function pendingOf({ db, now }: RaidsDeps, channelId: number): Promise<RaidRow | null> {
  const [row] = await db
    .select()
    .from(raids)
    .where(
      and(
        eq(raids.channelId, channelId),
        eq(raids.direction, 'outgoing'),
        eq(raids.state, 'pending'),
        gt(raids.requestedAt, new Date(now().getTime() - PENDING_TTL_MS)),
      ),
    )
    .orderBy(desc(raids.requestedAt))
    .limit(1)
  return row ?? null
}

/** The raid panel's state: pending raid, last raided channel, and the plan's raids per 24 h. */
export async function stateOf(deps: RaidsDeps, channel: ChannelRow): Promise<RaidStateShape> {
  const { db } = deps
  if (channel.platform !== 'twitch') {
    return { supported: false, raidActive: false, raidedChannel: null, pending: null, limitPer24h: null, usedLast24h: 0, nextRaidAt: null }
  }
  const t = deps.now()
  const [limits, counted, pending, [last]] = await Promise.all([
    planLimits(db, channel.userId),
    countedSince(db, channel.id, new Date(t.getTime() - DAY_MS)),
    pendingOf(deps, channel.id),
    db
      .select()
      .from(raids)
      .where(
        and(
          eq(raids.channelId, channel.id),
          eq(raids.direction, 'outgoing'),
          eq(raids.state, 'confirmed'),
          gt(raids.requestedAt, new Date(t.getTime() - DAY_MS)),
        ),
      )
      .orderBy(desc(raids.requestedAt))
      .limit(1),
  ])
  const limit = limits.raidsPerDay
  const full = limit !== null && counted.length >= limit
  // The window frees a slot when the oldest counted raid is 24 h old.
  const oldest = full ? counted[counted.length - limit]! : null
  return {
    supported: true,
    raidActive: pending !== null,
    raidedChannel: pending?.otherName ?? last?.otherName ?? null,
    pending,
    limitPer24h: limit,
    usedLast24h: counted.length,
    nextRaidAt: oldest ? new Date(oldest.requestedAt.getTime() + DAY_MS) : null,
  }
}

export async function history({ db }: RaidsDeps, channelId: number, first = HISTORY_SIZE): Promise<RaidRow[]> {
  return db
    .select()
    .from(raids)
    .where(eq(raids.channelId, channelId))
    .orderBy(desc(raids.requestedAt), desc(raids.id))
    .limit(Math.min(Math.max(first, 1), 100))
}
