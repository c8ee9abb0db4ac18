/** Small reads for the statistics cards, scoped like the lists. */
import { and, count, eq, gte, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import type { Scope } from '../../permissions/scope'
import { orderItems, orders } from '../shop/shop.tables'
import { invoicePayments, invoices } from './invoices.tables'
import { visible } from './invoice-scope'
import type { InvoicesDeps } from './invoices.deps'

const paidInvoices = (scope: Scope) => and(visible(scope), isNotNull(invoices.licencesIssuedAt))

/** Money received (payments minus refunds) per UTC day from `from` (YYYY-MM-DD) on, in scope. */
export async function paidRevenueByDay(deps: InvoicesDeps, scope: Scope, from: string): Promise<Array<{ day: string; amount: number }>> {
  const { db } = deps
  const day = sql<string>`to_char(${invoicePayments.at} at time zone 'UTC', 'YYYY-MM-DD')`
  const rows = await db
    .select({
      day,
      amount: sql<string>`sum(case when ${invoicePayments.kind} = 'payment' then ${invoicePayments.amount} else -${invoicePayments.amount} end)`,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(and(visible(scope), gte(invoicePayments.at, new Date(`${from}T00:00:00Z`))))
    .groupBy(day)
    .orderBy(day)
  return rows.map((r) => ({ day: r.day, amount: Number(r.amount) }))
}

/** Revenue of fully paid checkout invoices per plan (licence lines only), in scope. */
export async function paidRevenueByPlan(deps: InvoicesDeps, scope: Scope): Promise<Array<{ planId: number; amount: number; units: number }>> {
  const { db } = deps
  const rows = await db
    .select({
      planId: orderItems.planId,
      amount: sql<string>`sum(${orderItems.price} * ${orderItems.qty})`,
      units: sql<string>`sum(${orderItems.qty})`,
    })
    .from(orderItems)
    .innerJoin(invoices, eq(invoices.orderId, orderItems.orderId))
    .where(and(paidInvoices(scope), isNotNull(orderItems.planId)))
    .groupBy(orderItems.planId)
  return rows.map((r) => ({ planId: r.planId!, amount: Number(r.amount), units: Number(r.units) }))
}

/** Orders placed (optionally since a moment, and only paid ones), in scope. */
export async function ordersCount(deps: InvoicesDeps, scope: Scope, opts: { since?: Date; paidOnly?: boolean } = {}): Promise<number> {
  const { db } = deps
  const where: Array<SQL | undefined> = []
  if (scope.kind === 'self') where.push(eq(orders.userId, scope.actorId))
  if (scope.kind === 'reseller') where.push(or(eq(orders.userId, scope.actorId), eq(orders.resellerId, scope.actorId)))
  if (opts.since) where.push(gte(orders.createdAt, opts.since))
  if (opts.paidOnly) where.push(eq(orders.status, 'paid'))
  const [r] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(...where))
  return r?.n ?? 0
}
