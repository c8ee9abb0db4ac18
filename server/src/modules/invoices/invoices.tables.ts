import { sql } from 'drizzle-orm'
import { bigint, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { licences, users } from '../../db/schema'
import { orders } from '../shop/shop.tables'

/** Stored states; Paid, Partial Payment and Past Due are derived from the payments and the due date. */
export const invoiceBaseStatuses = ['Draft', 'Sent', 'Downloaded'] as const
export type InvoiceBaseStatus = (typeof invoiceBaseStatuses)[number]
export const invoiceStatuses = ['Paid', 'Downloaded', 'Sent', 'Draft', 'Partial Payment', 'Past Due'] as const
export type InvoiceStatus = (typeof invoiceStatuses)[number]

export interface InvoiceLine {
  description: string
  qty: number
  /** Unit price. */
  price: number
}

/**
 * An invoice (spec §3): the client's details as billed, its lines and total. Made at
 * checkout (orderId set) or by an admin or reseller. Ids start at 5037: 4987–5036 are the
 * seeded demo invoices. `userId` is the billed account (if any), `resellerId` the reseller
 * who may manage it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 5037 }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    resellerId: bigint('reseller_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: invoiceBaseStatuses }).notNull().default('Draft'),
    issuedDate: date('issued_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    clientName: text('client_name').notNull(),
    clientCompany: text('client_company').notNull().default(''),
    clientEmail: text('client_email').notNull(),
    clientAddress: text('client_address').notNull().default(''),
    clientCountry: text('client_country').notNull().default(''),
    clientContact: text('client_contact').notNull().default(''),
    avatar: text('avatar'),
    service: text('service').notNull(),
    lines: jsonb('lines')
      .$type<InvoiceLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    note: text('note').notNull().default(''),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    /** When the keys of a paid checkout invoice were minted (once). */
    licencesIssuedAt: timestamp('licences_issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId, t.id),
    index('invoices_reseller_idx').on(t.resellerId, t.id),
    index('invoices_order_idx').on(t.orderId),
    check('invoices_total_positive', sql`${t.total} >= 0`),
  ],
)

export const paymentKinds = ['payment', 'refund'] as const
export type PaymentKind = (typeof paymentKinds)[number]

/** Money received (or refunded) for an invoice; the balance is total minus payments plus refunds. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: paymentKinds }).notNull(),
    /** The provider that took it: 'manual' (bank transfer, recorded by hand) is the only one. */
    provider: text('provider').notNull().default('manual'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    reference: text('reference').notNull().default(''),
    recordedBy: bigint('recorded_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoiceId), check('invoice_payments_amount_positive', sql`${t.amount} > 0`)],
)

/** The licence keys a paid invoice minted (revoked again when it is refunded). */
export const invoiceLicences = pgTable(
  'invoice_licences',
  {
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    licenceId: bigint('licence_id', { mode: 'number' })
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    planId: integer('plan_id'),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.licenceId] })],
)

export type InvoiceRow = typeof invoices.$inferSelect
