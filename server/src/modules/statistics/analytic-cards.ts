import { sql } from 'drizzle-orm'
import { signIns, type SignInDevice } from './statistics.tables'
import {
  type AnalyticCard,
  type Json,
  WINDOW_DAYS,
  LAST_DAYS,
  round,
  grouped,
  num,
  type Staff,
  people,
  clients,
  invoicesIn,
  reportsIn,
  rows,
  one,
  dayStart,
  monthStart,
  receivedBetween,
  orderStatusCounts,
  signInFigures,
} from './statistics-queries'
import type { StatisticsDeps } from './statistics.deps'

// ---- card-analytics ----
export async function supportTracker(deps: StatisticsDeps, s: Staff) {
  const since = dayStart(deps, WINDOW_DAYS - 1)
  const r = await one(
    deps,
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

export async function avgSessions(deps: StatisticsDeps, s: Staff) {
  const cur = dayStart(deps, WINDOW_DAYS - 1)
  const prev = dayStart(deps, 2 * WINDOW_DAYS - 1)
  const [now28, before, goal, retained, duration] = await Promise.all([
    signInFigures(deps, s, cur),
    signInFigures(deps, s, prev, cur),
    one(deps, sql`select count(*)::int as n from users u where ${s.kind === 'all' ? sql`true` : sql`u.reseller_id = ${s.actorId}`}`),
    one(
      deps,
      sql`select count(distinct a.user_id)::int as n from ${signIns} a
          where ${people(s, sql`a.user_id`)} and a.at >= ${prev} and a.at < ${cur}
            and exists (select 1 from ${signIns} b where b.user_id = a.user_id and b.at >= ${cur})`,
    ),
    one(
      deps,
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

export async function revenueReport(deps: StatisticsDeps, s: Staff) {
  const { now } = deps
  const y = now().getUTCFullYear()
  const yearStart = new Date(Date.UTC(y, 0, 1))
  const [price, budget] = await Promise.all([
    receivedBetween(deps, s, yearStart),
    one(
      deps,
      sql`select coalesce(sum(i.total), 0) as n from invoices i where ${invoicesIn(s)} and i.status <> 'Draft' and i.issued_date >= ${`${y}-01-01`}::date`,
    ),
  ])
  return { years: [String(y), String(y - 1), String(y - 2)], price: grouped.format(price), budget: grouped.format(num(budget.n)) }
}

export async function goalOverview(deps: StatisticsDeps, s: Staff) {
  const c = await orderStatusCounts(deps, s)
  const all = c.paid + c.pending
  return { completed: grouped.format(c.paid), inProgress: grouped.format(c.pending), percent: all ? Math.round((c.paid / all) * 100) : 0 }
}

export async function sessionsDevice(deps: StatisticsDeps, s: Staff) {
  const cur = dayStart(deps, WINDOW_DAYS - 1)
  const prev = dayStart(deps, 2 * WINDOW_DAYS - 1)
  const r = await rows(
    deps,
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

export async function customers(deps: StatisticsDeps, s: Staff) {
  const since = dayStart(deps, WINDOW_DAYS - 1)
  const r = await one(
    deps,
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

export async function analytic(deps: StatisticsDeps, s: Staff, name: AnalyticCard): Promise<Json> {
  switch (name) {
    case 'support-tracker': {
      const { resolvedPercent: _r, ...card } = await supportTracker(deps, s)
      return card
    }
    case 'avg-sessions':
      return avgSessions(deps, s)
    case 'revenue-report':
      return revenueReport(deps, s)
    case 'goal-overview': {
      const { percent: _p, ...card } = await goalOverview(deps, s)
      return card
    }
    case 'revenue': {
      const [thisMonth, lastMonth] = await Promise.all([
        receivedBetween(deps, s, monthStart(deps, 0)),
        receivedBetween(deps, s, monthStart(deps, 1), monthStart(deps, 0)),
      ])
      return { thisMonth: grouped.format(thisMonth), lastMonth: grouped.format(lastMonth) }
    }
    case 'product-orders': {
      const c = await orderStatusCounts(deps, s, dayStart(deps, WINDOW_DAYS - 1))
      return { lastDays: LAST_DAYS, chartInfo: { finished: c.paid, pending: c.pending, rejected: c.refunded } }
    }
    case 'sessions-device':
      return sessionsDevice(deps, s)
    case 'customers':
      return customers(deps, s)
  }
}
