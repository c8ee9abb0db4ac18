/** Who a user may chat with, as contacts with their presence. */
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import { users } from '../../db/schema'
import { escapeLike, parseInput } from '../../validation'
import { toId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { contactsWhere } from '../../permissions/contacts'
import { supportChatProfiles, type ChatStatus } from './support-chat.tables'
import { CONTACTS_SIZE, PRESENCE_WINDOW_MS, type ContactShape, searchInput } from './chat-model'
import type { SupportChatDeps } from './support-chat.deps'

export const displayName = sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})`

export function presence(deps: SupportChatDeps, chosen: ChatStatus | null, seenAt: Date | null): ChatStatus {
  const { now } = deps
  const status = chosen ?? 'online'
  if (status === 'offline' || !seenAt) return 'offline'
  return now().getTime() - seenAt.getTime() <= PRESENCE_WINDOW_MS ? status : 'offline'
}

export const scopeWhere = (deps: SupportChatDeps, actor: Principal) => contactsWhere(deps.db, actor)

export const contactColumns = {
  id: users.id,
  fullName: displayName,
  role: users.role,
  avatar: users.avatar,
  about: supportChatProfiles.about,
  chosen: supportChatProfiles.status,
  seenAt: supportChatProfiles.seenAt,
}
export type ContactRow = {
  id: number
  fullName: string
  role: string
  avatar: string | null
  about: string | null
  chosen: ChatStatus | null
  seenAt: Date | null
}
export const toContact = (deps: SupportChatDeps, r: ContactRow): ContactShape => ({
  id: r.id,
  fullName: r.fullName,
  role: r.role,
  about: r.about ?? '',
  avatar: r.avatar,
  status: presence(deps, r.chosen, r.seenAt),
})

/** The contacts of `actor`, by name, searched on name and username (q). */
export async function contacts(deps: SupportChatDeps, actor: Principal, q?: string | null): Promise<ContactShape[]> {
  const { db } = deps
  const search = parseInput(searchInput, q, 'q')?.trim()
  const where = await scopeWhere(deps, actor)
  const rows = await db
    .select(contactColumns)
    .from(users)
    .leftJoin(supportChatProfiles, eq(supportChatProfiles.userId, users.id))
    .where(search ? and(where, or(ilike(users.fullName, `%${escapeLike(search)}%`), ilike(users.username, `%${escapeLike(search)}%`))) : where)
    .orderBy(asc(displayName), asc(users.id))
    .limit(CONTACTS_SIZE)
  return rows.map((r) => toContact(deps, r))
}

/** One contact of `actor`, or null when the id is not one (reads as missing). */
export async function contact(deps: SupportChatDeps, actor: Principal, idRaw: string | number): Promise<ContactShape | null> {
  const { db } = deps
  const id = toId(idRaw)
  const [row] = await db
    .select(contactColumns)
    .from(users)
    .leftJoin(supportChatProfiles, eq(supportChatProfiles.userId, users.id))
    .where(and(eq(users.id, id), await scopeWhere(deps, actor)))
  return row ? toContact(deps, row) : null
}

/** Publishes a user's presence as their contacts now see it. */
export async function announce(deps: SupportChatDeps, userId: number) {
  const { db, pubsub } = deps
  const [row] = await db
    .select({ chosen: supportChatProfiles.status, seenAt: supportChatProfiles.seenAt })
    .from(supportChatProfiles)
    .where(eq(supportChatProfiles.userId, userId))
  pubsub.publish('supportChatPresence', { kind: 'presence', contactId: userId, status: presence(deps, row?.chosen ?? null, row?.seenAt ?? null) })
}
