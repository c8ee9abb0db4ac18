import { and, eq, gt, lte } from 'drizzle-orm'
import { inIds } from '../../db/id-list'
import type { ModerationCoreDeps } from './core-deps'
import { moderationPermits } from './moderation.tables'

/** The most permits read back for one channel (the in-memory map is per channel and short-lived). */
const MAX_PERMITS = 1000

/**
 * !permit grants live in the bot's memory for speed (the links filter reads them on every line
 * with a link) and in the database, so a restarted worker, or the one the channel is handed
 * over to, still lets the one link through. Expired rows are dropped when a new one is granted.
 */
export async function grantPermit({ db, now }: Pick<ModerationCoreDeps, 'db' | 'now'>, channelId: number, login: string, untilMs: number): Promise<void> {
  const until = new Date(untilMs)
  await db.transaction(async (tx) => {
    await tx.delete(moderationPermits).where(and(eq(moderationPermits.channelId, channelId), lte(moderationPermits.until, now())))
    await tx
      .insert(moderationPermits)
      .values({ channelId, login, until })
      .onConflictDoUpdate({ target: [moderationPermits.channelId, moderationPermits.login], set: { until } })
  })
}

/** A permit used (one link per !permit): gone here too. */
export async function usePermit({ db }: Pick<ModerationCoreDeps, 'db'>, channelId: number, login: string): Promise<void> {
  await db.delete(moderationPermits).where(and(eq(moderationPermits.channelId, channelId), eq(moderationPermits.login, login)))
}

/** A new process's permits of a channel: those not yet expired, login → until (ms). */
export async function permitsFromDb(deps: Pick<ModerationCoreDeps, 'db' | 'now'>, channelId: number): Promise<Map<string, number>> {
  return (await permitsOfMany(deps, [channelId])).get(channelId)!
}

/** permitsFromDb for many channels in one statement (the bot's first lines in many channels at once). */
export async function permitsOfMany(
  { db, now }: Pick<ModerationCoreDeps, 'db' | 'now'>,
  channelIds: readonly number[],
): Promise<Map<number, Map<string, number>>> {
  const out = new Map(channelIds.map((id) => [id, new Map<string, number>()]))
  if (channelIds.length === 0) return out
  const rows = await db
    .select({ channelId: moderationPermits.channelId, login: moderationPermits.login, until: moderationPermits.until })
    .from(moderationPermits)
    .where(and(inIds(moderationPermits.channelId, channelIds), gt(moderationPermits.until, now())))
  for (const r of rows) {
    const permits = out.get(r.channelId)
    if (permits && permits.size < MAX_PERMITS) permits.set(r.login, r.until.getTime())
  }
  return out
}
