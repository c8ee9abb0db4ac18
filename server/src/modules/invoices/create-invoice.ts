import { eq } from 'drizzle-orm'
import { users, type UserRow } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf } from '../../permissions/scope'
import { invoices } from './invoices.tables'
import { type InvoiceDetail, utcDay, addDays, clientOf, totalOf } from './invoice-view'
import { parse, invoiceInput } from './invoice-inputs'
import { get } from './get-invoice'
import type { InvoicesDeps } from './invoices.deps'

/** Admins and resellers write an invoice by hand (a Draft): for a user in scope, or (admins) anyone by their details. */
export async function create(deps: InvoicesDeps, principal: Principal | null, raw: unknown): Promise<InvoiceDetail> {
  const { db, audit, now } = deps
  const scope = scopeOf(principal)
  requireStaff(scope)
  const input = parse(invoiceInput, raw)
  const id = await db.transaction(async (tx) => {
    let billed: UserRow | undefined
    if (input.userId) {
      ;[billed] = await tx.select().from(users).where(eq(users.id, input.userId))
      const inScope = billed && (scope.kind === 'all' || (billed.resellerId === scope.actorId && billed.role === 'client'))
      if (!inScope) throw new AppError('BAD_USER_INPUT', 'No such client', { userId: ['No such client.'] })
    } else if (scope.kind !== 'all') {
      throw new AppError('BAD_USER_INPUT', 'Choose one of your clients', { userId: ['Choose one of your clients.'] })
    }
    if (!billed && !input.client) throw new AppError('BAD_USER_INPUT', 'Who is billed?', { client: ['Required.'] })
    const today = utcDay(now())
    const issuedDate = input.issuedDate ?? today
    const client = input.client
      ? {
          clientName: input.client.name,
          clientCompany: input.client.company,
          clientEmail: input.client.companyEmail,
          clientAddress: input.client.address,
          clientCountry: input.client.country,
          clientContact: input.client.contact,
          avatar: billed?.avatar ?? null,
        }
      : clientOf(billed!)
    const [row] = await tx
      .insert(invoices)
      .values({
        userId: billed?.id ?? null,
        resellerId: scope.kind === 'reseller' ? scope.actorId : (billed?.resellerId ?? null),
        status: 'Draft',
        issuedDate,
        dueDate: input.dueDate ?? addDays(issuedDate, deps.dueDays),
        ...client,
        service: input.service,
        lines: input.lines,
        note: input.note,
        total: totalOf(input.lines),
        createdAt: now(),
        updatedAt: now(),
      })
      .returning()
    await audit.write(tx, principal!, [
      { action: 'invoice.create', entity: 'invoice', entityId: row!.id, before: null, after: { total: row!.total, userId: row!.userId } },
    ])
    return row!.id
  })
  return (await get(deps, principal, id))!
}
