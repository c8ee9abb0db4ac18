import { and, desc, eq, inArray, lte, notExists } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import type { ChatSender } from '../../realtime/pubsub'
import { toEvent, type ChatDeps } from './chat-deps'
import { chatMessages, chatSenders } from './chat.tables'

/** The dashboard senders of these lines of a channel, by platform message id. */
export async function sendersOf(db: Db, channelId: number, platformMessageIds: string[]): Promise<Map<string, ChatSender>> {
  const out = new Map<string, ChatSender>()
  if (platformMessageIds.length === 0) return out
  const rows = await db
    .select({ messageId: chatSenders.platformMessageId, id: users.id, username: users.username })
    .from(chatSenders)
    .innerJoin(users, eq(users.id, chatSenders.accountId))
    .where(and(eq(chatSenders.channelId, channelId), inArray(chatSenders.platformMessageId, platformMessageIds)))
  for (const r of rows) out.set(r.messageId, { id: String(r.id), username: r.username })
  return out
}

/**
 * The chatboard sent a line for `accountId` and the platform answered its message id: kept, and
 * when the bot already recorded the line (its echo may come before the answer), the line is
 * published again with its sender, so the chatboard names them without a reload. When the line
 * comes later, `record` finds the sender itself: one of the two always sees the other.
 */
export async function recordSender(deps: ChatDeps, channelId: number, platformMessageId: string, accountId: number): Promise<void> {
  const { db, pubsub } = deps
  const messageId = platformMessageId.slice(0, 100)
  await db.insert(chatSenders).values({ channelId, platformMessageId: messageId, accountId, createdAt: deps.now() }).onConflictDoNothing()
  const [line] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, channelId), eq(chatMessages.platformMessageId, messageId)))
    .orderBy(desc(chatMessages.id))
    .limit(1)
  if (!line) return
  const sender = (await sendersOf(db, channelId, [messageId])).get(messageId) ?? null
  pubsub.publish('chatMessage', String(channelId), toEvent(line, sender))
}

/** The ring dropped the channel's lines up to one said at `at`: the senders of lines no longer kept go with them. */
export async function trimSenders(db: Db, channelId: number, at: Date): Promise<void> {
  const kept = db
    .select({ one: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, chatSenders.channelId), eq(chatMessages.platformMessageId, chatSenders.platformMessageId)))
  await db.delete(chatSenders).where(and(eq(chatSenders.channelId, channelId), lte(chatSenders.createdAt, at), notExists(kept)))
}
