import { and, desc, eq, or, sql } from 'drizzle-orm'
import { users } from '../../db/schema'
import type { Principal } from '../../permissions/abilities'
import { supportChatMessages, supportChatProfiles, supportChats } from './support-chat.tables'
import { THREAD_SIZE, CONTACTS_SIZE, type ChatMessageShape, type ChatShape, type ChatContactShape } from './chat-model'
import { scopeWhere, contacts, contact, toContact, contactColumns } from './chat-contacts'
import { profile } from './chat-profile'
import type { SupportChatDeps } from './support-chat.deps'

export const pair = (a: number, b: number) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a })

export const myRead = (me: number) => sql`case when ${supportChats.userA} = ${me} then ${supportChats.readA} else ${supportChats.readB} end`
export const unseenOf = (me: number) =>
  sql<number>`(select count(*)::int from support_chat_messages m where m.chat_id = ${supportChats.id} and m.sender_id <> ${me} and m.id > ${myRead(me)})`

export const toMessage = (r: { message: string; time: Date | string; senderId: number | string }): ChatMessageShape => ({
  message: r.message,
  time: new Date(r.time).toISOString(),
  senderId: Number(r.senderId),
})

/** The chats of `actor` with contacts still in scope, latest first, each with its contact. */
export async function chatsContacts(deps: SupportChatDeps, actor: Principal): Promise<ChatContactShape[]> {
  const { db } = deps
  const me = actor.userId
  const other = sql`case when ${supportChats.userA} = ${me} then ${supportChats.userB} else ${supportChats.userA} end`
  const rows = await db
    .select({
      ...contactColumns,
      chatId: supportChats.id,
      unseen: unseenOf(me),
      lastMessage: sql<string | null>`(select m.message from support_chat_messages m where m.chat_id = ${supportChats.id} order by m.id desc limit 1)`,
      lastTime: sql<string | null>`(select m.time from support_chat_messages m where m.chat_id = ${supportChats.id} order by m.id desc limit 1)`,
      lastSender: sql<string | null>`(select m.sender_id from support_chat_messages m where m.chat_id = ${supportChats.id} order by m.id desc limit 1)`,
    })
    .from(supportChats)
    .innerJoin(users, eq(users.id, other))
    .leftJoin(supportChatProfiles, eq(supportChatProfiles.userId, users.id))
    .where(and(or(eq(supportChats.userA, me), eq(supportChats.userB, me)), await scopeWhere(deps, actor)))
    .orderBy(desc(supportChats.lastMessageAt), desc(supportChats.id))
    .limit(CONTACTS_SIZE)
  return rows.map((r) => ({
    ...toContact(deps, r),
    chat: {
      id: r.chatId,
      unseenMsgs: Number(r.unseen),
      lastMessage:
        r.lastMessage === null || r.lastTime === null || r.lastSender === null
          ? null
          : toMessage({ message: r.lastMessage, time: r.lastTime, senderId: r.lastSender }),
    },
  }))
}

/** GET /apps/chat/chats-and-contacts: {chatsContacts, contacts, profileUser}. */
export async function chatsAndContacts(deps: SupportChatDeps, actor: Principal, q?: string | null) {
  const [chats, list, me] = [await chatsContacts(deps, actor), await contacts(deps, actor, q), await profile(deps, actor)]
  return { chatsContacts: chats, contacts: list, profileUser: { id: me.id, avatar: me.avatar, fullName: me.fullName, status: me.status } }
}

export async function chatRow(deps: SupportChatDeps, me: number, contactId: number) {
  const { db } = deps
  const [row] = await db
    .select({ id: supportChats.id, unseen: unseenOf(me) })
    .from(supportChats)
    .where(and(eq(supportChats.userA, pair(me, contactId).userA), eq(supportChats.userB, pair(me, contactId).userB)))
  return row ?? null
}

/** The thread with a contact (the newest THREAD_SIZE messages, oldest first), or null when none was written. */
export async function thread(deps: SupportChatDeps, actor: Principal, contactId: number): Promise<ChatShape | null> {
  const { db } = deps
  const row = await chatRow(deps, actor.userId, contactId)
  if (!row) return null
  const messages = await db
    .select({ message: supportChatMessages.message, time: supportChatMessages.time, senderId: supportChatMessages.senderId })
    .from(supportChatMessages)
    .where(eq(supportChatMessages.chatId, row.id))
    .orderBy(desc(supportChatMessages.id))
    .limit(THREAD_SIZE)
  return { id: row.id, userId: contactId, unseenMsgs: Number(row.unseen), messages: messages.reverse().map(toMessage) }
}

/** GET /apps/chat/chats/{contactId}: {chat, contact}, or null (a 404) when the id is not a contact. */
export async function chat(deps: SupportChatDeps, actor: Principal, contactIdRaw: string | number, opts: { markRead?: boolean } = {}) {
  const found = await contact(deps, actor, contactIdRaw)
  if (!found) return null
  if (opts.markRead) await markRead(deps, actor, found.id)
  return { chat: await thread(deps, actor, found.id), contact: found }
}

/** Marks every message of the thread with `contactId` as seen by `actor`; answers false for a non-contact. */
export async function markRead(deps: SupportChatDeps, actor: Principal, contactIdRaw: string | number): Promise<boolean> {
  const { db } = deps
  const found = await contact(deps, actor, contactIdRaw)
  if (!found) return false
  const me = actor.userId
  const p = pair(me, found.id)
  const last = sql`coalesce((select max(m.id) from support_chat_messages m where m.chat_id = ${supportChats.id}), 0)`
  await db
    .update(supportChats)
    .set(me === p.userA ? { readA: sql`${last}` } : { readB: sql`${last}` })
    .where(and(eq(supportChats.userA, p.userA), eq(supportChats.userB, p.userB)))
  return true
}
