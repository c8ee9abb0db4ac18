import { and, asc, eq, gte } from 'drizzle-orm'
import type { ModerationCoreDeps } from './core-deps'
import { Offences } from './ladder'
import { moderationLog } from './moderation.tables'

/** The most log rows read back for one channel's ladder (a raid's worth; the Offences map is bounded too). */
const MAX_ROWS = 5000

/**
 * The warning ladder of a channel as the moderation log has it: every filter action within the
 * escalation window is an offence of its viewer. The ladder lives in the bot's memory for speed
 * (filters run before commands on every line), but the log already records each offence with
 * its time, so a restarted worker, or the one a channel is handed over to, reads it back here
 * instead of starting every viewer over. An undone row (the log's undo) forgave the viewer's
 * offences up to it, as the running process does with forgive().
 */
export async function offencesFromLog({ db, now }: Pick<ModerationCoreDeps, 'db' | 'now'>, channelId: number, windowMs: number): Promise<Offences> {
  const since = new Date(now().getTime() - windowMs)
  const rows = await db
    .select({ viewerId: moderationLog.viewerId, at: moderationLog.at, undoneAt: moderationLog.undoneAt })
    .from(moderationLog)
    .where(and(eq(moderationLog.channelId, channelId), eq(moderationLog.source, 'filter'), gte(moderationLog.at, since)))
    .orderBy(asc(moderationLog.id))
    .limit(MAX_ROWS)
  const byViewer = new Map<string, number[]>()
  for (const r of rows) {
    if (r.undoneAt) byViewer.delete(r.viewerId)
    else byViewer.set(r.viewerId, [...(byViewer.get(r.viewerId) ?? []), r.at.getTime()])
  }
  const offences = new Offences()
  for (const [viewerId, times] of byViewer) offences.seed(viewerId, times)
  return offences
}
