import { and, asc, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { invoices } from './invoices.tables'
import { type InvoiceView, utcDay, paidSql, statusSql, view } from './invoice-view'
import { visible } from './invoice-scope'
import { parse, listInput } from './invoice-inputs'
import type { InvoicesDeps } from './invoices.deps'

/** GET /apps/invoice/invoices: `{invoices, total}`, searched (client name or e-mail), filtered, sorted and paged in the database. */
export async function list(deps: InvoicesDeps, principal: Principal | null, raw: unknown): Promise<{ invoices: InvoiceView[]; total: number }> {
  const { db, now } = deps
  const scope = scopeOf(principal)
  const a = parse(listInput, raw)
  const today = utcDay(now())
  const where: Array<SQL | undefined> = [visible(scope)]
  if (a.q) {
    const like = `%${a.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    where.push(or(ilike(invoices.clientName, like), ilike(invoices.clientEmail, like)))
  }
  if (a.status) where.push(sql`${statusSql(today)} = ${a.status}`)
  const filter = and(...where)
  const column = {
    id: invoices.id,
    issuedDate: invoices.issuedDate,
    dueDate: invoices.dueDate,
    total: invoices.total,
    balance: sql`"invoices"."total" - ${paidSql}`,
    client: invoices.clientName,
    invoiceStatus: statusSql(today),
    service: invoices.service,
  }[a.sortBy]
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select({ row: invoices, paid: paidSql })
      .from(invoices)
      .where(filter)
      .orderBy(a.sortDesc ? desc(column) : asc(column), a.sortDesc ? desc(invoices.id) : asc(invoices.id))
      .limit(a.perPage)
      .offset((a.page - 1) * a.perPage),
    db.select({ n: count() }).from(invoices).where(filter),
  ])
  return { invoices: rows.map((r) => view(deps, r.row, r.paid)), total: n }
}

/** GET /apps/invoice/clients: the first five distinct clients of the invoices in scope. */
export async function clients(deps: InvoicesDeps, principal: Principal | null): Promise<InvoiceView['client'][]> {
  const { db } = deps
  const scope = scopeOf(principal)
  const rows = await db
    .selectDistinctOn([invoices.clientEmail], {
      address: invoices.clientAddress,
      company: invoices.clientCompany,
      companyEmail: invoices.clientEmail,
      country: invoices.clientCountry,
      contact: invoices.clientContact,
      name: invoices.clientName,
      first: sql<number>`min(${invoices.id}) over (partition by ${invoices.clientEmail})`,
    })
    .from(invoices)
    .where(visible(scope))
    .orderBy(invoices.clientEmail, asc(invoices.id))
  return rows
    .sort((a, b) => Number(a.first) - Number(b.first))
    .slice(0, 5)
    .map(({ first: _first, ...client }) => client)
}
