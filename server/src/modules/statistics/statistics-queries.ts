/** The building blocks of the cards: the card names, scope fragments, UTC day and month buckets, the revenue, order and sign-in queries. */
import { sql, type SQL } from 'drizzle-orm'
import type { Scope } from '../../permissions/scope'
import { signIns, type SignInDevice } from './statistics.tables'
import type { StatisticsDeps } from './statistics.deps'

export const STATISTIC_CARDS = ['subscribers', 'revenue', 'sales', 'orders', 'site-traffic', 'active-users', 'newsletter'] as const
export type StatisticCard = (typeof STATISTIC_CARDS)[number]
export const ANALYTIC_CARDS = [
  'support-tracker',
  'avg-sessions',
  'revenue-report',
  'goal-overview',
  'revenue',
  'product-orders',
  'sessions-device',
  'customers',
] as const
export type AnalyticCard = (typeof ANALYTIC_CARDS)[number]

export type Series = Array<{ name?: string; data: number[] }>
export type Json = Record<string, unknown>

export const DAY = 86_400_000
export const WINDOW_DAYS = 28
export const LAST_DAYS = ['Last 28 Days', 'Last Month', 'Last Year']
export const utcDay = (d: Date) => d.toISOString().slice(0, 10)
export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits
export const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
export const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 3 })
export type Row = Record<string, unknown>
export const rowsOf = (r: { rows: unknown[] }) => r.rows as Row[]
export const num = (v: unknown) => Number(v ?? 0)

/** The device kind of a browser's User-Agent; undefined when there is none or it is not a browser's. */
export function deviceOf(userAgent: string | undefined): SignInDevice | undefined {
  const ua = userAgent?.trim()
  // Browsers all send "Mozilla/5.0 …"; scripts and API clients (curl, node, okhttp) are no device.
  if (!ua || !/^Mozilla\/|^Opera\//.test(ua)) return undefined
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(ua)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(ua)) return 'mobile'
  return 'desktop'
}

// ---- Scope fragments (s is the caller's scope; staff only) ----
export type Staff = Exclude<Scope, { kind: 'self' }>
/** People whose sign-ins count: everyone for an admin, a reseller's clients. */
export const people = (s: Staff, col: SQL) => (s.kind === 'all' ? sql`true` : sql`${col} in (select id from users where reseller_id = ${s.actorId})`)
export const clients = (s: Staff) => (s.kind === 'all' ? sql`u.role = 'client'` : sql`u.reseller_id = ${s.actorId}`)
export const invoicesIn = (s: Staff) => (s.kind === 'all' ? sql`true` : sql`i.reseller_id = ${s.actorId} and (i.user_id is null or i.user_id <> ${s.actorId})`)
export const ordersIn = (s: Staff) => (s.kind === 'all' ? sql`true` : sql`o.reseller_id = ${s.actorId} and o.user_id <> ${s.actorId}`)
export const reportsIn = (s: Staff) => people(s, sql`f.reporter_id`)

export const rows = async (deps: StatisticsDeps, q: SQL) => rowsOf(await deps.db.execute(q))
export const one = async (deps: StatisticsDeps, q: SQL) => (await rows(deps, q))[0] ?? {}

// ---- Time helpers (UTC days) ----
export const today = (deps: StatisticsDeps) => utcDay(deps.now())
export const dayStart = (deps: StatisticsDeps, offset: number) => new Date(Date.parse(`${today(deps)}T00:00:00Z`) - offset * DAY)
export const days = (deps: StatisticsDeps, n: number) => Array.from({ length: n }, (_, i) => utcDay(dayStart(deps, n - 1 - i)))
export const months = (deps: StatisticsDeps, n: number) => {
  const { now } = deps
  const t = now()
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - (n - 1 - i), 1))
    return d.toISOString().slice(0, 7)
  })
}
export const monthStart = (deps: StatisticsDeps, back: number) => {
  const { now } = deps
  const t = now()
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - back, 1))
}
/** Fills a (key → value) result into the given buckets, oldest first. */
export const fill = (keys: string[], got: Row[]) => {
  const m = new Map(got.map((r) => [String(r.k), num(r.n)]))
  return keys.map((k) => round(m.get(k) ?? 0))
}
export const dayKey = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`
export const monthKey = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM')`

