import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { cartItemsCount } from './cart-count'
import { cartItems, products } from './shop.tables'
import { type CartLine, entries, requireOnSale, view } from './shop-model'
import { parse, productIdField } from './shop-inputs'
import type { ShopDeps } from './shop.deps'

/** The cart with each line's quantity; a product removed meanwhile stays listed (checkout then refuses it) with `removed`. */
export async function cart(deps: ShopDeps, principal: Principal | null): Promise<Array<CartLine & { removed: boolean }>> {
  const { db } = deps
  const { actorId } = scopeOf(principal)
  const mine = await entries(deps, actorId)
  const ids = mine.cart.map((c) => c.productId)
  if (ids.length === 0) return []
  const rows = await db.select().from(products).where(inArray(products.id, ids))
  const byId = new Map(rows.map((r) => [r.id, r]))
  const wish = new Set(mine.wishlist.map((w) => w.productId))
  const inCart = new Set(ids)
  return mine.cart.flatMap((c) => {
    const row = byId.get(c.productId)
    return row ? [{ ...view(row, wish, inCart), qty: c.qty, removed: row.removedAt !== null }] : []
  })
}

/** Adds one to the cart (a product already there gets one more, up to 100). */
export async function addToCart(deps: ShopDeps, principal: Principal | null, rawProductId: unknown, qty = 1): Promise<void> {
  const { db, now } = deps
  const { actorId } = scopeOf(principal)
  const productId = parse(productIdField, rawProductId)
  const n = parse(z.number().int().min(1).max(100), qty)
  await requireOnSale(deps, productId)
  await db
    .insert(cartItems)
    .values({ userId: actorId, productId, qty: n, createdAt: now() })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { qty: sql`least(${cartItems.qty} + ${n}, 100)` } })
}

/** Sets a cart line's quantity (the checkout page's counter). */
export async function setCartQty(deps: ShopDeps, principal: Principal | null, rawProductId: unknown, qty: unknown): Promise<boolean> {
  const { db } = deps
  const { actorId } = scopeOf(principal)
  const productId = parse(productIdField, rawProductId)
  const n = parse(z.number().int().min(1).max(100), qty)
  const done = await db
    .update(cartItems)
    .set({ qty: n })
    .where(and(eq(cartItems.userId, actorId), eq(cartItems.productId, productId)))
    .returning({ id: cartItems.id })
  return done.length > 0
}

export async function removeFromCart(deps: ShopDeps, principal: Principal | null, rawProductId: unknown): Promise<boolean> {
  const { db } = deps
  const { actorId } = scopeOf(principal)
  const productId = parse(productIdField, rawProductId)
  const gone = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, actorId), eq(cartItems.productId, productId)))
    .returning({ id: cartItems.id })
  return gone.length > 0
}

/** userData `extras.eCommerceCartItemsCount`: the quantities in the user's cart. */
export const cartCount = (deps: ShopDeps, userId: number, handle: Db = deps.db) => cartItemsCount(handle, userId)
