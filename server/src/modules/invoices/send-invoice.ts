import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { toCents } from '../../money'
import type { Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf, type Scope } from '../../permissions/scope'
import { invoices, type InvoiceRow } from './invoices.tables'
import type { InvoiceDetail } from './invoice-view'
import { lockManageable, paidOf } from './invoice-scope'
import { get } from './get-invoice'
import type { InvoicesDeps } from './invoices.deps'

/**
 * Where an invoice is mailed. An invoice of an account goes to that account's sign-in
 * e-mail, whatever the invoice's client details say (they are editable, and a reseller must
 * not use the product's sender to mail any address they type). Only an invoice billed by
 * details alone (no account: admins write those, for a company outside the product) goes to
 * its client e-mail, and only an admin sends it.
 */
export async function recipientOf(tx: Db, scope: Scope, row: InvoiceRow): Promise<string> {
  if (row.userId !== null) {
    const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId))
    if (u) return u.email
  }
  if (scope.kind !== 'all') throw new AppError('FORBIDDEN', 'Only an administrator mails an invoice that is not billed to an account.')
  return row.clientEmail
}

/** Mails the invoice inside `tx`, counted against the sender's hourly mail allowance; returns the address. */
export async function sendInTx(deps: InvoicesDeps, tx: Db, actor: Principal, row: InvoiceRow): Promise<string> {
  const { mail, seller } = deps
  const to = await recipientOf(tx, scopeOf(actor), row)
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: deps.currency })
  const paid = await paidOf(tx, row.id)
  await mail.send(
    {
      to,
      subject: `Invoice #${row.id} from ${seller}`,
      text: [
        `Hello ${row.clientName},`,
        '',
        `your invoice #${row.id} for ${row.service} is ready: ${money.format(Math.max(0, toCents(row.total) - paid) / 100)} due by ${row.dueDate}.`,
        deps.bank.iban
          ? `Please pay by bank transfer to ${deps.bank.bankName} (IBAN ${deps.bank.iban}, SWIFT ${deps.bank.swiftCode}), reference "Invoice ${row.id}".`
          : `Please pay by bank transfer, reference "Invoice ${row.id}"; your reseller or our team will tell you the account.`,
        '',
        `View or download it: ${deps.publicUrl}/apps/invoice/preview/${row.id}`,
      ].join('\n'),
    },
    tx,
    actor,
  )
  return to
}

/** Sends the invoice through the outbox (to the billed account, see recipientOf); a Draft becomes Sent. */
export async function send(deps: InvoicesDeps, principal: Principal | null, id: number): Promise<InvoiceDetail> {
  const { db, audit, now } = deps
  const scope = scopeOf(principal)
  requireStaff(scope)
  await db.transaction(async (tx) => {
    const row = await lockManageable(tx, scope, id)
    const to = await sendInTx(deps, tx, principal!, row)
    if (row.status === 'Draft') await tx.update(invoices).set({ status: 'Sent', updatedAt: now() }).where(eq(invoices.id, id))
    await audit.write(tx, principal!, [
      {
        action: 'invoice.send',
        entity: 'invoice',
        entityId: id,
        before: { status: row.status },
        after: { status: row.status === 'Draft' ? 'Sent' : row.status, to },
      },
    ])
  })
  return (await get(deps, principal, id))!
}
