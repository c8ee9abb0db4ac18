import { and, count, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { escapeLike, parseInput } from '../../validation'
import { WEBHOOK_EVENTS } from '../webhooks/webhooks.module'
import type { LogEntryInput, ModerationCoreDeps } from './core-deps'
import { moderationLog, type ModerationLogRow } from './moderation.tables'

/** Writes a log row; a successful action queues the moderation.action webhook in the same transaction. */
export async function writeLog(deps: ModerationCoreDeps, channelId: number, e: LogEntryInput): Promise<ModerationLogRow> {
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(moderationLog)
      .values({
        channelId,
        viewerId: e.chat.userId.slice(0, 100),
        viewerLogin: e.chat.userLogin.slice(0, 100).toLowerCase(),
        viewerName: e.chat.userName.slice(0, 100),
        source: e.source,
        filter: e.filter ?? null,
        moderator: e.moderator?.slice(0, 100) ?? null,
        detail: (e.detail ?? '').slice(0, 200),
        excerpt: e.chat.text.slice(0, 200),
        platformMessageId: e.chat.messageId?.slice(0, 100) ?? null,
        action: e.action,
        durationSeconds: e.seconds ?? null,
        ok: e.result.ok,
        status: e.result.status,
        answer: e.result.message.slice(0, 300),
        nukeId: e.nukeId ?? null,
        at: e.at,
      })
      .returning()
    if (inserted!.ok)
      await deps.webhooks.enqueue(tx, channelId, WEBHOOK_EVENTS.moderationAction, {
        action: inserted!.action,
        user: { id: inserted!.viewerId, login: inserted!.viewerLogin, name: inserted!.viewerName },
        source: inserted!.source,
        filter: inserted!.filter,
        moderator: inserted!.moderator,
        durationSeconds: inserted!.durationSeconds,
        reason: inserted!.detail,
      })
    return inserted!
  })
  if (++deps.state.inserted % 200 === 0) {
    const cutoff = new Date(e.at.getTime() - deps.config.MODERATION_LOG_DAYS * 86_400_000)
    await deps.db.delete(moderationLog).where(lt(moderationLog.at, cutoff))
  }
  return row
}

const PAGE = z.object({
  search: z.string().max(100, 'A search has at most 100 characters').nullish(),
  filter: z.string().max(20).nullish(),
  action: z.string().max(20).nullish(),
  first: z.number().int().min(1, 'first is 1 to 100').max(100, 'first is 1 to 100'),
  offset: z.number().int().min(0, 'offset is 0 or more').max(100_000),
})

export async function logPage(
  { db }: ModerationCoreDeps,
  channelId: number,
  args: { search?: string | null; filter?: string | null; action?: string | null; first?: number | null; offset?: number | null },
) {
  const a = parseInput(PAGE, { ...args, first: args.first ?? 20, offset: args.offset ?? 0 }, 'log')
  const where: SQL[] = [eq(moderationLog.channelId, channelId)]
  if (a.search?.trim()) {
    const like = `%${escapeLike(a.search.trim())}%`
    where.push(or(ilike(moderationLog.viewerLogin, like), ilike(moderationLog.viewerName, like))!)
  }
  if (a.filter) where.push(eq(moderationLog.filter, a.filter))
  if (a.action) where.push(sql`${moderationLog.action} = ${a.action}`)
  const cond = and(...where)
  const [items, [total]] = await Promise.all([
    db.select().from(moderationLog).where(cond).orderBy(desc(moderationLog.id)).limit(a.first).offset(a.offset),
    db.select({ n: count() }).from(moderationLog).where(cond),
  ])
  return { total: total?.n ?? 0, items }
}

export interface FilterCount {
  filter: string
  count: number
  lastDay: number
  lastWeek: number
}

/** Actions per filter over the log's retention, and within the last 24 hours and 7 days (one query). */
export async function counts({ db, now }: ModerationCoreDeps, channelId: number): Promise<FilterCount[]> {
  const t = now().getTime()
  const since = (ms: number) => sql<number>`(count(*) filter (where ${moderationLog.at} >= ${new Date(t - ms).toISOString()}::timestamptz))::int`
  const rows = await db
    .select({ filter: moderationLog.filter, n: count(), day: since(86_400_000), week: since(7 * 86_400_000) })
    .from(moderationLog)
    .where(and(eq(moderationLog.channelId, channelId), eq(moderationLog.source, 'filter')))
    .groupBy(moderationLog.filter)
  return rows.map((r) => ({ filter: r.filter ?? '', count: r.n, lastDay: Number(r.day), lastWeek: Number(r.week) }))
}
