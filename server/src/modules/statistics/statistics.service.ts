import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf, type Scope } from '../../permissions/scope'
import { signIns, type SignInDevice } from './statistics.tables'

/**
 * The statistics and analytics cards of spec §7 (/card/card-statistics/*,
 * /card/card-analytics/*, /analytics/data, /ecommerce/data) in their exact shapes, every
 * figure counted in the database:
 *
 * - clients: accounts with role client (a reseller: the accounts they brought);
 * - money: payments minus refunds recorded on invoices (the manual provider), invoiced totals;
 * - orders: shop checkouts (pending, paid, refunded);
 * - sign-ins: the sign_ins table (every login, two-step login and registration, with the
 *   device kind read from the User-Agent);
 * - marketing: opens and clicks of signed marketing links (not tied to a recipient, so admins only);
 * - support: bot feedback reports.
 *
 * Admins see everything; a reseller the figures of the clients they brought (their own
 * purchases are not theirs to report); clients get FORBIDDEN. Each answer is reused for
 * `cacheMs` per caller scope.
 */

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

type Series = Array<{ name?: string; data: number[] }>
type Json = Record<string, unknown>

const DAY = 86_400_000
const WINDOW_DAYS = 28
const LAST_DAYS = ['Last 28 Days', 'Last Month', 'Last Year']
const utcDay = (d: Date) => d.toISOString().slice(0, 10)
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 3 })
type Row = Record<string, unknown>
const rowsOf = (r: { rows: unknown[] }) => r.rows as Row[]
const num = (v: unknown) => Number(v ?? 0)

/** The device kind of a browser's User-Agent; undefined when there is none or it is not a browser's. */
export function deviceOf(userAgent: string | undefined): SignInDevice | undefined {
  const ua = userAgent?.trim()
  // Browsers all send "Mozilla/5.0 …"; scripts and API clients (curl, node, okhttp) are no device.
  if (!ua || !/^Mozilla\/|^Opera\//.test(ua)) return undefined
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(ua)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(ua)) return 'mobile'
  return 'desktop'
}

