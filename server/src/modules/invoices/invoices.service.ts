import { and, asc, count, desc, eq, gte, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { licences as licenceTable, users, type UserRow } from '../../db/schema'
import { AppError } from '../../errors'
import { idInput, parseInput } from '../../http/input'
import { fromCents, linesCents, linesFit, priceInput, toCents, TOTAL_TOO_LARGE } from '../../money'
import type { Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf, type Scope } from '../../permissions/scope'
import type { AuditEvent, AuditService } from '../audit/audit.service'
import type { LicencesService } from '../licences/licences.service'
import type { MailService } from '../mail/mail.service'
import { orderItems, orders, type OrderItemRow, type OrderRow } from '../shop/shop.tables'
import { invoicePdf } from './invoice-pdf'
import {
  invoiceLicences,
  invoicePayments,
  invoices,
  invoiceStatuses,
  paymentKinds,
  type InvoiceLine,
  type InvoiceRow,
  type InvoiceStatus,
} from './invoices.tables'

/** An invoice in the spec's shape (§3 "Invoice"). Dates are YYYY-MM-DD; money in CURRENCY. */
export interface InvoiceView {
  id: number
  issuedDate: string
  client: { address: string; company: string; companyEmail: string; country: string; contact: string; name: string }
  service: string
  total: number
  avatar: string | null
  invoiceStatus: InvoiceStatus
  balance: number
  dueDate: string
}

export interface PaymentDetails {
  totalDue: number
  bankName: string
  country: string
  iban: string
  swiftCode: string
}

export interface InvoiceDetail {
  invoice: InvoiceView
  paymentDetails: PaymentDetails
  lines: InvoiceLine[]
  note: string
  orderId: number | null
  userId: number | null
  payments: Array<{ id: number; kind: 'payment' | 'refund'; provider: string; amount: number; reference: string; at: Date }>
  licenceIds: number[]
  /** Whether the caller may edit and send it. */
  canManage: boolean
  /** Whether the caller may record payments and refunds on it (shop invoices: admins only). */
  canRecordPayment: boolean
}

/**
 * How money arrives. One provider works: 'manual' (bank transfer; an admin records what
 * arrived on a shop invoice, a reseller on the invoices they wrote by hand). Card, PayPal or crypto providers are not wired: the
 * pricing page's text about them stays text.
 */
export interface PaymentProvider {
  id: string
  /** Whether the caller records payments by hand (true) or the provider reports them. */
  manual: boolean
}
export const manualProvider: PaymentProvider = { id: 'manual', manual: true }

export const INVOICE_SORTS = ['id', 'issuedDate', 'dueDate', 'total', 'balance', 'client', 'invoiceStatus', 'service'] as const

const DAY = 86_400_000
const utcDay = (d: Date) => d.toISOString().slice(0, 10)
const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY))

const parse = parseInput

const idField = idInput('int8')
const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= '2000-01-01' && v <= '2100-12-31', 'A date, YYYY-MM-DD.')
const boolish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true')

const listInput = z.object({
  q: z.string().trim().max(100).optional().default(''),
  perPage: z.coerce.number().int().min(1).max(100).optional().default(10),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  sortBy: z.enum(INVOICE_SORTS).optional().default('id'),
  sortDesc: boolish.optional().default(true),
  status: z
    .union([z.enum(invoiceStatuses), z.literal('')])
    .optional()
    .default(''),
})

const text = (max: number) => z.string().trim().max(max)
const lineInput = z.object({
  description: text(200).min(1),
  qty: z.number().int().min(1).max(10_000),
  price: priceInput,
})
/** Up to 100 lines whose total (in exact cents) fits invoices.total. */
const linesInput = z.array(lineInput).min(1).max(100).refine(linesFit, TOTAL_TOO_LARGE)
const clientInput = z
  .object({
    name: text(120).min(1),
    company: text(120).default(''),
    companyEmail: z.string().trim().toLowerCase().max(320).email(),
    address: text(300).default(''),
    country: text(100).default(''),
    contact: text(60).default(''),
  })
  .strict()
const invoiceInput = z
  .object({
    /** The billed account (a user in the caller's scope); its details fill the client when no client is given. */
    userId: idField.nullish(),
    client: clientInput.optional(),
    service: text(200).min(1),
    lines: linesInput,
    note: text(2000).default(''),
    issuedDate: dayField.optional(),
    dueDate: dayField.optional(),
  })
  .strict()
const updateInput = z
  .object({
    client: clientInput.partial(),
    service: text(200).min(1),
    lines: linesInput,
    note: text(2000),
    issuedDate: dayField,
    dueDate: dayField,
  })
  .partial()
  .strict()
const paymentInput = z
  .object({
    kind: z.enum(paymentKinds).default('payment'),
    amount: z.number().positive().max(100_000_000).multipleOf(0.01),
    reference: text(200).default(''),
  })
  .strict()

