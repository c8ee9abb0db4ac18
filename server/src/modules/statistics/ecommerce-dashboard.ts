import { sql } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import {
  type Json,
  round,
  grouped,
  compact,
  num,
  type Staff,
  clients,
  invoicesIn,
  ordersIn,
  rows,
  one,
  dayStart,
  days,
  months,
  monthStart,
  paymentsJoin,
  revenueBy,
  refundsByMonth,
  receivedBetween,
  ordersBy,
  orderStatusCounts,
} from './statistics-queries'
import { revenueReport, goalOverview } from './analytic-cards'
import { displayName, callerName } from './analytics-dashboard'
import type { StatisticsDeps } from './statistics.deps'

export async function ecommerceDashboard(deps: StatisticsDeps, principal: Principal, s: Staff): Promise<Json> {
  const { now, money } = deps
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
    callerName(deps, principal),
    receivedBetween(deps, s, dayStart(deps, 0)),
    orderStatusCounts(deps, s),
    one(deps, sql`select count(*)::int as n from users u where ${clients(s)}`),
    one(deps, sql`select count(*)::int as n from products`),
    receivedBetween(deps, s, new Date(0)),
    ordersBy(deps, s, 'day', days(deps, 5), dayStart(deps, 4)),
    revenueBy(deps, s, 'month', months(deps, 6), monthStart(deps, 5)),
    rows(
      deps,
      sql`select coalesce(pl.name, 'Add-ons') as k, sum(oi.price * oi.qty) as n from order_items oi join orders o on o.id = oi.order_id
            left join plans pl on pl.id = oi.plan_id where ${ordersIn(s)} and o.status = 'paid' group by 1 order by 2 desc`,
    ),
    revenueReport(deps, s),
    revenueBy(deps, s, 'month', months(deps, 9), monthStart(deps, 8)),
    refundsByMonth(deps, s, months(deps, 9), monthStart(deps, 8)),
    revenueBy(deps, s, 'month', months(deps, 11), monthStart(deps, 10)),
    refundsByMonth(deps, s, months(deps, 11), monthStart(deps, 10)),
    rows(
      deps,
      sql`select u.full_name, u.username, u.email, u.avatar, u.package,
                   count(distinct o.id)::int as orders, count(distinct o.id) filter (where o.status = 'paid')::int as paid,
                   count(distinct o.id) filter (where o.status = 'refunded')::int as refunded,
                   coalesce(sum(o.total) filter (where o.status = 'paid'), 0) as revenue
            from orders o join users u on u.id = o.user_id where ${ordersIn(s)} group by u.id order by revenue desc, u.id limit 7`,
    ),
    goalOverview(deps, s),
    rows(deps, sql`select p.kind, p.provider, p.amount, i.client_name from ${paymentsJoin} where ${invoicesIn(s)} order by p.at desc, p.id desc limit 5`),
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
