import { and, eq, inArray } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { products, wishlistItems } from './shop.tables'
import { type ShopProduct, view, entries, onSale, requireOnSale } from './shop-model'
import { parse, productIdField } from './shop-inputs'
import type { ShopDeps } from './shop.deps'

export async function wishlist(deps: ShopDeps, principal: Principal | null): Promise<ShopProduct[]> {
  const { db } = deps
  const { actorId } = scopeOf(principal)
  const mine = await entries(deps, actorId)
  const ids = mine.wishlist.map((w) => w.productId)
  if (ids.length === 0) return []
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), onSale))
  const byId = new Map(rows.map((r) => [r.id, r]))
  const wish = new Set(ids)
  const cart = new Set(mine.cart.map((c) => c.productId))
  return ids.flatMap((id) => (byId.has(id) ? [view(byId.get(id)!, wish, cart)] : []))
}

/** Adds to the wishlist (once; adding again changes nothing). */
export async function addToWishlist(deps: ShopDeps, principal: Principal | null, rawProductId: unknown): Promise<void> {
  const { db, now } = deps
  const { actorId } = scopeOf(principal)
  const productId = parse(productIdField, rawProductId)
  await requireOnSale(deps, productId)
  await db.insert(wishlistItems).values({ userId: actorId, productId, createdAt: now() }).onConflictDoNothing()
}

export async function removeFromWishlist(deps: ShopDeps, principal: Principal | null, rawProductId: unknown): Promise<boolean> {
  const { db } = deps
  const { actorId } = scopeOf(principal)
  const productId = parse(productIdField, rawProductId)
  const gone = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, actorId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id })
  return gone.length > 0
}
