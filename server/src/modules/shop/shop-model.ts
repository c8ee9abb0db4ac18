/** A product as the shop and the catalogue editor show it, with the caller's wishlist and cart marks. */
import { and, asc, eq, isNull } from 'drizzle-orm'
import { AppError } from '../../errors'
import { cartItems, products, wishlistItems, type ProductRow } from './shop.tables'
import type { ShopDeps } from './shop.deps'

export interface ShopProduct {
  id: number
  name: string
  slug: string
  description: string
  brand: string
  price: number
  image: string | null
  hasFreeShipping: boolean
  rating: number
  isInWishlist: boolean
  isInCart: boolean
  colorOptions: string[]
}

/** Admin view: the spec's fields plus what the catalogue keeps behind them. */
export interface AdminProduct extends ShopProduct {
  kind: 'plan' | 'addon'
  planId: number | null
  totalDays: number | null
  sortOrder: number
  removed: boolean
}

export interface CartLine extends ShopProduct {
  qty: number
}

export const PRODUCT_SORTS = ['featured', 'price-asc', 'price-desc'] as const

export function view(row: ProductRow, wish: Set<number>, cart: Set<number>): ShopProduct {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    brand: row.brand,
    price: Number(row.price),
    image: row.image,
    hasFreeShipping: row.hasFreeShipping,
    rating: row.rating,
    isInWishlist: wish.has(row.id),
    isInCart: cart.has(row.id),
    colorOptions: row.colorOptions,
  }
}

export const adminView = (row: ProductRow): AdminProduct => ({
  ...view(row, new Set(), new Set()),
  kind: row.kind,
  planId: row.planId,
  totalDays: row.totalDays,
  sortOrder: row.sortOrder,
  removed: row.removedAt !== null,
})

export async function entries(deps: ShopDeps, userId: number) {
  const { db } = deps
  const [wishlist, cart] = await Promise.all([
    db
      .select({ id: wishlistItems.id, productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(asc(wishlistItems.id)),
    db
      .select({ id: cartItems.id, productId: cartItems.productId, qty: cartItems.qty })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.id)),
  ])
  return { wishlist, cart }
}

export const onSale = isNull(products.removedAt)

export async function requireOnSale(deps: ShopDeps, productId: number) {
  const { db } = deps
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), onSale))
  if (!row) throw new AppError('NOT_FOUND', 'No such product')
}