// ---- Building blocks ----
export const received = sql`case when p.kind = 'payment' then p.amount else -p.amount end`
export const paymentsJoin = sql`invoice_payments p join invoices i on i.id = p.invoice_id`

export async function revenueBy(deps: StatisticsDeps, s: Staff, key: 'day' | 'month', keys: string[], since: Date) {
  const k = key === 'day' ? dayKey(sql`p.at`) : monthKey(sql`p.at`)
  return fill(keys, await rows(deps, sql`select ${k} as k, sum(${received}) as n from ${paymentsJoin} where ${invoicesIn(s)} and p.at >= ${since} group by 1`))
}
export async function refundsByMonth(deps: StatisticsDeps, s: Staff, keys: string[], since: Date) {
  return fill(
    keys,
    await rows(
      deps,
      sql`select ${monthKey(sql`p.at`)} as k, sum(p.amount) as n from ${paymentsJoin} where ${invoicesIn(s)} and p.kind = 'refund' and p.at >= ${since} group by 1`,
    ),
  )
}
export async function receivedBetween(deps: StatisticsDeps, s: Staff, from: Date, to?: Date): Promise<number> {
  const r = await one(
    deps,
    sql`select coalesce(sum(${received}), 0) as n from ${paymentsJoin} where ${invoicesIn(s)} and p.at >= ${from} ${to ? sql`and p.at < ${to}` : sql``}`,
  )
  return round(num(r.n))
}
export async function ordersBy(deps: StatisticsDeps, s: Staff, key: 'day' | 'month', keys: string[], since: Date, paidOnly = false) {
  const k = key === 'day' ? dayKey(sql`o.created_at`) : monthKey(sql`o.created_at`)
  return fill(
    keys,
    await rows(
      deps,
      sql`select ${k} as k, count(*)::int as n from orders o where ${ordersIn(s)} and o.created_at >= ${since} ${paidOnly ? sql`and o.status = 'paid'` : sql``} group by 1`,
    ),
  )
}
export async function orderStatusCounts(deps: StatisticsDeps, s: Staff, since?: Date) {
  const r = await rows(
    deps,
    sql`select o.status as k, count(*)::int as n from orders o where ${ordersIn(s)} ${since ? sql`and o.created_at >= ${since}` : sql``} group by 1`,
  )
  const m = new Map(r.map((x) => [String(x.k), num(x.n)]))
  return { paid: m.get('paid') ?? 0, pending: m.get('pending') ?? 0, refunded: m.get('refunded') ?? 0 }
}
export async function signInsBy(deps: StatisticsDeps, s: Staff, key: 'day' | 'month', keys: string[], since: Date, distinctUsers = false) {
  const k = key === 'day' ? dayKey(sql`x.at`) : monthKey(sql`x.at`)
  const counted = distinctUsers ? sql`count(distinct x.user_id)::int` : sql`count(*)::int`
  return fill(
    keys,
    await rows(deps, sql`select ${k} as k, ${counted} as n from ${signIns} x where ${people(s, sql`x.user_id`)} and x.at >= ${since} group by 1`),
  )
}
export async function signInFigures(deps: StatisticsDeps, s: Staff, from: Date, to?: Date) {
  const r = await one(
    deps,
    sql`select count(*)::int as sessions, count(distinct x.user_id)::int as users from ${signIns} x
        where ${people(s, sql`x.user_id`)} and x.at >= ${from} ${to ? sql`and x.at < ${to}` : sql``}`,
  )
  return { sessions: num(r.sessions), users: num(r.users) }
}
