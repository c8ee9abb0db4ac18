import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { products } from './shop.tables'
import { type ShopProduct, view, entries, onSale } from './shop-model'
import { parse, listInput } from './shop-inputs'
import type { ShopDeps } from './shop.deps'

/** GET /apps/ecommerce/products: the catalogue page, searched, sorted and paged in the database. */
export async function list(deps: ShopDeps, principal: Principal | null, raw: unknown) {
  const { db } = deps
  const { actorId } = scopeOf(principal)
  const a = parse(listInput, raw)
  const where: SQL[] = [onSale]
  if (a.q) {
    const like = `%${a.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    where.push(or(ilike(products.name, like), ilike(products.brand, like), ilike(products.description, like))!)
  }
  const order =
    a.sortBy === 'price-asc'
      ? [asc(products.price), asc(products.id)]
      : a.sortBy === 'price-desc'
        ? [desc(products.price), asc(products.id)]
        : [asc(products.sortOrder), asc(products.id)]
  const [rows, [{ n } = { n: 0 }], mine] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(...where))
      .orderBy(...order)
      .limit(a.perPage)
      .offset((a.page - 1) * a.perPage),
    db
      .select({ n: count() })
      .from(products)
      .where(and(...where)),
    entries(deps, actorId),
  ])
  const wish = new Set(mine.wishlist.map((w) => w.productId))
  const cart = new Set(mine.cart.map((c) => c.productId))
  return { products: rows.map((r) => view(r, wish, cart)), total: n, userWishlist: mine.wishlist, userCart: mine.cart }
}

/** One product on sale; null when unknown or removed. */
export async function get(deps: ShopDeps, principal: Principal | null, id: number): Promise<ShopProduct | null> {
  const { db } = deps
  const { actorId } = scopeOf(principal)
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), onSale))
  if (!row) return null
  const mine = await entries(deps, actorId)
  return view(row, new Set(mine.wishlist.map((w) => w.productId)), new Set(mine.cart.map((c) => c.productId)))
}
