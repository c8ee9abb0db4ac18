/** Which invoices a scope reads and changes, and the money paid on one. */
import { count, eq, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { toCents } from '../../money'
import type { Scope } from '../../permissions/scope'
import { invoicePayments, invoices, type InvoiceRow } from './invoices.tables'

/** What a scope may read: admins all; resellers their clients' invoices and their own; clients their own. */
export function visible(scope: Scope): SQL | undefined {
  if (scope.kind === 'all') return undefined
  if (scope.kind === 'self') return eq(invoices.userId, scope.actorId)
  return or(eq(invoices.resellerId, scope.actorId), eq(invoices.userId, scope.actorId))
}

/** What a scope may change (edit, send, record payments): admins all; resellers their clients' invoices. */
export function manageable(scope: Scope, row: InvoiceRow): boolean {
  if (scope.kind === 'all') return true
  return scope.kind === 'reseller' && row.resellerId === scope.actorId && row.userId !== scope.actorId
}

/**
 * Who records money on an invoice. A shop invoice (one with an order) mints licence keys
 * when paid, so only admins (or, once one is wired, a payment provider's confirmed callback)
 * record payments on it: a reseller who could would mint keys for their clients without
 * paying. A reseller records what their client paid on an invoice they wrote by hand (it
 * mints nothing).
 */
export function canRecordPayment(scope: Scope, row: InvoiceRow): boolean {
  return manageable(scope, row) && (scope.kind === 'all' || row.orderId === null)
}

export async function lockManageable(tx: Db, scope: Scope, id: number): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update')
  if (!row || !manageable(scope, row)) throw new AppError('NOT_FOUND', 'No such invoice')
  return row
}

export async function paidOf(handle: Db, id: number): Promise<number> {
  const [r] = await handle
    .select({
      paid: sql<string>`coalesce(sum(case when ${invoicePayments.kind} = 'payment' then ${invoicePayments.amount} else -${invoicePayments.amount} end), 0)`,
    })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, id))
  return toCents(r?.paid ?? 0)
}

export async function hasPayments(tx: Db, id: number) {
  const [r] = await tx.select({ n: count() }).from(invoicePayments).where(eq(invoicePayments.invoiceId, id))
  return (r?.n ?? 0) > 0
}
