import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { plans, users } from '../../db/schema'
import { AppError } from '../../errors'
import { fromCents, linesCents, priceInput, TOTAL_MAX_CENTS, TOTAL_TOO_LARGE } from '../../money'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import type { AuditService } from '../audit/audit.service'
import type { InvoicesService } from '../invoices/invoices.service'
import { cartItemsCount } from './cart-count'
import { cartItems, colorOptions, orderItems, orders, products, wishlistItems, type OrderRow, type ProductRow } from './shop.tables'
import { idInput, parseInput } from '../../http/input'

/** A product in the spec's shape (§3 "Shop product"). */
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

const parse = parseInput

/** A product id as REST and GraphQL send it ("12" or 12). */
export const productIdField = idInput('int4', 'Not a product id.')

const listInput = z.object({
  q: z.string().trim().max(100).optional().default(''),
  sortBy: z.enum(PRODUCT_SORTS).optional().default('featured'),
  perPage: z.coerce.number().int().min(1).max(100).optional().default(9),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
})

/** An image: an http(s) address, a path of this site, or an uploaded PNG/JPEG/WebP as a data URL (up to ~300 KB). */
const imageField = z
  .string()
  .trim()
  .max(400_000)
  .refine(
    (v) => v === '' || /^(https?:\/\/|\/(?!\/))[^\s]{0,2040}$/i.test(v) || /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(v),
    'An http(s) address, a path of this site, or a PNG, JPEG or WebP image.',
  )
  .nullable()
  .transform((v) => (v ? v : null))

const productInput = z
  .object({
    name: z.string().trim().min(1).max(120),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes.')
      .max(120),
    description: z.string().trim().max(4000),
    brand: z.string().trim().max(120),
    price: priceInput,
    image: imageField,
    hasFreeShipping: z.boolean(),
    rating: z.number().int().min(1).max(5),
    colorOptions: z.array(z.enum(colorOptions)).max(5),
    sortOrder: z.number().int().min(-10_000).max(10_000),
    /** Licence products: the plan and the days its key gives (both or neither). */
    planId: productIdField.nullable(),
    totalDays: z.number().int().min(1).max(3650).nullable(),
  })
  .strict()

