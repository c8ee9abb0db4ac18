import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { invoiceLicences, invoicePayments, invoices } from './invoices.tables'
import { type InvoiceDetail, paidSql, view, paymentDetailsOf } from './invoice-view'
import { visible, manageable, canRecordPayment } from './invoice-scope'
import type { InvoicesDeps } from './invoices.deps'

/** One invoice in scope with its payment details, lines and payments; null when missing or out of scope. */
export async function get(deps: InvoicesDeps, principal: Principal | null, id: number, handle: Db = deps.db): Promise<InvoiceDetail | null> {
  const scope = scopeOf(principal)
  const [found] = await handle
    .select({ row: invoices, paid: paidSql })
    .from(invoices)
    .where(and(eq(invoices.id, id), visible(scope)))
  if (!found) return null
  const [payments, keys] = await Promise.all([
    handle.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id)).orderBy(asc(invoicePayments.id)),
    handle.select({ id: invoiceLicences.licenceId }).from(invoiceLicences).where(eq(invoiceLicences.invoiceId, id)),
  ])
  const invoice = view(deps, found.row, found.paid)
  return {
    invoice,
    paymentDetails: paymentDetailsOf(deps, invoice.balance),
    lines: found.row.lines,
    note: found.row.note,
    orderId: found.row.orderId,
    userId: found.row.userId,
    payments: payments.map((p) => ({ id: p.id, kind: p.kind, provider: p.provider, amount: Number(p.amount), reference: p.reference, at: p.at })),
    licenceIds: keys.map((k) => k.id),
    canManage: manageable(scope, found.row),
    canRecordPayment: canRecordPayment(scope, found.row),
  }
}
