import { and, eq, ne, or, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import type { Principal } from './abilities'

/**
 * Whom a user works with (support chat contacts, task assignees), as a condition on `users`:
 * a client their reseller and the admins, a reseller their clients and the admins, an admin
 * everyone. The caller themself is not included.
 */
export async function contactsWhere(db: Db, actor: Principal): Promise<SQL> {
  const me = actor.userId
  if (actor.admin) return ne(users.id, me)
  if (actor.role === 'reseller') return and(ne(users.id, me), or(eq(users.role, 'admin'), eq(users.resellerId, me)))!
  const [row] = await db.select({ resellerId: users.resellerId }).from(users).where(eq(users.id, me))
  const reseller = row?.resellerId
  return and(ne(users.id, me), reseller ? or(eq(users.role, 'admin'), eq(users.id, reseller)) : eq(users.role, 'admin'))!
}
