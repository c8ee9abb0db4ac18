import { and, eq } from 'drizzle-orm'
import { AppError } from '../../errors'
import { parseInput } from '../../validation'
import type { Principal } from '../../permissions/abilities'
import { supportChatMessages, supportChats } from './support-chat.tables'
import { type ChatMessageShape, messageInput } from './chat-model'
import { contact } from './chat-contacts'
import { pair, thread } from './chat-threads'
import type { SupportChatDeps } from './support-chat.deps'

/**
 * POST /apps/chat/chats/{contactId} {message, senderId}: senderId must be the caller
 * (FORBIDDEN otherwise, nothing written). Answers {newMessageData} (and the chat when this
 * message started it), or null when the id is not a contact.
 */
export async function send(deps: SupportChatDeps, actor: Principal, contactIdRaw: string | number, input: { message: unknown; senderId?: unknown }) {
  const { db, now, pubsub } = deps
  if (input.senderId !== undefined && input.senderId !== null && String(input.senderId) !== String(actor.userId)) {
    throw new AppError('FORBIDDEN', 'You can only send as yourself', { senderId: ['You can only send as yourself'] })
  }
  const text = parseInput(messageInput, input.message, 'message')
  const found = await contact(deps, actor, contactIdRaw)
  if (!found) return null
  const me = actor.userId
  const p = pair(me, found.id)
  const at = now()
  const result = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: supportChats.id })
      .from(supportChats)
      .where(and(eq(supportChats.userA, p.userA), eq(supportChats.userB, p.userB)))
    let chatId = existing?.id
    if (chatId === undefined) {
      const [made] = await tx
        .insert(supportChats)
        .values({ ...p, lastMessageAt: at })
        .onConflictDoUpdate({ target: [supportChats.userA, supportChats.userB], set: { lastMessageAt: at } })
        .returning({ id: supportChats.id })
      chatId = made!.id
    }
    const [msg] = await tx.insert(supportChatMessages).values({ chatId, senderId: me, message: text, time: at }).returning({ id: supportChatMessages.id })
    // The sender has seen everything up to their own message.
    await tx
      .update(supportChats)
      .set(me === p.userA ? { readA: msg!.id, lastMessageAt: at } : { readB: msg!.id, lastMessageAt: at })
      .where(eq(supportChats.id, chatId))
    return { chatId, messageId: msg!.id, isNew: existing === undefined }
  })
  const newMessageData: ChatMessageShape = { message: text, time: at.toISOString(), senderId: me }
  const event = { kind: 'message' as const, chatId: result.chatId, messageId: result.messageId, ...newMessageData }
  pubsub.publish('supportChatMessage', String(found.id), { ...event, contactId: me })
  pubsub.publish('supportChatMessage', String(me), { ...event, contactId: found.id })
  return result.isNew ? { newMessageData, chat: await thread(deps, actor, found.id) } : { newMessageData }
}
