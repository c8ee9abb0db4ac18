import { and, eq, gt, lte } from 'drizzle-orm'
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
export async function permitsFromDb({ db, now }: Pick<ModerationCoreDeps, 'db' | 'now'>, channelId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ login: moderationPermits.login, until: moderationPermits.until })
    .from(moderationPermits)
    .where(and(eq(moderationPermits.channelId, channelId), gt(moderationPermits.until, now())))
    .limit(MAX_PERMITS)
  return new Map(rows.map((r) => [r.login, r.until.getTime()]))
}