export function createStatisticsService(deps: { db: Db; now: () => Date; cacheMs: number; currency: string }) {
  const { db, now } = deps
  const cache = new Map<string, { at: number; value: Promise<unknown> }>()
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: deps.currency, maximumFractionDigits: 2 })

  // ---- Scope fragments (s is the caller's scope; staff only) ----
  type Staff = Exclude<Scope, { kind: 'self' }>
  /** People whose sign-ins count: everyone for an admin, a reseller's clients. */
  const people = (s: Staff, col: SQL) => (s.kind === 'all' ? sql`true` : sql`${col} in (select id from users where reseller_id = ${s.actorId})`)
  const clients = (s: Staff) => (s.kind === 'all' ? sql`u.role = 'client'` : sql`u.reseller_id = ${s.actorId}`)
  const invoicesIn = (s: Staff) => (s.kind === 'all' ? sql`true` : sql`i.reseller_id = ${s.actorId} and (i.user_id is null or i.user_id <> ${s.actorId})`)
  const ordersIn = (s: Staff) => (s.kind === 'all' ? sql`true` : sql`o.reseller_id = ${s.actorId} and o.user_id <> ${s.actorId}`)
  const reportsIn = (s: Staff) => people(s, sql`f.reporter_id`)

  const rows = async (q: SQL) => rowsOf(await db.execute(q))
  const one = async (q: SQL) => (await rows(q))[0] ?? {}

  // ---- Time helpers (UTC days) ----
  const today = () => utcDay(now())
  const dayStart = (offset: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - offset * DAY)
  const days = (n: number) => Array.from({ length: n }, (_, i) => utcDay(dayStart(n - 1 - i)))
  const months = (n: number) => {
    const t = now()
    return Array.from({ length: n }, (_, i) => {
      const d = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - (n - 1 - i), 1))
      return d.toISOString().slice(0, 7)
    })
  }
  const monthStart = (back: number) => {
    const t = now()
    return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - back, 1))
  }
  /** Fills a (key → value) result into the given buckets, oldest first. */
  const fill = (keys: string[], got: Row[]) => {
    const m = new Map(got.map((r) => [String(r.k), num(r.n)]))
    return keys.map((k) => round(m.get(k) ?? 0))
  }
  const dayKey = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`
  const monthKey = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM')`

  // ---- Building blocks ----
  const received = sql`case when p.kind = 'payment' then p.amount else -p.amount end`
  const paymentsJoin = sql`invoice_payments p join invoices i on i.id = p.invoice_id`

  async function revenueBy(s: Staff, key: 'day' | 'month', keys: string[], since: Date) {
    const k = key === 'day' ? dayKey(sql`p.at`) : monthKey(sql`p.at`)
    return fill(keys, await rows(sql`select ${k} as k, sum(${received}) as n from ${paymentsJoin} where ${invoicesIn(s)} and p.at >= ${since} group by 1`))
  }
  async function refundsByMonth(s: Staff, keys: string[], since: Date) {
    return fill(
      keys,
      await rows(
        sql`select ${monthKey(sql`p.at`)} as k, sum(p.amount) as n from ${paymentsJoin} where ${invoicesIn(s)} and p.kind = 'refund' and p.at >= ${since} group by 1`,
      ),
    )
  }
  async function receivedBetween(s: Staff, from: Date, to?: Date): Promise<number> {
    const r = await one(
      sql`select coalesce(sum(${received}), 0) as n from ${paymentsJoin} where ${invoicesIn(s)} and p.at >= ${from} ${to ? sql`and p.at < ${to}` : sql``}`,
    )
    return round(num(r.n))
  }
  async function ordersBy(s: Staff, key: 'day' | 'month', keys: string[], since: Date, paidOnly = false) {
    const k = key === 'day' ? dayKey(sql`o.created_at`) : monthKey(sql`o.created_at`)
    return fill(
      keys,
      await rows(
        sql`select ${k} as k, count(*)::int as n from orders o where ${ordersIn(s)} and o.created_at >= ${since} ${paidOnly ? sql`and o.status = 'paid'` : sql``} group by 1`,
      ),
    )
  }
  async function orderStatusCounts(s: Staff, since?: Date) {
    const r = await rows(
      sql`select o.status as k, count(*)::int as n from orders o where ${ordersIn(s)} ${since ? sql`and o.created_at >= ${since}` : sql``} group by 1`,
    )
    const m = new Map(r.map((x) => [String(x.k), num(x.n)]))
    return { paid: m.get('paid') ?? 0, pending: m.get('pending') ?? 0, refunded: m.get('refunded') ?? 0 }
  }
  async function signInsBy(s: Staff, key: 'day' | 'month', keys: string[], since: Date, distinctUsers = false) {
    const k = key === 'day' ? dayKey(sql`x.at`) : monthKey(sql`x.at`)
    const counted = distinctUsers ? sql`count(distinct x.user_id)::int` : sql`count(*)::int`
    return fill(keys, await rows(sql`select ${k} as k, ${counted} as n from ${signIns} x where ${people(s, sql`x.user_id`)} and x.at >= ${since} group by 1`))
  }
  async function signInFigures(s: Staff, from: Date, to?: Date) {
    const r = await one(
      sql`select count(*)::int as sessions, count(distinct x.user_id)::int as users from ${signIns} x
          where ${people(s, sql`x.user_id`)} and x.at >= ${from} ${to ? sql`and x.at < ${to}` : sql``}`,
    )
    return { sessions: num(r.sessions), users: num(r.users) }
  }

  // ---- card-statistics ----
  async function statistic(s: Staff, name: StatisticCard): Promise<Json> {
    switch (name) {
      case 'subscribers': {
        const keys = days(7)
        const data = fill(
          keys,
          await rows(sql`select ${dayKey(sql`l.activated_at`)} as k, count(*)::int as n from licences l join users u on u.id = l.user_id
                         where ${clients(s)} and l.activated_at >= ${dayStart(6)} group by 1`),
        )
        const r = await one(
          sql`select count(distinct u.id)::int as n from users u join licences l on l.user_id = u.id
              where ${clients(s)} and l.status = 'active' and (l.licensebeginning + l.total_days) >= ${today()}::date`,
        )
        return { series: [{ name: 'Subscribers', data }], analyticsData: { subscribers: num(r.n) } }
      }
      case 'revenue': {
        const data = await revenueBy(s, 'day', days(7), dayStart(6))
        return { series: [{ name: 'Revenue', data }], analyticsData: { revenue: round(data.reduce((a, b) => a + b, 0)) } }
      }
      case 'sales': {
        const keys = months(6)
        const data = await ordersBy(s, 'month', keys, monthStart(5), true)
        const all = (await ordersBy(s, 'month', keys, monthStart(5))).reduce((a, b) => a + b, 0)
        const paid = data.reduce((a, b) => a + b, 0)
        return { series: [{ name: 'Sales', data }], analyticsData: { sales: `${all ? Math.round((paid / all) * 100) : 0}%` } }
      }
      case 'orders': {
        const data = await ordersBy(s, 'day', days(7), dayStart(6))
        return { series: [{ name: 'Orders', data }], analyticsData: { orders: data.reduce((a, b) => a + b, 0) } }
      }
      case 'site-traffic':
        return { series: [{ name: 'Traffic Rate', data: await signInsBy(s, 'day', days(6), dayStart(5)) }] }
      case 'active-users':
        return { series: [{ name: 'Active Users', data: await signInsBy(s, 'day', days(7), dayStart(6), true) }] }
      case 'newsletter': {
        // Marketing opens and clicks are recorded per mail, not per recipient: no reseller share exists.
        if (s.kind !== 'all') throw new AppError('FORBIDDEN', 'Marketing figures are for admins only')
        const keys = days(6)
        const data = fill(
          keys,
          await rows(sql`select ${dayKey(sql`e.at`)} as k, count(*)::int as n from marketing_events e where e.at >= ${dayStart(5)} group by 1`),
        )
        return { series: [{ name: 'Newsletter', data }] }
      }
    }
  }

  // ---- card-analytics ----
  async function supportTracker(s: Staff) {
    const since = dayStart(WINDOW_DAYS - 1)
    const r = await one(
      sql`select count(*)::int as total,
                 count(*) filter (where f.created_at >= ${since})::int as new,
                 count(*) filter (where f.status = 'open')::int as open,
                 count(*) filter (where f.status = 'resolved')::int as resolved,
                 avg(extract(epoch from (f.replied_at - f.created_at))) filter (where f.replied_at is not null) as response
          from feedback_reports f where ${reportsIn(s)}`,
    )
    const total = num(r.total)
    return {
      title: 'Support Tracker',
      lastDays: LAST_DAYS,
      totalTicket: total,
      newTicket: num(r.new),
      openTicket: num(r.open),
      /** Average days from a report to its first reply. */
      responseTime: round(num(r.response) / 86_400, 1),
      resolvedPercent: total ? Math.round((num(r.resolved) / total) * 100) : 0,
    }
  }

  async function avgSessions(s: Staff) {
    const cur = dayStart(WINDOW_DAYS - 1)
    const prev = dayStart(2 * WINDOW_DAYS - 1)
    const [now28, before, goal, retained, duration] = await Promise.all([
      signInFigures(s, cur),
      signInFigures(s, prev, cur),
      one(sql`select count(*)::int as n from users u where ${s.kind === 'all' ? sql`true` : sql`u.reseller_id = ${s.actorId}`}`),
      one(
        sql`select count(distinct a.user_id)::int as n from ${signIns} a
            where ${people(s, sql`a.user_id`)} and a.at >= ${prev} and a.at < ${cur}
              and exists (select 1 from ${signIns} b where b.user_id = a.user_id and b.at >= ${cur})`,
      ),
      one(
        sql`select avg(extract(epoch from (f.last - f.first))) as n from (
              select min(t.created_at) as first, max(coalesce(t.used_at, t.created_at)) as last from refresh_tokens t
              where ${people(s, sql`t.user_id`)} group by t.family_id) f
            where f.first >= ${cur}`,
      ),
    ])
    const growth = before.sessions ? ((now28.sessions - before.sessions) / before.sessions) * 100 : null
    return {
      sessions: now28.sessions,
      lastDays: LAST_DAYS,
      growth: growth === null ? 'n/a' : `${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%`,
      goal: num(goal.n),
      users: now28.users,
      retention: before.users ? Math.round((num(retained.n) / before.users) * 100) : 0,
      /** Average hours a sign-in stayed in use (first token to its last refresh). */
      duration: round(num(duration.n) / 3600, 1),
    }
  }

  async function revenueReport(s: Staff) {
    const y = now().getUTCFullYear()
    const yearStart = new Date(Date.UTC(y, 0, 1))
    const [price, budget] = await Promise.all([
      receivedBetween(s, yearStart),
      one(sql`select coalesce(sum(i.total), 0) as n from invoices i where ${invoicesIn(s)} and i.status <> 'Draft' and i.issued_date >= ${`${y}-01-01`}::date`),
    ])
    return { years: [String(y), String(y - 1), String(y - 2)], price: grouped.format(price), budget: grouped.format(num(budget.n)) }
  }

  async function goalOverview(s: Staff) {
    const c = await orderStatusCounts(s)
    const all = c.paid + c.pending
    return { completed: grouped.format(c.paid), inProgress: grouped.format(c.pending), percent: all ? Math.round((c.paid / all) * 100) : 0 }
  }

  async function sessionsDevice(s: Staff) {
    const cur = dayStart(WINDOW_DAYS - 1)
    const prev = dayStart(2 * WINDOW_DAYS - 1)
    const r = await rows(
      sql`select x.device as d, count(*) filter (where x.at >= ${cur})::int as cur, count(*) filter (where x.at < ${cur})::int as prev
          from ${signIns} x where ${people(s, sql`x.user_id`)} and x.device is not null and x.at >= ${prev} group by 1`,
    )
    const get = (d: string, k: 'cur' | 'prev') => num(r.find((x) => x.d === d)?.[k])
    const totalCur = ['desktop', 'mobile', 'tablet'].reduce((a, d) => a + get(d, 'cur'), 0)
    const totalPrev = ['desktop', 'mobile', 'tablet'].reduce((a, d) => a + get(d, 'prev'), 0)
    const share = (d: string, k: 'cur' | 'prev', total: number) => (total ? (get(d, k) / total) * 100 : 0)
    const item = (d: SignInDevice, icon: string, name: string, iconColor: string) => ({
      icon,
      name,
      iconColor,
      usage: round(share(d, 'cur', totalCur), 1),
      upDown: Math.round(share(d, 'cur', totalCur) - share(d, 'prev', totalPrev)),
    })
    return {
      lastDays: LAST_DAYS,
      chartInfo: [
        item('desktop', 'MonitorIcon', 'Desktop', 'text-primary'),
        item('mobile', 'TabletIcon', 'Mobile', 'text-warning'),
        item('tablet', 'TabletIcon', 'Tablet', 'text-danger'),
      ],
    }
  }

  async function customers(s: Staff) {
    const since = dayStart(WINDOW_DAYS - 1)
    const r = await one(
      sql`select count(*) filter (where u.created_at >= ${since})::int as new,
                 count(*) filter (where (select count(*) from orders o where o.user_id = u.id and o.status = 'paid') > 1)::int as returning,
                 count(*) filter (where u.reseller_id is not null)::int as referrals
          from users u where ${clients(s)}`,
    )
    return {
      lastDays: LAST_DAYS,
      listData: [
        { icon: 'CircleIcon', iconColor: 'text-primary', text: 'New', result: num(r.new) },
        { icon: 'CircleIcon', iconColor: 'text-warning', text: 'Returning', result: num(r.returning) },
        { icon: 'CircleIcon', iconColor: 'text-danger', text: 'Referrals', result: num(r.referrals) },
      ],
    }
  }

  async function analytic(s: Staff, name: AnalyticCard): Promise<Json> {
    switch (name) {
      case 'support-tracker': {
        const { resolvedPercent: _r, ...card } = await supportTracker(s)
        return card
      }
      case 'avg-sessions':
        return avgSessions(s)
      case 'revenue-report':
        return revenueReport(s)
      case 'goal-overview': {
        const { percent: _p, ...card } = await goalOverview(s)
        return card
      }
      case 'revenue': {
        const [thisMonth, lastMonth] = await Promise.all([receivedBetween(s, monthStart(0)), receivedBetween(s, monthStart(1), monthStart(0))])
        return { thisMonth: grouped.format(thisMonth), lastMonth: grouped.format(lastMonth) }
      }
      case 'product-orders': {
        const c = await orderStatusCounts(s, dayStart(WINDOW_DAYS - 1))
        return { lastDays: LAST_DAYS, chartInfo: { finished: c.paid, pending: c.pending, rejected: c.refunded } }
      }
      case 'sessions-device':
        return sessionsDevice(s)
      case 'customers':
        return customers(s)
    }
  }

  // ---- Dashboards ----
  const ago = new Intl.RelativeTimeFormat('en', { numeric: 'always' })
  function relative(at: unknown): string {
    if (!at) return ''
    const secs = Math.max(0, (now().getTime() - new Date(String(at)).getTime()) / 1000)
    if (secs < 3600) return ago.format(-Math.max(1, Math.round(secs / 60)), 'minute')
    if (secs < 86_400) return ago.format(-Math.round(secs / 3600), 'hour')
    return ago.format(-Math.round(secs / 86_400), 'day')
  }
  const displayName = (r: Row) => String(r.full_name ?? '') || String(r.username ?? '')

  async function callerName(principal: Principal) {
    const r = await one(sql`select full_name, username from users where id = ${principal.userId}`)
    return displayName(r)
  }

  async function analyticsData(principal: Principal, s: Staff): Promise<Json> {
    const week = dayStart(6)
    const [
      name,
      saleToday,
      subscribersGained,
      ordersRecevied,
      sessions,
      tracker,
      paidWeek,
      newest,
      activated,
      salesSeries,
      visits,
      renewals,
      refundsMonth,
      bar,
    ] = await Promise.all([
      callerName(principal),
      receivedBetween(s, dayStart(0)),
      statistic(s, 'subscribers'),
      statistic(s, 'orders'),
      avgSessions(s),
      supportTracker(s),
      one(
        sql`select count(distinct i.id)::int as n, max(p.at) as at from ${paymentsJoin} where ${invoicesIn(s)} and p.kind = 'payment' and p.at >= ${week}
              and (select coalesce(sum(case when q.kind = 'payment' then q.amount else -q.amount end), 0) from invoice_payments q where q.invoice_id = i.id) >= i.total`,
      ),
      one(
        sql`select u.full_name, u.username, u.avatar, u.package, u.created_at from users u where ${clients(s)} order by u.created_at desc, u.id desc limit 1`,
      ),
      rows(
        sql`select u.full_name, u.username, u.avatar, l.activated_at from licences l join users u on u.id = l.user_id
              where ${clients(s)} and l.activated_at >= ${week} order by l.activated_at desc limit 5`,
      ),
      ordersBy(s, 'month', months(6), monthStart(5), true),
      signInsBy(s, 'month', months(6), monthStart(5)),
      rows(
        sql`select u.full_name, u.username, u.avatar, (l.licensebeginning + l.total_days) as ends, pl.name as plan, pl.monthly_price as price
              from licences l join users u on u.id = l.user_id left join plans pl on pl.id = l.plan_id
              where ${clients(s)} and l.status = 'active' and (l.licensebeginning + l.total_days) between ${today()}::date and (${today()}::date + 7)
              order by ends, u.id limit 50`,
      ),
      one(sql`select coalesce(sum(p.amount), 0) as n from ${paymentsJoin} where ${invoicesIn(s)} and p.kind = 'refund' and p.at >= ${monthStart(0)}`),
      signInsBy(s, 'day', days(7), week),
    ])
    const { resolvedPercent, ...supportCard } = tracker
    const endDay = (v: unknown) => (v instanceof Date ? utcDay(v) : String(v ?? '').slice(0, 10))
    const plansSoon = [...new Set(renewals.map((r) => String(r.plan ?? 'None')))]
    return {
      congratulations: { name, saleToday: String(saleToday) },
      subscribersGained,
      ordersRecevied,
      avgSessions: { ...sessions, salesBar: { series: [{ name: 'Sessions', data: bar }] } },
      supportTracker: { ...supportCard, supportTrackerRadialBar: { series: [resolvedPercent] } },
      timeline: {
        step1: {
          title: `${num(paidWeek.n)} Invoices have been paid`,
          subtitle: 'Invoices paid in full in the last 7 days.',
          img: null,
          fileName: '',
          duration: relative(paidWeek.at),
        },
        step2: {
          title: 'Newest client',
          subtitle: newest.username ? `Signed up with plan ${String(newest.package)}.` : 'No client yet.',
          avatar: newest.avatar ?? null,
          avatarName: newest.username ? displayName(newest) : '',
          occupation: String(newest.package ?? ''),
          duration: relative(newest.created_at),
        },
        step3: {
          title: 'Licences activated',
          subtitle: `${activated.length} in the last 7 days (latest five shown).`,
          duration: relative(activated[0]?.activated_at),
          avatars: activated.map((r) => ({ userImg: r.avatar ?? null, name: displayName(r) })),
        },
        step4: {
          title: 'Open bot feedback reports',
          duration: '',
          subtitle: `${supportCard.openTicket} open, ${supportCard.newTicket} new in the last 28 days.`,
        },
      },
      salesChart: {
        series: [
          { name: 'Sales', data: salesSeries },
          { name: 'Visit', data: visits },
        ],
      },
      appDesign: {
        date: today(),
        title: 'Licence renewals',
        subtitle: 'Active licences of clients that end within the next 7 days.',
        teams: plansSoon.map((p) => ({ name: p, color: 'light-primary' })),
        members: renewals
          .slice(0, 5)
          .map((r) => (r.avatar ? { img: r.avatar, color: 'primary' } : { text: displayName(r).slice(0, 2).toUpperCase(), color: 'light-primary' })),
        planing: [
          { title: 'Due Date', subtitle: renewals[0] ? endDay(renewals[0].ends) : '' },
          { title: 'Budget', subtitle: money.format(round(renewals.reduce((a, r) => a + num(r.price), 0))) },
          { title: 'Cost', subtitle: money.format(round(num(refundsMonth.n))) },
        ],
      },
    }
  }

  async function ecommerceData(principal: Principal, s: Staff): Promise<Json> {
    const y = now().getUTCFullYear()
    const [
      name,
      saleToday,
      counts,
      customersN,
      productsN,
      total,
      orderDays,
      profit,
      byPlan,
      report,
      earnings,
      expenses,
      budgetEarn,
      budgetExp,
      top,
      goal,
      payments,
    ] = await Promise.all([
      callerName(principal),
      receivedBetween(s, dayStart(0)),
      orderStatusCounts(s),
      one(sql`select count(*)::int as n from users u where ${clients(s)}`),
      one(sql`select count(*)::int as n from products`),
      receivedBetween(s, new Date(0)),
      ordersBy(s, 'day', days(5), dayStart(4)),
      revenueBy(s, 'month', months(6), monthStart(5)),
      rows(
        sql`select coalesce(pl.name, 'Add-ons') as k, sum(oi.price * oi.qty) as n from order_items oi join orders o on o.id = oi.order_id
              left join plans pl on pl.id = oi.plan_id where ${ordersIn(s)} and o.status = 'paid' group by 1 order by 2 desc`,
      ),
      revenueReport(s),
      revenueBy(s, 'month', months(9), monthStart(8)),
      refundsByMonth(s, months(9), monthStart(8)),
      revenueBy(s, 'month', months(11), monthStart(10)),
      refundsByMonth(s, months(11), monthStart(10)),
      rows(
        sql`select u.full_name, u.username, u.email, u.avatar, u.package,
                     count(distinct o.id)::int as orders, count(distinct o.id) filter (where o.status = 'paid')::int as paid,
                     count(distinct o.id) filter (where o.status = 'refunded')::int as refunded,
                     coalesce(sum(o.total) filter (where o.status = 'paid'), 0) as revenue
              from orders o join users u on u.id = o.user_id where ${ordersIn(s)} group by u.id order by revenue desc, u.id limit 7`,
      ),
      goalOverview(s),
      rows(sql`select p.kind, p.provider, p.amount, i.client_name from ${paymentsJoin} where ${invoicesIn(s)} order by p.at desc, p.id desc limit 5`),
    ])
    const planTotal = byPlan.reduce((a, r) => a + num(r.n), 0)
    return {
      congratulations: { name, saleToday: String(saleToday) },
      statisticsItems: [
        { icon: 'TrendingUpIcon', color: 'light-primary', title: compact.format(counts.paid), subtitle: 'Sales', customClass: 'mb-2 mb-xl-0' },
        { icon: 'UserIcon', color: 'light-info', title: compact.format(num(customersN.n)), subtitle: 'Customers', customClass: 'mb-2 mb-xl-0' },
        { icon: 'BoxIcon', color: 'light-danger', title: compact.format(num(productsN.n)), subtitle: 'Products', customClass: 'mb-2 mb-sm-0' },
        { icon: 'DollarSignIcon', color: 'light-success', title: money.format(total), subtitle: 'Revenue', customClass: '' },
      ],
      statisticsOrder: { series: [{ name: String(y), data: orderDays }] },
      statisticsProfit: { series: [{ data: profit }] },
      earningsChart: { series: byPlan.slice(0, 3).map((r) => (planTotal ? Math.round((num(r.n) / planTotal) * 100) : 0)) },
      revenue: {
        ...report,
        revenueReport: {
          series: [
            { name: 'Earning', data: earnings },
            { name: 'Expense', data: expenses.map((v) => -v) },
          ],
        },
        budgetChart: { series: [{ data: budgetEarn }, { data: budgetExp }] },
      },
      companyTable: top.map((r) => ({
        avatarImg: r.avatar ?? null,
        title: displayName(r),
        subtitle: String(r.email),
        avatarIcon: 'UserIcon',
        avatarColor: 'light-primary',
        avatarTitle: String(r.package),
        viewTitle: String(num(r.orders)),
        viewsub: 'orders',
        revenue: grouped.format(round(num(r.revenue))),
        sales: String(num(r.paid)),
        loss: num(r.refunded) > 0,
      })),
      // The product has no meetups or events to show; the card stays empty rather than invented.
      meetup: { mediaData: [], avatars: [] },
      goalOverview: { completed: goal.completed, inProgress: goal.inProgress, series: [goal.percent] },
      transactionData: payments.map((p) => {
        const refund = p.kind === 'refund'
        return {
          mode: p.provider === 'manual' ? 'Bank Transfer' : String(p.provider),
          types: refund ? `Refund to ${String(p.client_name)}` : `Payment from ${String(p.client_name)}`,
          avatar: refund ? 'TrendingDownIcon' : 'CheckIcon',
          avatarVariant: refund ? 'light-danger' : 'light-success',
          payment: `${refund ? '-' : '+'}${money.format(num(p.amount))}`,
          deduction: refund,
        }
      }),
    }
  }

  // ---- Public API: checked, scoped, cached ----
  function staffScope(principal: Principal | null): Staff {
    const s = scopeOf(principal)
    requireStaff(s)
    return s
  }
  function cached<T>(s: Staff, key: string, compute: () => Promise<T>): Promise<T> {
    const k = `${s.kind}:${s.actorId}:${key}`
    const t = now().getTime()
    const hit = cache.get(k)
    if (hit && t - hit.at < deps.cacheMs) return hit.value as Promise<T>
    const value = compute()
    cache.set(k, { at: t, value })
    value.catch(() => cache.delete(k))
    // Keep the map small: forget answers that are past their time.
    if (cache.size > 1000) for (const [key2, v] of cache) if (t - v.at >= deps.cacheMs) cache.delete(key2)
    return value
  }

  const isStatistic = (n: string): n is StatisticCard => (STATISTIC_CARDS as readonly string[]).includes(n)
  const isAnalytic = (n: string): n is AnalyticCard => (ANALYTIC_CARDS as readonly string[]).includes(n)

  return {
    /** GET /card/card-statistics/{name}; an unknown name is NOT_FOUND. */
    cardStatistic(principal: Principal | null, name: string): Promise<Json> {
      const s = staffScope(principal)
      if (!isStatistic(name)) throw new AppError('NOT_FOUND', 'No such card')
      return cached(s, `statistic:${name}`, () => statistic(s, name))
    },
    /** GET /card/card-analytics/{name}; an unknown name is NOT_FOUND. */
    cardAnalytic(principal: Principal | null, name: string): Promise<Json> {
      const s = staffScope(principal)
      if (!isAnalytic(name)) throw new AppError('NOT_FOUND', 'No such card')
      return cached(s, `analytic:${name}`, () => analytic(s, name))
    },
    analyticsData(principal: Principal | null): Promise<Json> {
      const s = staffScope(principal)
      return cached(s, `analytics:${principal!.userId}`, () => analyticsData(principal!, s))
    },
    ecommerceData(principal: Principal | null): Promise<Json> {
      const s = staffScope(principal)
      return cached(s, `ecommerce:${principal!.userId}`, () => ecommerceData(principal!, s))
    },
    /** Records a completed sign-in with its device kind (called by the auth service inside its transaction). */
    async recordSignIn(tx: Db, userId: number, userAgent: string | undefined): Promise<void> {
      await tx.insert(signIns).values({ userId, device: deviceOf(userAgent) ?? null, at: now() })
    },
    clear: () => cache.clear(),
  }
}

export type StatisticsService = ReturnType<typeof createStatisticsService>
export type { Series }
