import type { Db } from '../server/src/db/client'
import { invoicePayments, invoices, type InvoiceBaseStatus } from '../server/src/modules/invoices/invoices.tables'
import { planSeed } from '../server/src/modules/plans/plans.seed-data'
import { slug } from '../server/src/modules/shop/shop.seed'

const PEOPLE = [
  ['Jordan Stevenson', 'Hall-Robbins PLC', 'USA'],
  ['Stephanie Burns', 'Mccann LLC', 'Haiti'],
  ['Tony Herrera', 'Leonard LLC', 'Cambodia'],
  ['Kevin Patton', 'Smith, Miller and Henry LLC', 'Cambodia'],
  ['Mrs. Julie Donovan MD', 'Garcia-Cameron and Sons', 'Cuba'],
  ['Amanda Phillips', 'Mitchell, Turner and Chapman', 'Ukraine'],
  ['Christina Collier', 'Lane-Hall', 'Bolivia'],
  ['David Flores', 'Guerrero-Moore', 'Benin'],
  ['Valerie Perez', 'Bailey Group', 'Congo'],
  ['Susan Dickerson', 'Lopez Ltd', 'Syria'],
] as const
/**
 * What the demo invoices bill: the product's own plans at their catalogue prices (planSeed),
 * a quantity being a number of licence keys (a reseller buys several). Was the template's
 * "Software Development" and "Template Customization".
 */
export const DEMO_INVOICE_SERVICES: ReadonlyArray<{ description: string; plan: string; term: 'month' | 'year' }> = [
  { description: 'Pro — 365 days', plan: 'Pro', term: 'year' },
  { description: 'Pro — 30 days', plan: 'Pro', term: 'month' },
  { description: 'Headstarter — 365 days', plan: 'Headstarter', term: 'year' },
  { description: 'Starter — 30 days', plan: 'Starter', term: 'month' },
  { description: 'Headstarter — 30 days', plan: 'Headstarter', term: 'month' },
]

/** The catalogue price of a service: the plan's monthly price or its yearly total. */
export function servicePrice(service: (typeof DEMO_INVOICE_SERVICES)[number]): number {
  const plan = planSeed.find((p) => p.name === service.plan)
  const price = service.term === 'year' ? plan?.yearlyTotal : plan?.monthlyPrice
  if (!price) throw new Error(`No ${service.term} price for the plan ${service.plan}`)
  return Number(price)
}
/** The statuses in turn: Paid, Downloaded, Sent, Draft, Partial Payment, Past Due. */
const CYCLE: Array<{ stored: InvoiceBaseStatus; paid: 'full' | 'part' | 'none'; pastDue: boolean }> = [
  { stored: 'Sent', paid: 'full', pastDue: false },
  { stored: 'Downloaded', paid: 'none', pastDue: false },
  { stored: 'Sent', paid: 'none', pastDue: false },
  { stored: 'Draft', paid: 'none', pastDue: false },
  { stored: 'Sent', paid: 'part', pastDue: false },
  { stored: 'Sent', paid: 'none', pastDue: true },
]

const DAY = 86_400_000
const day = (t: number) => new Date(t).toISOString().slice(0, 10)

/**
 * The demo invoices of the template, ids 4987–5036 (fictional clients, visible to admins):
 * each of the six statuses in turn, balances from seeded payments. Inserted once by id.
 */
export async function seedDemoInvoices(db: Db, now = Date.now()): Promise<void> {
  const rows = Array.from({ length: 50 }, (_, i) => {
    const [name, company, country] = PEOPLE[i % PEOPLE.length]!
    const c = CYCLE[i % CYCLE.length]!
    const issued = now - (60 - i) * DAY
    const qty = 1 + (i % 3)
    const service = DEMO_INVOICE_SERVICES[i % DEMO_INVOICE_SERVICES.length]!
    const price = servicePrice(service)
    return {
      id: 4987 + i,
      status: c.stored,
      issuedDate: day(issued),
      dueDate: day(c.pastDue ? now - (1 + (i % 9)) * DAY : now + (20 + i) * DAY),
      clientName: name,
      clientCompany: company,
      clientEmail: `${slug(name).replace(/-/g, '.')}@example.com`,
      clientAddress: `${100 + i * 7} Demo Street`,
      clientCountry: country,
      clientContact: `(555) 01${String(i).padStart(2, '0')}-${String(1000 + i * 37).slice(-4)}`,
      service: service.description,
      lines: [{ description: service.description, qty, price }],
      total: String(qty * price),
      createdAt: new Date(issued),
      updatedAt: new Date(issued),
    }
  })
  const made = await db.insert(invoices).values(rows).onConflictDoNothing({ target: invoices.id }).returning({ id: invoices.id, total: invoices.total })
  if (made.length === 0) return
  const byId = new Map(made.map((m) => [m.id, Number(m.total)]))
  const payments = rows.flatMap((r, i) => {
    const c = CYCLE[i % CYCLE.length]!
    const total = byId.get(r.id)
    if (total === undefined || c.paid === 'none') return []
    const amount = c.paid === 'full' ? total : Math.round(total * 40) / 100
    return [
      {
        invoiceId: r.id,
        kind: 'payment' as const,
        amount: String(amount),
        reference: `Demo transfer ${r.id}`,
        at: new Date(Date.parse(r.issuedDate) + 5 * DAY),
      },
    ]
  })
  if (payments.length > 0) await db.insert(invoicePayments).values(payments)
}
