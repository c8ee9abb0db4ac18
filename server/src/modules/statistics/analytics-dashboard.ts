import { sql } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import {
  type Json,
  utcDay,
  round,
  type Row,
  num,
  type Staff,
  clients,
  invoicesIn,
  rows,
  one,
  today,
  dayStart,
  days,
  months,
  monthStart,
  paymentsJoin,
  receivedBetween,
  ordersBy,
  signInsBy,
} from './statistics-queries'
import { statistic } from './statistic-cards'
import { supportTracker, avgSessions } from './analytic-cards'
import type { StatisticsDeps } from './statistics.deps'

// ---- Dashboards ----
export const ago = new Intl.RelativeTimeFormat('en', { numeric: 'always' })
export function relative(deps: StatisticsDeps, at: unknown): string {
  const { now } = deps
  if (!at) return ''
  const secs = Math.max(0, (now().getTime() - new Date(String(at)).getTime()) / 1000)
  if (secs < 3600) return ago.format(-Math.max(1, Math.round(secs / 60)), 'minute')
  if (secs < 86_400) return ago.format(-Math.round(secs / 3600), 'hour')
  return ago.format(-Math.round(secs / 86_400), 'day')
}
export const displayName = (r: Row) => String(r.full_name ?? '') || String(r.username ?? '')

export async function callerName(deps: StatisticsDeps, principal: Principal) {
  const r = await one(deps, sql`select full_name, username from users where id = ${principal.userId}`)
  return displayName(r)
}

export async function analyticsDashboard(deps: StatisticsDeps, principal: Principal, s: Staff): Promise<Json> {
  const { money } = deps
  const week = dayStart(deps, 6)
  const [name, saleToday, subscribersGained, ordersRecevied, sessions, tracker, paidWeek, newest, activated, salesSeries, visits, renewals, refundsMonth, bar] =
    await Promise.all([
      callerName(deps, principal),
      receivedBetween(deps, s, dayStart(deps, 0)),
      statistic(deps, s, 'subscribers'),
      statistic(deps, s, 'orders'),
      avgSessions(deps, s),
      supportTracker(deps, s),
      one(
        deps,
        sql`select count(distinct i.id)::int as n, max(p.at) as at from ${paymentsJoin} where ${invoicesIn(s)} and p.kind = 'payment' and p.at >= ${week}
            and (select coalesce(sum(case when q.kind = 'payment' then q.amount else -q.amount end), 0) from invoice_payments q where q.invoice_id = i.id) >= i.total`,
      ),
      one(
        deps,
        sql`select u.full_name, u.username, u.avatar, u.package, u.created_at from users u where ${clients(s)} order by u.created_at desc, u.id desc limit 1`,
      ),
      rows(
        deps,
        sql`select u.full_name, u.username, u.avatar, l.activated_at from licences l join users u on u.id = l.user_id
            where ${clients(s)} and l.activated_at >= ${week} order by l.activated_at desc limit 5`,
      ),
      ordersBy(deps, s, 'month', months(deps, 6), monthStart(deps, 5), true),
      signInsBy(deps, s, 'month', months(deps, 6), monthStart(deps, 5)),
      rows(
        deps,
        sql`select u.full_name, u.username, u.avatar, (l.licensebeginning + l.total_days) as ends, pl.name as plan, pl.monthly_price as price
            from licences l join users u on u.id = l.user_id left join plans pl on pl.id = l.plan_id
            where ${clients(s)} and l.status = 'active' and (l.licensebeginning + l.total_days) between ${today(deps)}::date and (${today(deps)}::date + 7)
            order by ends, u.id limit 50`,
      ),
      one(
        deps,
        sql`select coalesce(sum(p.amount), 0) as n from ${paymentsJoin} where ${invoicesIn(s)} and p.kind = 'refund' and p.at >= ${monthStart(deps, 0)}`,
      ),
      signInsBy(deps, s, 'day', days(deps, 7), week),
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
        duration: relative(deps, paidWeek.at),
      },
      step2: {
        title: 'Newest client',
        subtitle: newest.username ? `Signed up with plan ${String(newest.package)}.` : 'No client yet.',
        avatar: newest.avatar ?? null,
        avatarName: newest.username ? displayName(newest) : '',
        occupation: String(newest.package ?? ''),
        duration: relative(deps, newest.created_at),
      },
      step3: {
        title: 'Licences activated',
        subtitle: `${activated.length} in the last 7 days (latest five shown).`,
        duration: relative(deps, activated[0]?.activated_at),
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
      date: today(deps),
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
