import { and, eq } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { invoicePdf } from './invoice-pdf'
import { invoices } from './invoices.tables'
import { get } from './get-invoice'
import type { InvoicesDeps } from './invoices.deps'

/** The invoice as a PDF (the client downloading their Sent invoice makes it Downloaded); null when missing or out of scope. */
export async function pdf(deps: InvoicesDeps, principal: Principal | null, id: number): Promise<Uint8Array | null> {
  const { db, seller } = deps
  const detail = await get(deps, principal, id)
  if (!detail) return null
  if (detail.userId === principal!.userId && principal!.role === 'client') {
    await db
      .update(invoices)
      .set({ status: 'Downloaded' })
      .where(and(eq(invoices.id, id), eq(invoices.status, 'Sent')))
  }
  return invoicePdf({ ...detail.invoice, lines: detail.lines, note: detail.note, paymentDetails: detail.paymentDetails }, deps.currency, seller)
}
