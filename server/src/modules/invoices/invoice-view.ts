/** An invoice as the spec shows it: its status and balance from the payments, its client, its payment details. */
import { sql } from 'drizzle-orm'
import type { UserRow } from '../../db/schema'
import { fromCents, linesCents, toCents } from '../../money'
import type { InvoiceLine, InvoiceRow, InvoiceStatus } from './invoices.tables'
import type { InvoicesDeps } from './invoices.deps'

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
export const utcDay = (d: Date) => d.toISOString().slice(0, 10)
export const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY))

/** Money received minus refunded, per invoice (SQL, so lists filter and sort on it). */
export const paidSql = sql<string>`coalesce((select sum(case when p.kind = 'payment' then p.amount else -p.amount end) from invoice_payments p where p.invoice_id = "invoices"."id"), 0)`
export const statusSql = (today: string) =>
  sql<InvoiceStatus>`case when "invoices"."total" > 0 and ${paidSql} >= "invoices"."total" then 'Paid' when ${paidSql} > 0 then 'Partial Payment' when "invoices"."status" <> 'Draft' and "invoices"."due_date" < ${today}::date then 'Past Due' else "invoices"."status" end`

export function statusOf(row: InvoiceRow, paidCents: number, today: string): InvoiceStatus {
  const total = toCents(row.total)
  if (total > 0 && paidCents >= total) return 'Paid'
  if (paidCents > 0) return 'Partial Payment'
  if (row.status !== 'Draft' && row.dueDate < today) return 'Past Due'
  return row.status
}

export function view(deps: InvoicesDeps, row: InvoiceRow, paid: string | number): InvoiceView {
  const { now } = deps
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

export const paymentDetailsOf = (deps: InvoicesDeps, balance: number): PaymentDetails => ({
  totalDue: balance,
  bankName: deps.bank.bankName,
  country: deps.bank.country,
  iban: deps.bank.iban,
  swiftCode: deps.bank.swiftCode,
})

export const clientOf = (u: UserRow) => ({
  clientName: u.fullName || u.username,
  clientCompany: u.company ?? '',
  clientEmail: u.email,
  clientCountry: u.country ?? '',
  clientContact: u.phone ?? '',
  avatar: u.avatar,
})

export const totalOf = (lines: InvoiceLine[]) => String(fromCents(linesCents(lines)))
