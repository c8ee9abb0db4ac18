import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import { users } from '../../db/schema'
import type { ChannelRow } from '../channels/channels.tables'
import { planLimits } from '../channels/plan-limits'
import { bad, MAX_PAGE, MAX_SEARCH_LENGTH, monthStart, type ConversationDeps, type LogQuery, type Tx } from './conversation-deps'
import { conversationLog, type AnswerSource, type ConversationLogRow } from './conversation.tables'

/** Answers given this calendar month for all of the owner's channels, and the plan's limit. */
export async function usage({ db, now }: ConversationDeps, ownerId: number): Promise<{ used: number; limit: number | null }> {
  const [limits, [{ n } = { n: 0 }]] = await Promise.all([
    planLimits(db, ownerId),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversationLog)
      .where(and(eq(conversationLog.userId, ownerId), gte(conversationLog.at, monthStart(now())))),
  ])
  return { used: n, limit: limits.conversationAnswersPerMonth }
}

export async function logPage({ db }: ConversationDeps, channelId: number, q: LogQuery): Promise<{ total: number; items: ConversationLogRow[] }> {
  const search = (q.search ?? '').trim()
  const first = q.first ?? 20
  const offset = q.offset ?? 0
  const fields: Record<string, string[]> = {}
  if (search.length > MAX_SEARCH_LENGTH) fields.search = [`A search has at most ${MAX_SEARCH_LENGTH} characters`]
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) fields.first = [`A page has 1 to ${MAX_PAGE} entries`]
  if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) fields.offset = ['The offset is 0 to 1000000']
  if (Object.keys(fields).length) throw bad(fields)
  const conds: SQL[] = [eq(conversationLog.channelId, channelId)]
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conds.push(or(ilike(conversationLog.question, like), ilike(conversationLog.answer, like), ilike(conversationLog.viewerName, like))!)
  }
  const where = and(...conds)
  const [[{ n } = { n: 0 }], items] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversationLog)
      .where(where),
    db.select().from(conversationLog).where(where).orderBy(desc(conversationLog.at), desc(conversationLog.id)).limit(first).offset(offset),
  ])
  return { total: n, items }
}

/** One answer to write to the log; `answer` may be made inside the transaction (a rule's ${count}). */
export interface LogEntry {
  channel: ChannelRow
  viewerId: string
  viewerName: string
  question: string
  answer: string | ((tx: Tx) => Promise<string>)
  source: AnswerSource
  ruleId: number | null
  latencyMs: () => number
  error: string | null
}

/**
 * Writes one answer to the log, within the plan's monthly limit: the owner's user row is locked
 * so answers in several channels at once cannot pass the limit together. `answer` may be
 * made inside the transaction (a rule's ${count}). Drops the channel's entries older than
 * CONVERSATION_LOG_DAYS. null: the limit is used up and nothing was written or is to be said.
 */
export async function record({ db, now, config }: ConversationDeps, entry: LogEntry): Promise<string | null> {
  const { conversationAnswersPerMonth: limit } = await planLimits(db, entry.channel.userId)
  const at = now()
  const cutoff = new Date(at.getTime() - config.CONVERSATION_LOG_DAYS * 86_400_000)
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, entry.channel.userId)).for('update')
    if (limit !== null) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(conversationLog)
        .where(and(eq(conversationLog.userId, entry.channel.userId), gte(conversationLog.at, monthStart(at))))
      if (n >= limit) return null
    }
    const answer = typeof entry.answer === 'string' ? entry.answer : await entry.answer(tx)
    await tx.delete(conversationLog).where(and(eq(conversationLog.channelId, entry.channel.id), lt(conversationLog.at, cutoff)))
    await tx.insert(conversationLog).values({
      channelId: entry.channel.id,
      userId: entry.channel.userId,
      viewerId: entry.viewerId,
      viewerName: entry.viewerName,
      question: entry.question.slice(0, 1000),
      answer,
      source: entry.source,
      ruleId: entry.ruleId,
      latencyMs: Math.max(0, Math.round(entry.latencyMs())),
      error: entry.error,
      at,
    })
    return answer
  })
}

/** Has the owner's plan room for one more answer this month? (Checked before asking the model; enforced in `record`.) */
export async function withinLimit(deps: ConversationDeps, channel: ChannelRow): Promise<boolean> {
  const { used, limit } = await usage(deps, channel.userId)
  return limit === null || used < limit
}
