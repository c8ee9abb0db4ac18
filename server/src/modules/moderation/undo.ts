import { and, eq } from 'drizzle-orm'
import { AppError } from '../../errors'
import type { ChannelRow } from '../channels/channels.tables'
import type { ModerationDeps } from './moderation-deps'
import { moderationLog } from './moderation.tables'

/** Lifts the timeout or ban of a log row (a deleted message cannot be brought back). */
export async function undoRow({ db, core }: ModerationDeps, channel: ChannelRow, logId: number, now: number) {
  const [row] = await db
    .select()
    .from(moderationLog)
    .where(and(eq(moderationLog.id, logId), eq(moderationLog.channelId, channel.id)))
  if (!row) throw new AppError('NOT_FOUND', 'Log entry not found')
  if (row.undoneAt) throw new AppError('CONFLICT', 'Already undone')
  if (row.action !== 'timeout' && row.action !== 'ban')
    throw new AppError('CONFLICT', 'A deleted message cannot be restored; only timeouts and bans can be undone')
  const result = await core.perform(channel, { kind: 'unban', userId: row.viewerId }, now)
  // Twitch answers 400 when the timeout already ended: nothing left to undo either way.
  if (result.ok || result.status === 400) {
    await db
      .update(moderationLog)
      .set({ undoneAt: new Date(now) })
      .where(eq(moderationLog.id, row.id))
    await core.forgive(channel.id, row.viewerId)
  }
  return result
}

/** Dashboard: undo a log row of one of the user's channels. */
export async function undo(deps: ModerationDeps, userId: number, logIdRaw: string) {
  const logId = Number(logIdRaw)
  if (!Number.isSafeInteger(logId) || logId < 1) throw new AppError('NOT_FOUND', 'Log entry not found')
  const [row] = await deps.db.select({ channelId: moderationLog.channelId }).from(moderationLog).where(eq(moderationLog.id, logId))
  if (!row) throw new AppError('NOT_FOUND', 'Log entry not found')
  const channel = await deps.channels.access(userId, row.channelId, 'moderation', 'manage')
  return undoRow(deps, channel, logId, deps.now().getTime())
}
