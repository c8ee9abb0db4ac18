import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm'
import { Repeater, type PubSub } from 'graphql-yoga'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { escapeLike, parseInput } from '../../validation'
import { toId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { contactsWhere } from '../../permissions/contacts'
import type { SupportChatEvent, Topics } from '../../realtime/pubsub'
import { twoStep } from '../two-step/two-step.tables'
import { chatStatuses, supportChatMessages, supportChatProfiles, supportChats, type ChatStatus } from './support-chat.tables'

export const MAX_MESSAGE_LENGTH = 2000
export const MAX_ABOUT_LENGTH = 500
/** Messages a thread answers at most (the newest). */
export const THREAD_SIZE = 200
/** Contacts a list answers at most (searched with q). */
export const CONTACTS_SIZE = 100
/** A connected user refreshes their heartbeat this often; one silent for twice as long reads offline. */
export const HEARTBEAT_MS = 20_000
const PRESENCE_WINDOW_MS = 3 * HEARTBEAT_MS

export interface ChatMessageShape {
  message: string
  time: string
  senderId: number
}

export interface ContactShape {
  id: number
  fullName: string
  role: string
  about: string
  avatar: string | null
  status: ChatStatus
}

export interface ProfileUserShape {
  id: number
  avatar: string | null
  fullName: string
  role: string
  about: string
  status: ChatStatus
  settings: { isTwoStepAuthVerificationEnabled: boolean; isNotificationsOn: boolean }
}

export interface ChatShape {
  id: number
  userId: number
  unseenMsgs: number
  messages: ChatMessageShape[]
}

export interface ChatContactShape extends ContactShape {
  chat: { id: number; unseenMsgs: number; lastMessage: ChatMessageShape | null }
}

export interface ProfileInput {
  about?: string | null
  status?: string | null
  isNotificationsOn?: boolean | null
}

const messageInput = z
  .string({ message: 'The message must be text' })
  .trim()
  .min(1, 'The message is empty')
  .max(MAX_MESSAGE_LENGTH, `A message has at most ${MAX_MESSAGE_LENGTH} characters`)
const profileInput = z.object({
  about: z.string().trim().max(MAX_ABOUT_LENGTH, `About has at most ${MAX_ABOUT_LENGTH} characters`).nullish(),
  status: z.enum(chatStatuses, { message: `One of ${chatStatuses.join(', ')}` }).nullish(),
  isNotificationsOn: z.boolean().nullish(),
})
const searchInput = z.string().max(100, 'The search has at most 100 characters').nullish()

/**
 * The support chat (spec sections 3 and 7, /apps/chat): one conversation per pair of users
 * in each other's scope — a client with their reseller and the admins, a reseller with their
 * clients and the admins, admins with everyone. Messages are stored and published to the
 * recipient's subscription (through Redis with REDIS_URL); presence is the chosen status while
 * the user is connected (a heartbeat in the database, so it holds across processes), else
 * offline. Unseen counts are per side, cleared when the thread is read.
 */
export function createSupportChatService(deps: { db: Db; now: () => Date; pubsub: PubSub<Topics> }) {
  const { db, now, pubsub } = deps
  /** Live subscriptions in this process, per user. */
  const connections = new Map<number, number>()

  const displayName = sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})`

  function presence(chosen: ChatStatus | null, seenAt: Date | null): ChatStatus {
    const status = chosen ?? 'online'
    if (status === 'offline' || !seenAt) return 'offline'
    return now().getTime() - seenAt.getTime() <= PRESENCE_WINDOW_MS ? status : 'offline'
  }

  const scopeWhere = (actor: Principal) => contactsWhere(db, actor)

  const contactColumns = {
    id: users.id,
    fullName: displayName,
    role: users.role,
    avatar: users.avatar,
    about: supportChatProfiles.about,
    chosen: supportChatProfiles.status,
    seenAt: supportChatProfiles.seenAt,
  }
  type ContactRow = { id: number; fullName: string; role: string; avatar: string | null; about: string | null; chosen: ChatStatus | null; seenAt: Date | null }
  const toContact = (r: ContactRow): ContactShape => ({
    id: r.id,
    fullName: r.fullName,
    role: r.role,
    about: r.about ?? '',
    avatar: r.avatar,
    status: presence(r.chosen, r.seenAt),
  })

  /** The contacts of `actor`, by name, searched on name and username (q). */
  async function contacts(actor: Principal, q?: string | null): Promise<ContactShape[]> {
    const search = parseInput(searchInput, q, 'q')?.trim()
    const where = await scopeWhere(actor)
    const rows = await db
      .select(contactColumns)
      .from(users)
      .leftJoin(supportChatProfiles, eq(supportChatProfiles.userId, users.id))
      .where(search ? and(where, or(ilike(users.fullName, `%${escapeLike(search)}%`), ilike(users.username, `%${escapeLike(search)}%`))) : where)
      .orderBy(asc(displayName), asc(users.id))
      .limit(CONTACTS_SIZE)
    return rows.map(toContact)
  }

  /** One contact of `actor`, or null when the id is not one (reads as missing). */
  async function contact(actor: Principal, idRaw: string | number): Promise<ContactShape | null> {
    const id = toId(idRaw)
    const [row] = await db
      .select(contactColumns)
      .from(users)
      .leftJoin(supportChatProfiles, eq(supportChatProfiles.userId, users.id))
      .where(and(eq(users.id, id), await scopeWhere(actor)))
    return row ? toContact(row) : null
  }

  async function profile(actor: Principal): Promise<ProfileUserShape> {
    const [row] = await db
      .select({ ...contactColumns, twoStepOn: twoStep.enabledAt, notificationsOn: supportChatProfiles.notificationsOn })
      .from(users)
      .leftJoin(supportChatProfiles, eq(supportChatProfiles.userId, users.id))
      .leftJoin(twoStep, eq(twoStep.userId, users.id))
      .where(eq(users.id, actor.userId))
    if (!row) throw new AppError('UNAUTHENTICATED', 'Sign in first')
    return {
      id: row.id,
      avatar: row.avatar,
      fullName: row.fullName,
      role: row.role,
      about: row.about ?? '',
      // Your own status is the one you chose (others see offline while you are not connected).
      status: row.chosen ?? 'online',
      // The spec's field shows the account's real two-step verification (set in account settings), not a chat setting.
      settings: { isTwoStepAuthVerificationEnabled: row.twoStepOn != null, isNotificationsOn: row.notificationsOn ?? true },
    }
  }

  async function updateProfile(actor: Principal, input: ProfileInput): Promise<ProfileUserShape> {
    const v = parseInput(profileInput, input, 'input')
    const set: Partial<typeof supportChatProfiles.$inferInsert> = {}
    if (v.about != null) set.about = v.about
    if (v.status != null) set.status = v.status
    if (v.isNotificationsOn != null) set.notificationsOn = v.isNotificationsOn
    if (Object.keys(set).length > 0) {
      await db
        .insert(supportChatProfiles)
        .values({ userId: actor.userId, ...set })
        .onConflictDoUpdate({ target: supportChatProfiles.userId, set })
      if (set.status) await announce(actor.userId)
    }
    return profile(actor)
  }

  /** Publishes a user's presence as their contacts now see it. */
  async function announce(userId: number) {
    const [row] = await db
      .select({ chosen: supportChatProfiles.status, seenAt: supportChatProfiles.seenAt })
      .from(supportChatProfiles)
      .where(eq(supportChatProfiles.userId, userId))
    pubsub.publish('supportChatPresence', { kind: 'presence', contactId: userId, status: presence(row?.chosen ?? null, row?.seenAt ?? null) })
  }

  const pair = (a: number, b: number) => (a < b ? { userA: a, userB: b } : { userA: b, userB: a })

  const myRead = (me: number) => sql`case when ${supportChats.userA} = ${me} then ${supportChats.readA} else ${supportChats.readB} end`
  const unseenOf = (me: number) =>
    sql<number>`(select count(*)::int from support_chat_messages m where m.chat_id = ${supportChats.id} and m.sender_id <> ${me} and m.id > ${myRead(me)})`

  const toMessage = (r: { message: string; time: Date | string; senderId: number | string }): ChatMessageShape => ({
    message: r.message,
    time: new Date(r.time).toISOString(),
    senderId: Number(r.senderId),
  })

  /** The chats of `actor` with contacts still in scope, latest first, each with its contact. */
  async function chatsContacts(actor: Principal): Promise<ChatContactShape[]> {
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
      .where(and(or(eq(supportChats.userA, me), eq(supportChats.userB, me)), await scopeWhere(actor)))
      .orderBy(desc(supportChats.lastMessageAt), desc(supportChats.id))
      .limit(CONTACTS_SIZE)
    return rows.map((r) => ({
      ...toContact(r),
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
  async function chatsAndContacts(actor: Principal, q?: string | null) {
    const [chats, list, me] = [await chatsContacts(actor), await contacts(actor, q), await profile(actor)]
    return { chatsContacts: chats, contacts: list, profileUser: { id: me.id, avatar: me.avatar, fullName: me.fullName, status: me.status } }
  }

  async function chatRow(me: number, contactId: number) {
    const [row] = await db
      .select({ id: supportChats.id, unseen: unseenOf(me) })
      .from(supportChats)
      .where(and(eq(supportChats.userA, pair(me, contactId).userA), eq(supportChats.userB, pair(me, contactId).userB)))
    return row ?? null
  }

  /** The thread with a contact (the newest THREAD_SIZE messages, oldest first), or null when none was written. */
  async function thread(actor: Principal, contactId: number): Promise<ChatShape | null> {
    const row = await chatRow(actor.userId, contactId)
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
  async function chat(actor: Principal, contactIdRaw: string | number, opts: { markRead?: boolean } = {}) {
    const found = await contact(actor, contactIdRaw)
    if (!found) return null
    if (opts.markRead) await markRead(actor, found.id)
    return { chat: await thread(actor, found.id), contact: found }
  }

  /** Marks every message of the thread with `contactId` as seen by `actor`; answers false for a non-contact. */
  async function markRead(actor: Principal, contactIdRaw: string | number): Promise<boolean> {
    const found = await contact(actor, contactIdRaw)
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

  /**
   * POST /apps/chat/chats/{contactId} {message, senderId}: senderId must be the caller
   * (FORBIDDEN otherwise, nothing written). Answers {newMessageData} (and the chat when this
   * message started it), or null when the id is not a contact.
   */
  async function send(actor: Principal, contactIdRaw: string | number, input: { message: unknown; senderId?: unknown }) {
    if (input.senderId !== undefined && input.senderId !== null && String(input.senderId) !== String(actor.userId)) {
      throw new AppError('FORBIDDEN', 'You can only send as yourself', { senderId: ['You can only send as yourself'] })
    }
    const text = parseInput(messageInput, input.message, 'message')
    const found = await contact(actor, contactIdRaw)
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
    return result.isNew ? { newMessageData, chat: await thread(actor, found.id) } : { newMessageData }
  }

  async function heartbeat(userId: number, at: Date | null) {
    await db
      .insert(supportChatProfiles)
      .values({ userId, seenAt: at })
      .onConflictDoUpdate({ target: supportChatProfiles.userId, set: { seenAt: at } })
  }

  /**
   * The live events of `actor`: their new messages (sent and received) and the presence of
   * their contacts. While it runs the user counts as connected (a heartbeat every HEARTBEAT_MS).
   */
  async function events(actor: Principal): Promise<AsyncIterable<SupportChatEvent>> {
    const me = actor.userId
    // Presence of contacts only: admins see everyone's, anyone else their (few) contacts'.
    const allowed = actor.admin
      ? null
      : new Set(
          (
            await db
              .select({ id: users.id })
              .from(users)
              .where(await scopeWhere(actor))
          ).map((r) => r.id),
        )
    return new Repeater<SupportChatEvent>(async (push, stop) => {
      const messages = pubsub.subscribe('supportChatMessage', String(me))[Symbol.asyncIterator]()
      const presences = pubsub.subscribe('supportChatPresence')[Symbol.asyncIterator]()
      connections.set(me, (connections.get(me) ?? 0) + 1)
      await heartbeat(me, now())
      await announce(me)
      const timer = setInterval(() => void heartbeat(me, now()).catch(() => {}), HEARTBEAT_MS)
      timer.unref?.()
      const pump = async <T extends SupportChatEvent>(it: AsyncIterator<T>, keep: (e: T) => boolean) => {
        for (;;) {
          const r = await Promise.race([it.next(), stop.then(() => ({ done: true, value: undefined }) as IteratorResult<T>)])
          if (r.done) return
          if (keep(r.value)) await push(r.value)
        }
      }
      void Promise.all([pump(messages, () => true), pump(presences, (e) => e.contactId !== me && (allowed === null || allowed.has(e.contactId)))]).catch(
        (e: unknown) => stop(e),
      )
      await stop
      clearInterval(timer)
      await Promise.allSettled([messages.return?.(), presences.return?.()])
      const left = (connections.get(me) ?? 1) - 1
      if (left > 0) connections.set(me, left)
      else {
        connections.delete(me)
        await heartbeat(me, null).catch(() => {})
        await announce(me).catch(() => {})
      }
    })
  }

  return { contacts, contact, profile, updateProfile, chatsAndContacts, chatsContacts, chat, thread, markRead, send, events }
}

export type SupportChatService = ReturnType<typeof createSupportChatService>
