import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { IncomingChat } from '../../platforms/types'
import type { ChatMessageEvent } from '../../realtime/pubsub'
import { users } from '../../db/schema'
import { toEvent, type ChatDeps } from './chat-deps'
import { sendersOf, trimSenders } from './chat-senders'
import type { Db } from '../../db/client'
import { groupedInsert } from '../../db/grouped'
import { arrayParam } from '../../db/id-list'
import { chatMessages, chatSenders, type ChatMessageRow, type NewChatMessage } from './chat.tables'

/**
 * The chat lines' INSERT: lines of every channel arriving while one is under way are stored
 * together in the next (db/grouped.ts); a line is published once it is stored.
 */
export function historyWriter(db: Db): (line: NewChatMessage) => Promise<ChatMessageRow> {
  return groupedInsert(
    (lines: NewChatMessage[]) => insertLines(db, lines),
    (line, row) => row.channelId === line.channelId && row.platformMessageId === line.platformMessageId,
  )
}

/** A line's channel and platform message id: what pairs it with the id the database returned. */
const keyOf = (channelId: number | string, platformMessageId: string) => `${channelId}:${platformMessageId}`

/**
 * The lines in one INSERT with one array parameter per column, `unnest`ed: a VALUES list made
 * drizzle build, and pg send, a parameter per field, which was most of the bot worker's CPU per
 * chat line. Answers the stored rows: each line with the id the database returned for its channel
 * and message id (RETURNING's order is not relied on); a line nothing was returned for is left out.
 */
async function insertLines(db: Db, given: NewChatMessage[]): Promise<ChatMessageRow[]> {
  const lines = given.map((l) => ({ ...l, roles: l.roles ?? [], fromBot: l.fromBot ?? false, removed: l.removed ?? false }))
  const column = <T extends string | number | boolean | Date>(type: Parameters<typeof arrayParam>[1], of: (l: (typeof lines)[number]) => T) =>
    arrayParam(lines.map(of), type)
  const result = (await db.execute(sql`
    insert into ${chatMessages} (channel_id, platform_message_id, user_id, user_login, user_name, text, roles, from_bot, removed, at)
    select * from unnest(${sql.join(
      [
        column('bigint', (l) => l.channelId),
        column('text', (l) => l.platformMessageId),
        column('text', (l) => l.userId),
        column('text', (l) => l.userLogin),
        column('text', (l) => l.userName),
        column('text', (l) => l.text),
        column('jsonb', (l) => JSON.stringify(l.roles)),
        column('boolean', (l) => l.fromBot),
        column('boolean', (l) => l.removed),
        column('timestamptz', (l) => l.at),
      ],
      sql`, `,
    )})
    returning id, channel_id, platform_message_id`)) as unknown as {
    rows: Array<{ id: string | number; channel_id: string | number; platform_message_id: string }>
  }
  const ids = new Map<string, number[]>()
  for (const r of result.rows) {
    const key = keyOf(r.channel_id, r.platform_message_id)
    ids.set(key, [...(ids.get(key) ?? []), Number(r.id)])
  }
  return lines.flatMap((line) => {
    const id = ids.get(keyOf(line.channelId, line.platformMessageId))?.shift()
    return id === undefined ? [] : [{ ...line, id }]
  })
}

export async function record(deps: ChatDeps, channelId: number, chat: IncomingChat, fromBot: boolean): Promise<ChatMessageEvent> {
  const row = await deps.history({
    channelId,
    platformMessageId: chat.messageId.slice(0, 100),
    userId: chat.userId.slice(0, 100),
    userLogin: chat.userLogin.slice(0, 100),
    userName: chat.userName.slice(0, 100),
    text: chat.text.slice(0, 2000),
    roles: chat.roles,
    fromBot,
    at: chat.at,
  })
  // Only a line of the bot's (or the broadcaster's) account may have come from the chatboard.
  const mayBeSent = fromBot || chat.roles.includes('broadcaster')
  const sender = mayBeSent ? ((await sendersOf(deps.db, channelId, [row.platformMessageId])).get(row.platformMessageId) ?? null) : null
  const event = toEvent(row, sender)
  deps.pubsub.publish('chatMessage', String(channelId), event)
  // Trim to the ring size now and then, not on every line.
  if (++deps.inserted.count % 20 === 0) await trim(deps, channelId)
  return event
}

async function trim({ db, historySize }: ChatDeps, channelId: number) {
  const [edge] = await db
    .select({ id: chatMessages.id, at: chatMessages.at })
    .from(chatMessages)
    .where(eq(chatMessages.channelId, channelId))
    .orderBy(desc(chatMessages.id))
    .offset(historySize)
    .limit(1)
  if (!edge) return
  await db.delete(chatMessages).where(and(eq(chatMessages.channelId, channelId), lte(chatMessages.id, edge.id)))
  await trimSenders(db, channelId, edge.at)
}

export async function recent({ db, historySize }: ChatDeps, channelId: number, first: number): Promise<ChatMessageEvent[]> {
  const rows = await db
    .select({ line: chatMessages, senderId: users.id, senderName: users.username })
    .from(chatMessages)
    .leftJoin(chatSenders, and(eq(chatSenders.channelId, chatMessages.channelId), eq(chatSenders.platformMessageId, chatMessages.platformMessageId)))
    .leftJoin(users, eq(users.id, chatSenders.accountId))
    .where(eq(chatMessages.channelId, channelId))
    .orderBy(desc(chatMessages.id))
    .limit(Math.min(Math.max(first, 1), historySize))
  return rows.reverse().map((r) => toEvent(r.line, r.senderId === null ? null : { id: String(r.senderId), username: r.senderName! }))
}

export async function countSince({ db }: ChatDeps, channelId: number, since: Date): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, channelId), sql`${chatMessages.at} >= ${since}`))
  return r?.n ?? 0
}

/** Moderation removed these lines: marked, and published again so the chatboard strikes them through. */
export async function markRemoved({ db, pubsub }: ChatDeps, channelId: number, platformMessageIds: string[]): Promise<void> {
  if (platformMessageIds.length === 0) return
  const rows = await db
    .update(chatMessages)
    .set({ removed: true })
    .where(and(eq(chatMessages.channelId, channelId), inArray(chatMessages.platformMessageId, platformMessageIds), eq(chatMessages.removed, false)))
    .returning()
  // The line published again keeps its sender (the chatboard replaces the line by id).
  const senders = await sendersOf(
    db,
    channelId,
    rows.map((r) => r.platformMessageId),
  )
  for (const r of rows) pubsub.publish('chatMessage', String(channelId), toEvent(r, senders.get(r.platformMessageId) ?? null))
}

/** The line a chatboard action was about: by its message id, else the viewer's latest line; null when gone from the ring. */
export async function lineOf({ db }: ChatDeps, channelId: number, by: { messageId?: string | null; userId?: string | null }): Promise<ChatMessageEvent | null> {
  const where = by.messageId ? eq(chatMessages.platformMessageId, by.messageId) : by.userId ? eq(chatMessages.userId, by.userId) : null
  if (!where) return null
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, channelId), where))
    .orderBy(desc(chatMessages.id))
    .limit(1)
  return row ? toEvent(row) : null
}
