import { eq } from 'drizzle-orm'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf } from '../../permissions/scope'
import { invoices, type InvoiceRow } from './invoices.tables'
import { type InvoiceDetail, totalOf } from './invoice-view'
import { lockManageable, hasPayments } from './invoice-scope'
import { parse, updateInput } from './invoice-inputs'
import { get } from './get-invoice'
import type { InvoicesDeps } from './invoices.deps'

/** Edits an invoice; the lines (and so the total) of a checkout invoice, or of one with payments, stay as they are. */
export async function update(deps: InvoicesDeps, principal: Principal | null, id: number, raw: unknown): Promise<InvoiceDetail> {
  const { db, audit, now } = deps
  const scope = scopeOf(principal)
  requireStaff(scope)
  const input = parse(updateInput, raw)
  await db.transaction(async (tx) => {
    const before = await lockManageable(tx, scope, id)
    if (input.lines && (before.orderId !== null || (await hasPayments(tx, id)))) {
      throw new AppError('CONFLICT', 'The lines of a checkout invoice or one with payments cannot change', { lines: ['These lines cannot change.'] })
    }
    const c = input.client ?? {}
    const set = {
      clientName: c.name,
      clientCompany: c.company,
      clientEmail: c.companyEmail,
      clientAddress: c.address,
      clientCountry: c.country,
      clientContact: c.contact,
      service: input.service,
      lines: input.lines,
      total: input.lines ? totalOf(input.lines) : undefined,
      note: input.note,
      issuedDate: input.issuedDate,
      dueDate: input.dueDate,
    }
    const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined))
    if (Object.keys(changes).length === 0) return
    const [after] = await tx
      .update(invoices)
      .set({ ...changes, updatedAt: now() })
      .where(eq(invoices.id, id))
      .returning()
    const pick = (r: InvoiceRow) => Object.fromEntries(Object.keys(changes).map((k) => [k, r[k as keyof InvoiceRow]]))
    await audit.write(tx, principal!, [{ action: 'invoice.update', entity: 'invoice', entityId: id, before: pick(before), after: pick(after!) }])
  })
  return (await get(deps, principal, id))!
}