export function createInvoicesService(deps: {
  db: Db
  audit: AuditService
  mail: MailService
  licences: LicencesService
  now: () => Date
  currency: string
  dueDays: number
  bank: { bankName: string; country: string; iban: string; swiftCode: string }
  sellerName?: string
  publicUrl: string
}) {
  const { db, audit, mail, licences, now } = deps
  const seller = deps.sellerName ?? 'Channel Assistant'

  /** Money received minus refunded, per invoice (SQL, so lists filter and sort on it). */
  const paidSql = sql<string>`coalesce((select sum(case when p.kind = 'payment' then p.amount else -p.amount end) from invoice_payments p where p.invoice_id = "invoices"."id"), 0)`
  const statusSql = (today: string) =>
    sql<InvoiceStatus>`case when "invoices"."total" > 0 and ${paidSql} >= "invoices"."total" then 'Paid' when ${paidSql} > 0 then 'Partial Payment' when "invoices"."status" <> 'Draft' and "invoices"."due_date" < ${today}::date then 'Past Due' else "invoices"."status" end`

  function statusOf(row: InvoiceRow, paidCents: number, today: string): InvoiceStatus {
    const total = toCents(row.total)
    if (total > 0 && paidCents >= total) return 'Paid'
    if (paidCents > 0) return 'Partial Payment'
    if (row.status !== 'Draft' && row.dueDate < today) return 'Past Due'
    return row.status
  }

  function view(row: InvoiceRow, paid: string | number): InvoiceView {
    const paidCents = toCents(paid)
    return {
      id: row.id,
      issuedDate: row.issuedDate,
      client: {
        address: row.clientAddress,
        company: row.clientCompany,
        companyEmail: row.clientEmail,
        country: row.clientCountry,
        contact: row.clientContact,
        name: row.clientName,
      },
      service: row.service,
      total: Number(row.total),
      avatar: row.avatar,
      invoiceStatus: statusOf(row, paidCents, utcDay(now())),
      balance: Math.max(0, toCents(row.total) - paidCents) / 100,
      dueDate: row.dueDate,
    }
  }

  /** What a scope may read: admins all; resellers their clients' invoices and their own; clients their own. */
  function visible(scope: Scope): SQL | undefined {
    if (scope.kind === 'all') return undefined
    if (scope.kind === 'self') return eq(invoices.userId, scope.actorId)
    return or(eq(invoices.resellerId, scope.actorId), eq(invoices.userId, scope.actorId))
  }

  /** What a scope may change (edit, send, record payments): admins all; resellers their clients' invoices. */
  function manageable(scope: Scope, row: InvoiceRow): boolean {
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
  function canRecordPayment(scope: Scope, row: InvoiceRow): boolean {
    return manageable(scope, row) && (scope.kind === 'all' || row.orderId === null)
  }

  async function lockManageable(tx: Db, scope: Scope, id: number): Promise<InvoiceRow> {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update')
    if (!row || !manageable(scope, row)) throw new AppError('NOT_FOUND', 'No such invoice')
    return row
  }

  async function paidOf(handle: Db, id: number): Promise<number> {
    const [r] = await handle
      .select({
        paid: sql<string>`coalesce(sum(case when ${invoicePayments.kind} = 'payment' then ${invoicePayments.amount} else -${invoicePayments.amount} end), 0)`,
      })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id))
    return toCents(r?.paid ?? 0)
  }

  /** GET /apps/invoice/invoices: `{invoices, total}`, searched (client name or e-mail), filtered, sorted and paged in the database. */
  async function list(principal: Principal | null, raw: unknown): Promise<{ invoices: InvoiceView[]; total: number }> {
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
    return { invoices: rows.map((r) => view(r.row, r.paid)), total: n }
  }

  const paymentDetailsOf = (balance: number): PaymentDetails => ({
    totalDue: balance,
    bankName: deps.bank.bankName,
    country: deps.bank.country,
    iban: deps.bank.iban,
    swiftCode: deps.bank.swiftCode,
  })

  /** One invoice in scope with its payment details, lines and payments; null when missing or out of scope. */
  async function get(principal: Principal | null, id: number, handle: Db = db): Promise<InvoiceDetail | null> {
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
    const invoice = view(found.row, found.paid)
    return {
      invoice,
      paymentDetails: paymentDetailsOf(invoice.balance),
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

  /** GET /apps/invoice/clients: the first five distinct clients of the invoices in scope. */
  async function clients(principal: Principal | null): Promise<InvoiceView['client'][]> {
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

  const clientOf = (u: UserRow) => ({
    clientName: u.fullName || u.username,
    clientCompany: u.company ?? '',
    clientEmail: u.email,
    clientCountry: u.country ?? '',
    clientContact: u.phone ?? '',
    avatar: u.avatar,
  })

  /**
   * Where an invoice is mailed. An invoice of an account goes to that account's sign-in
   * e-mail, whatever the invoice's client details say (they are editable, and a reseller must
   * not use the product's sender to mail any address they type). Only an invoice billed by
   * details alone (no account: admins write those, for a company outside the product) goes to
   * its client e-mail, and only an admin sends it.
   */
  async function recipientOf(tx: Db, scope: Scope, row: InvoiceRow): Promise<string> {
    if (row.userId !== null) {
      const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId))
      if (u) return u.email
    }
    if (scope.kind !== 'all') throw new AppError('FORBIDDEN', 'Only an administrator mails an invoice that is not billed to an account.')
    return row.clientEmail
  }

  /** Mails the invoice inside `tx`, counted against the sender's hourly mail allowance; returns the address. */
  async function sendInTx(tx: Db, actor: Principal, row: InvoiceRow): Promise<string> {
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

  /** Checkout: the order's invoice, sent to the buyer, inside the checkout transaction. */
  async function createForOrderInTx(tx: Db, actor: Principal, order: OrderRow, items: OrderItemRow[], buyer: UserRow): Promise<InvoiceRow> {
    const today = utcDay(now())
    const [row] = await tx
      .insert(invoices)
      .values({
        orderId: order.id,
        userId: buyer.id,
        resellerId: order.resellerId,
        status: 'Sent',
        issuedDate: today,
        dueDate: addDays(today, deps.dueDays),
        ...clientOf(buyer),
        service: items
          .map((i) => i.name)
          .join(', ')
          .slice(0, 200),
        lines: items.map((i) => ({ description: i.name, qty: i.qty, price: Number(i.price) })),
        total: order.total,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning()
    await sendInTx(tx, actor, row!)
    await audit.write(tx, actor, [
      { action: 'invoice.create', entity: 'invoice', entityId: row!.id, before: null, after: { orderId: order.id, total: row!.total } },
    ])
    return row!
  }

  const totalOf = (lines: InvoiceLine[]) => String(fromCents(linesCents(lines)))

  /** Admins and resellers write an invoice by hand (a Draft): for a user in scope, or (admins) anyone by their details. */
  async function create(principal: Principal | null, raw: unknown): Promise<InvoiceDetail> {
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
    return (await get(principal, id))!
  }

  /** Edits an invoice; the lines (and so the total) of a checkout invoice, or of one with payments, stay as they are. */
  async function update(principal: Principal | null, id: number, raw: unknown): Promise<InvoiceDetail> {
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
    return (await get(principal, id))!
  }

  async function hasPayments(tx: Db, id: number) {
    const [r] = await tx.select({ n: count() }).from(invoicePayments).where(eq(invoicePayments.invoiceId, id))
    return (r?.n ?? 0) > 0
  }

  /** Sends the invoice through the outbox (to the billed account, see recipientOf); a Draft becomes Sent. */
  async function send(principal: Principal | null, id: number): Promise<InvoiceDetail> {
    const scope = scopeOf(principal)
    requireStaff(scope)
    await db.transaction(async (tx) => {
      const row = await lockManageable(tx, scope, id)
      const to = await sendInTx(tx, principal!, row)
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
    return (await get(principal, id))!
  }

  /**
   * Mints the keys of a fully paid checkout invoice, inside `tx`: for every unit of a licence
   * line one key; a reseller's purchase goes to their pool, a client's first key is activated
   * on their account and further ones are reserved for them.
   */
  async function issueLicencesInTx(tx: Db, actor: Principal, row: InvoiceRow): Promise<AuditEvent[]> {
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
  async function recordPayment(principal: Principal | null, id: number, raw: unknown): Promise<InvoiceDetail> {
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
        events.push(...(await issueLicencesInTx(tx, principal!, row)))
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
    return (await get(principal, id))!
  }

  /** The invoice as a PDF (the client downloading their Sent invoice makes it Downloaded); null when missing or out of scope. */
  async function pdf(principal: Principal | null, id: number): Promise<Uint8Array | null> {
    const detail = await get(principal, id)
    if (!detail) return null
    if (detail.userId === principal!.userId && principal!.role === 'client') {
      await db
        .update(invoices)
        .set({ status: 'Downloaded' })
        .where(and(eq(invoices.id, id), eq(invoices.status, 'Sent')))
    }
    return invoicePdf({ ...detail.invoice, lines: detail.lines, note: detail.note, paymentDetails: detail.paymentDetails }, deps.currency, seller)
  }

  // ---- Small reads for the statistics cards (scoped like the lists) ----

  const paidInvoices = (scope: Scope) => and(visible(scope), isNotNull(invoices.licencesIssuedAt))

  /** Money received (payments minus refunds) per UTC day from `from` (YYYY-MM-DD) on, in scope. */
  async function paidRevenueByDay(scope: Scope, from: string): Promise<Array<{ day: string; amount: number }>> {
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
  async function paidRevenueByPlan(scope: Scope): Promise<Array<{ planId: number; amount: number; units: number }>> {
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
  async function ordersCount(scope: Scope, opts: { since?: Date; paidOnly?: boolean } = {}): Promise<number> {
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

  return {
    list,
    get,
    clients,
    create,
    update,
    send,
    recordPayment,
    pdf,
    createForOrderInTx,
    paidRevenueByDay,
    paidRevenueByPlan,
    ordersCount,
    providers: [manualProvider],
  }
}

export type InvoicesService = ReturnType<typeof createInvoicesService>
