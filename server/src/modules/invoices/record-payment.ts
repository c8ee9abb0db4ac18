import { and, asc, count, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { licences as licenceTable, users } from '../../db/schema'
import { AppError } from '../../errors'
import { toCents } from '../../money'
import type { Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf } from '../../permissions/scope'
import type { AuditEvent } from '../audit/audit.service'
import { orderItems, orders } from '../shop/shop.tables'
import { invoiceLicences, invoicePayments, invoices, type InvoiceRow } from './invoices.tables'
import { type InvoiceDetail, manualProvider } from './invoice-view'
import { canRecordPayment, lockManageable, paidOf } from './invoice-scope'
import { parse, paymentInput } from './invoice-inputs'
import { get } from './get-invoice'
import type { InvoicesDeps } from './invoices.deps'

/**
 * Mints the keys of a fully paid checkout invoice, inside `tx`: for every unit of a licence
 * line one key; a reseller's purchase goes to their pool, a client's first key is activated
 * on their account and further ones are reserved for them.
 */
export async function issueLicencesInTx(deps: InvoicesDeps, tx: Db, actor: Principal, row: InvoiceRow): Promise<AuditEvent[]> {
  const { licences, now } = deps
  if (row.orderId === null || row.userId === null) return []
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, row.orderId)).orderBy(asc(orderItems.id))
  const [buyer] = await tx.select({ id: users.id, role: users.role, resellerId: users.resellerId }).from(users).where(eq(users.id, row.userId))
  if (!buyer) return []
  const events: AuditEvent[] = []
  let activated = false
  for (const item of items) {
    if (item.planId === null || item.totalDays === null) continue
    for (let unit = 0; unit < item.qty; unit++) {
      const to = buyer.role === 'reseller' ? { pool: buyer.id } : activated ? { reserve: buyer } : { activate: buyer }
      const done = await licences.issueInTx(tx, actor, { planId: item.planId, totalDays: item.totalDays }, to)
      if ('activate' in to) activated = true
      await tx.insert(invoiceLicences).values({ invoiceId: row.id, licenceId: done.licence.id, planId: item.planId })
      events.push(...done.events)
    }
  }
  await tx.update(invoices).set({ licencesIssuedAt: now() }).where(eq(invoices.id, row.id))
  return events
}

/**
 * Records money received by bank transfer (kind payment) or paid back (kind refund) — the
 * manual provider. A payment larger than the balance, or on a paid invoice, is refused; a
 * refund larger than what was paid too. Paid in full: the licence keys are minted and
 * activated in the same transaction; refunded below the total: they are revoked. Audited.
 */
export async function recordPayment(deps: InvoicesDeps, principal: Principal | null, id: number, raw: unknown): Promise<InvoiceDetail> {
  const { db, audit, licences, now } = deps
  const scope = scopeOf(principal)
  requireStaff(scope)
  const input = parse(paymentInput, raw)
  let touchedLicences = false
  /** Users whose licence the payment may start or end (their bots are reloaded). */
  const owners: Array<number | null> = []
  await db.transaction(async (tx) => {
    const row = await lockManageable(tx, scope, id)
    if (!canRecordPayment(scope, row)) throw new AppError('FORBIDDEN', 'Only an administrator records payments on shop invoices.')
    const total = toCents(row.total)
    const paid = await paidOf(tx, id)
    const amount = toCents(input.amount)
    if (input.kind === 'payment') {
      if (paid >= total) throw new AppError('INVOICE_PAID', 'This invoice is already paid in full.')
      if (amount > total - paid) {
        throw new AppError('BAD_USER_INPUT', 'More than the balance', { amount: [`At most ${(total - paid) / 100}.`] })
      }
    } else if (amount > paid) {
      throw new AppError('BAD_USER_INPUT', 'More than was paid', { amount: [`At most ${paid / 100}.`] })
    }
    const [payment] = await tx
      .insert(invoicePayments)
      .values({
        invoiceId: id,
        kind: input.kind,
        provider: manualProvider.id,
        amount: String(input.amount),
        reference: input.reference,
        recordedBy: principal!.userId,
        at: now(),
      })
      .returning()
    const after = input.kind === 'payment' ? paid + amount : paid - amount
    const events: AuditEvent[] = [
      {
        action: input.kind === 'payment' ? 'invoice.payment' : 'invoice.refund',
        entity: 'invoice',
        entityId: id,
        before: { paid: paid / 100, balance: (total - paid) / 100 },
        after: { paid: after / 100, balance: (total - after) / 100, paymentId: payment!.id, amount: input.amount, provider: manualProvider.id },
      },
    ]
    const fullyPaid = total > 0 && after >= total
    if (fullyPaid && row.licencesIssuedAt === null) {
      events.push(...(await issueLicencesInTx(deps, tx, principal!, row)))
      owners.push(row.userId)
      touchedLicences = true
    } else if (!fullyPaid && row.licencesIssuedAt !== null) {
      const keys = await tx
        .select({ id: invoiceLicences.licenceId, userId: licenceTable.userId })
        .from(invoiceLicences)
        .innerJoin(licenceTable, eq(licenceTable.id, invoiceLicences.licenceId))
        .where(eq(invoiceLicences.invoiceId, id))
      events.push(
        ...(await licences.revokeManyInTx(
          tx,
          keys.map((k) => k.id),
        )),
      )
      owners.push(...keys.map((k) => k.userId))
      await tx.update(invoices).set({ licencesIssuedAt: null }).where(eq(invoices.id, id))
      touchedLicences = true
    }
    if (row.orderId !== null) {
      const refunded =
        input.kind === 'refund' ||
        (
          await tx
            .select({ n: count() })
            .from(invoicePayments)
            .where(and(eq(invoicePayments.invoiceId, id), eq(invoicePayments.kind, 'refund')))
        )[0]!.n > 0
      const status = fullyPaid ? 'paid' : refunded ? 'refunded' : 'pending'
      const [order] = await tx
        .update(orders)
        .set({ status, paidAt: fullyPaid ? now() : null })
        .where(eq(orders.id, row.orderId))
        .returning({ id: orders.id })
      if (order) events.push({ action: 'order.update', entity: 'order', entityId: order.id, after: { status } })
    }
    await tx.update(invoices).set({ updatedAt: now() }).where(eq(invoices.id, id))
    await audit.write(tx, principal!, events)
  })
  if (touchedLicences) licences.changed(owners)
  return (await get(deps, principal, id))!
}