export function createShopService(deps: { db: Db; audit: AuditService; invoices: InvoicesService; now: () => Date }) {
  const { db, audit, invoices, now } = deps

  function view(row: ProductRow, wish: Set<number>, cart: Set<number>): ShopProduct {
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

  const adminView = (row: ProductRow): AdminProduct => ({
    ...view(row, new Set(), new Set()),
    kind: row.kind,
    planId: row.planId,
    totalDays: row.totalDays,
    sortOrder: row.sortOrder,
    removed: row.removedAt !== null,
  })

  async function entries(userId: number) {
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

  const onSale = isNull(products.removedAt)

  /** GET /apps/ecommerce/products: the catalogue page, searched, sorted and paged in the database. */
  async function list(principal: Principal | null, raw: unknown) {
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
      entries(actorId),
    ])
    const wish = new Set(mine.wishlist.map((w) => w.productId))
    const cart = new Set(mine.cart.map((c) => c.productId))
    return { products: rows.map((r) => view(r, wish, cart)), total: n, userWishlist: mine.wishlist, userCart: mine.cart }
  }

  /** One product on sale; null when unknown or removed. */
  async function get(principal: Principal | null, id: number): Promise<ShopProduct | null> {
    const { actorId } = scopeOf(principal)
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), onSale))
    if (!row) return null
    const mine = await entries(actorId)
    return view(row, new Set(mine.wishlist.map((w) => w.productId)), new Set(mine.cart.map((c) => c.productId)))
  }

  async function wishlist(principal: Principal | null): Promise<ShopProduct[]> {
    const { actorId } = scopeOf(principal)
    const mine = await entries(actorId)
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

  /** The cart with each line's quantity; a product removed meanwhile stays listed (checkout then refuses it) with `removed`. */
  async function cart(principal: Principal | null): Promise<Array<CartLine & { removed: boolean }>> {
    const { actorId } = scopeOf(principal)
    const mine = await entries(actorId)
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

  async function requireOnSale(productId: number) {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), onSale))
    if (!row) throw new AppError('NOT_FOUND', 'No such product')
  }

  /** Adds to the wishlist (once; adding again changes nothing). */
  async function addToWishlist(principal: Principal | null, rawProductId: unknown): Promise<void> {
    const { actorId } = scopeOf(principal)
    const productId = parse(productIdField, rawProductId)
    await requireOnSale(productId)
    await db.insert(wishlistItems).values({ userId: actorId, productId, createdAt: now() }).onConflictDoNothing()
  }

  async function removeFromWishlist(principal: Principal | null, rawProductId: unknown): Promise<boolean> {
    const { actorId } = scopeOf(principal)
    const productId = parse(productIdField, rawProductId)
    const gone = await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, actorId), eq(wishlistItems.productId, productId)))
      .returning({ id: wishlistItems.id })
    return gone.length > 0
  }

  /** Adds one to the cart (a product already there gets one more, up to 100). */
  async function addToCart(principal: Principal | null, rawProductId: unknown, qty = 1): Promise<void> {
    const { actorId } = scopeOf(principal)
    const productId = parse(productIdField, rawProductId)
    const n = parse(z.number().int().min(1).max(100), qty)
    await requireOnSale(productId)
    await db
      .insert(cartItems)
      .values({ userId: actorId, productId, qty: n, createdAt: now() })
      .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { qty: sql`least(${cartItems.qty} + ${n}, 100)` } })
  }

  /** Sets a cart line's quantity (the checkout page's counter). */
  async function setCartQty(principal: Principal | null, rawProductId: unknown, qty: unknown): Promise<boolean> {
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

  async function removeFromCart(principal: Principal | null, rawProductId: unknown): Promise<boolean> {
    const { actorId } = scopeOf(principal)
    const productId = parse(productIdField, rawProductId)
    const gone = await db
      .delete(cartItems)
      .where(and(eq(cartItems.userId, actorId), eq(cartItems.productId, productId)))
      .returning({ id: cartItems.id })
    return gone.length > 0
  }

  /** userData `extras.eCommerceCartItemsCount`: the quantities in the user's cart. */
  const cartCount = (userId: number, handle: Db = db) => cartItemsCount(handle, userId)

  /**
   * Checkout: the cart becomes an order and its invoice (due in INVOICE_DUE_DAYS, sent to the
   * buyer through the outbox), and the cart is emptied, in one transaction. A product removed
   * meanwhile refuses the whole checkout (PRODUCT_UNAVAILABLE, naming it); nothing is written.
   */
  async function checkout(principal: Principal | null): Promise<{ order: OrderRow; invoiceId: number }> {
    const { actorId } = scopeOf(principal)
    return db.transaction(async (tx) => {
      const lines = await tx
        .select({ cart: cartItems, product: products })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.userId, actorId))
        .orderBy(asc(cartItems.id))
        .for('update')
      if (lines.length === 0) throw new AppError('CART_EMPTY', 'Your cart is empty.')
      const gone = lines.filter((l) => l.product.removedAt !== null)
      if (gone.length > 0) {
        throw new AppError('PRODUCT_UNAVAILABLE', 'A product in the cart is no longer available.', {
          productId: gone.map((l) => String(l.product.id)),
        })
      }
      const [buyer] = await tx.select().from(users).where(eq(users.id, actorId))
      if (!buyer) throw new AppError('NOT_FOUND', 'No such user')
      // Up to 100 of each product at up to PRICE_MAX: a large enough cart would pass orders.total's end.
      const totalCents = linesCents(lines.map((l) => ({ qty: l.cart.qty, price: l.product.price })))
      if (totalCents > TOTAL_MAX_CENTS) throw new AppError('BAD_USER_INPUT', TOTAL_TOO_LARGE, { cart: [TOTAL_TOO_LARGE] })
      const at = now()
      const [order] = await tx
        .insert(orders)
        .values({
          userId: buyer.id,
          resellerId: buyer.role === 'client' ? buyer.resellerId : null,
          total: String(fromCents(totalCents)),
          createdAt: at,
        })
        .returning()
      const items = await tx
        .insert(orderItems)
        .values(
          lines.map((l) => ({
            orderId: order!.id,
            productId: l.product.id,
            name: l.product.name,
            price: l.product.price,
            qty: l.cart.qty,
            planId: l.product.planId,
            totalDays: l.product.totalDays,
          })),
        )
        .returning()
      await tx.delete(cartItems).where(eq(cartItems.userId, actorId))
      const invoice = await invoices.createForOrderInTx(tx, principal!, order!, items, buyer)
      await audit.write(tx, principal!, [
        {
          action: 'order.create',
          entity: 'order',
          entityId: order!.id,
          before: null,
          after: { total: order!.total, items: items.length, invoiceId: invoice.id },
        },
      ])
      return { order: order!, invoiceId: invoice.id }
    })
  }

  // ---- Catalogue management (admins) ----

  async function adminList(principal: Principal | null): Promise<AdminProduct[]> {
    requireAdmin(scopeOf(principal))
    return (await db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id))).map(adminView)
  }

  async function checkPlan(tx: Db, planId: number | null, totalDays: number | null) {
    if ((planId === null) !== (totalDays === null)) {
      throw new AppError('BAD_USER_INPUT', 'A licence product needs a plan and its days', { planId: ['A plan and its days, or neither.'] })
    }
    if (planId !== null) {
      const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, planId))
      if (!plan) throw new AppError('BAD_USER_INPUT', 'No such plan', { planId: ['No such plan.'] })
    }
  }

  const slugTaken = () => new AppError('CONFLICT', 'This slug is already used', { slug: ['This slug is already used.'] })

  async function createProduct(principal: Principal | null, raw: unknown): Promise<AdminProduct> {
    requireAdmin(scopeOf(principal))
    const input = parse(
      productInput.partial({
        description: true,
        brand: true,
        image: true,
        hasFreeShipping: true,
        rating: true,
        colorOptions: true,
        sortOrder: true,
        planId: true,
        totalDays: true,
      }),
      raw,
    )
    return db.transaction(async (tx) => {
      const planId = input.planId ?? null
      const totalDays = input.totalDays ?? null
      await checkPlan(tx, planId, totalDays)
      const [row] = await tx
        .insert(products)
        .values({
          ...input,
          kind: planId === null ? 'addon' : 'plan',
          price: String(input.price),
          planId,
          totalDays,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: products.slug })
        .returning()
      if (!row) throw slugTaken()
      await audit.write(tx, principal!, [
        { action: 'product.create', entity: 'product', entityId: row.id, before: null, after: { ...adminView(row), image: row.image ? '(image)' : null } },
      ])
      return adminView(row)
    })
  }

  async function updateProduct(principal: Principal | null, id: number, raw: unknown): Promise<AdminProduct> {
    requireAdmin(scopeOf(principal))
    const input = parse(productInput.partial(), raw)
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update')
      if (!before) throw new AppError('NOT_FOUND', 'No such product')
      const planId = input.planId === undefined ? before.planId : input.planId
      const totalDays = input.totalDays === undefined ? before.totalDays : input.totalDays
      await checkPlan(tx, planId, totalDays)
      if (input.slug && input.slug !== before.slug) {
        const [other] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, input.slug))
        if (other) throw slugTaken()
      }
      const [after] = await tx
        .update(products)
        .set({ ...input, price: input.price === undefined ? undefined : String(input.price), planId, totalDays, kind: planId === null ? 'addon' : 'plan' })
        .where(eq(products.id, id))
        .returning()
      const shape = (r: ProductRow) => ({ ...adminView(r), image: r.image ? '(image)' : null })
      await audit.write(tx, principal!, [{ action: 'product.update', entity: 'product', entityId: id, before: shape(before), after: shape(after!) }])
      return adminView(after!)
    })
  }

  /** Takes a product off sale (orders and invoices naming it keep it); wishlists and carts keep their line until checkout refuses it. */
  async function removeProduct(principal: Principal | null, id: number): Promise<AdminProduct> {
    requireAdmin(scopeOf(principal))
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update')
      if (!before) throw new AppError('NOT_FOUND', 'No such product')
      if (before.removedAt) return adminView(before)
      const [after] = await tx.update(products).set({ removedAt: now() }).where(eq(products.id, id)).returning()
      await audit.write(tx, principal!, [{ action: 'product.remove', entity: 'product', entityId: id, before: { removed: false }, after: { removed: true } }])
      return adminView(after!)
    })
  }

  /** The caller's orders (admins: all; resellers: theirs and their clients'), newest first. */
  async function myOrders(principal: Principal | null, limit = 50) {
    const scope = scopeOf(principal)
    const where =
      scope.kind === 'all'
        ? undefined
        : scope.kind === 'self'
          ? eq(orders.userId, scope.actorId)
          : or(eq(orders.userId, scope.actorId), eq(orders.resellerId, scope.actorId))
    return db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(limit)
  }

  return {
    list,
    get,
    wishlist,
    cart,
    addToWishlist,
    removeFromWishlist,
    addToCart,
    setCartQty,
    removeFromCart,
    cartCount,
    checkout,
    adminList,
    createProduct,
    updateProduct,
    removeProduct,
    orders: myOrders,
  }
}

export type ShopService = ReturnType<typeof createShopService>
