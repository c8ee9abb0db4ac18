import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { plans, users } from '../../db/schema'

export const productKinds = ['plan', 'addon'] as const
export type ProductKind = (typeof productKinds)[number]
export const colorOptions = ['primary', 'success', 'warning', 'danger', 'info'] as const
export type ColorOption = (typeof colorOptions)[number]

/**
 * The shop's catalogue (spec §3 "Shop product"): licence products (a plan for a number of
 * days, kind 'plan') and add-ons an admin creates. A removed product keeps its row
 * (removedAt) so orders and invoices that name it stay whole.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: productKinds }).notNull().default('addon'),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    brand: text('brand').notNull().default(''),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    image: text('image'),
    hasFreeShipping: boolean('has_free_shipping').notNull().default(true),
    rating: integer('rating').notNull().default(5),
    colorOptions: jsonb('color_options')
      .$type<ColorOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Licence products: the plan and the days a key gives. */
    planId: integer('plan_id').references(() => plans.id),
    totalDays: integer('total_days'),
    /** "featured" order. */
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    check('products_rating_range', sql`${t.rating} between 1 and 5`),
    check('products_price_positive', sql`${t.price} >= 0`),
    check('products_plan_days', sql`(${t.kind} = 'plan') = (${t.planId} is not null and ${t.totalDays} is not null)`),
  ],
)

/** Wishlist entry {id, productId}, per user. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_user_product_key').on(t.userId, t.productId)],
)

/** Cart entry {id, productId, qty}, per user. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_user_product_key').on(t.userId, t.productId), check('cart_items_qty_range', sql`${t.qty} between 1 and 100`)],
)

export const orderStatuses = ['pending', 'paid', 'refunded'] as const
export type OrderStatus = (typeof orderStatuses)[number]

/**
 * A checked-out cart. `resellerId` is the buyer's reseller at checkout (who may record its
 * payment); null for a reseller's own purchase or a client without a reseller.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resellerId: bigint('reseller_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('orders_user_idx').on(t.userId, t.id), index('orders_reseller_idx').on(t.resellerId, t.id)],
)

/** A line of an order: what was bought, as it was then (name, price, plan and days). */
export const orderItems = pgTable(
  'order_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    qty: integer('qty').notNull(),
    planId: integer('plan_id').references(() => plans.id),
    totalDays: integer('total_days'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
)

export type ProductRow = typeof products.$inferSelect
export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect
