import { desc, eq, or } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { orders } from './shop.tables'
import type { ShopDeps } from './shop.deps'

/** The caller's orders (admins: all; resellers: theirs and their clients'), newest first. */
export async function myOrders(deps: ShopDeps, principal: Principal | null, limit = 50) {
  const { db } = deps
  const scope = scopeOf(principal)
  const where =
    scope.kind === 'all'
      ? undefined
      : scope.kind === 'self'
        ? eq(orders.userId, scope.actorId)
        : or(eq(orders.userId, scope.actorId), eq(orders.resellerId, scope.actorId))
  return db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(limit)
}
