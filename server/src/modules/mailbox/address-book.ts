import { eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import type { Address } from './mailbox.tables'

/**
 * Whose sign-in e-mail a mailbox shows. A user's e-mail is half of their sign-in, so a user
 * reads only the addresses they already hold: their own, an admin everyone's, a reseller their
 * clients'. Everyone else they may write to (the admins, a client's reseller) shows as an alias,
 * `user-<id>@users.invalid`, which the compose call takes back as that user; `.invalid` (RFC
 * 2606) can never be delivered, so an alias copied elsewhere reaches nobody. An address no
 * account holds any more (changed since the mail) shows as `former-user@users.invalid`.
 */
const ALIAS_DOMAIN = 'users.invalid'
const ALIAS = /^user-(\d{1,15})@users\.invalid$/
export const FORMER_USER = `former-user@${ALIAS_DOMAIN}`

export const aliasOf = (userId: number) => `user-${userId}@${ALIAS_DOMAIN}`

/** The user id an alias stands for, or null for any other address. */
export function isAddressAlias(email: string): number | null {
  const m = ALIAS.exec(email)
  return m ? Number(m[1]) : null
}

interface Viewer {
  id: number
  role: string
}

/** The users (a condition on `users`) whose e-mail `viewer` may read, and so search by. */
export function emailVisibleWhere(viewer: Viewer): SQL {
  if (viewer.role === 'admin') return sql`true`
  if (viewer.role === 'reseller') return or(eq(users.id, viewer.id), eq(users.resellerId, viewer.id))!
  return eq(users.id, viewer.id)
}

/**
 * What `viewerId` sees for the given addresses and user ids: one query for the users behind
 * them. `ofUser(id)` is the e-mail of that user or its alias; `list` rewrites stored addresses.
 */
export async function addressBook(db: Db, viewerId: number, emails: string[], userIds: number[]) {
  const [viewer] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, viewerId))
  if (viewer?.role === 'admin') return { ofUser: (_id: number, email: string) => email, list: (a: Address[]) => a }
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))]
  const ids = [...new Set(userIds)]
  const conditions = [lower.length ? inArray(sql`lower(${users.email})`, lower) : undefined, ids.length ? inArray(users.id, ids) : undefined].filter(
    (c) => c !== undefined,
  )
  const found = conditions.length
    ? await db
        .select({ id: users.id, email: users.email, visible: sql<boolean>`${viewer ? emailVisibleWhere(viewer) : sql`false`}` })
        .from(users)
        .where(or(...conditions))
    : []
  const byId = new Map(found.map((u) => [u.id, u]))
  const byEmail = new Map(found.map((u) => [u.email.toLowerCase(), u]))
  const shown = (u: (typeof found)[number] | undefined) => (!u ? FORMER_USER : u.visible ? u.email : aliasOf(u.id))
  return {
    ofUser: (id: number, _email: string) => shown(byId.get(id)),
    list: (addresses: Address[]) => addresses.map((a) => ({ ...a, email: shown(byEmail.get(a.email.toLowerCase())) })),
  }
}
