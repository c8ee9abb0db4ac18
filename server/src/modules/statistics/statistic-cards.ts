import { sql } from 'drizzle-orm'
import { AppError } from '../../errors'
import {
  type StatisticCard,
  type Json,
  round,
  num,
  type Staff,
  clients,
  rows,
  one,
  today,
  dayStart,
  days,
  months,
  monthStart,
  fill,
  dayKey,
  revenueBy,
  ordersBy,
  signInsBy,
} from './statistics-queries'
import type { StatisticsDeps } from './statistics.deps'

// ---- card-statistics ----
export async function statistic(deps: StatisticsDeps, s: Staff, name: StatisticCard): Promise<Json> {
  switch (name) {
    case 'subscribers': {
      const keys = days(deps, 7)
      const data = fill(
        keys,
        await rows(
          deps,
          sql`select ${dayKey(sql`l.activated_at`)} as k, count(*)::int as n from licences l join users u on u.id = l.user_id
                       where ${clients(s)} and l.activated_at >= ${dayStart(deps, 6)} group by 1`,
        ),
      )
      const r = await one(
        deps,
        sql`select count(distinct u.id)::int as n from users u join licences l on l.user_id = u.id
            where ${clients(s)} and l.status = 'active' and (l.licensebeginning + l.total_days) >= ${today(deps)}::date`,
      )
      return { series: [{ name: 'Subscribers', data }], analyticsData: { subscribers: num(r.n) } }
    }
    case 'revenue': {
      const data = await revenueBy(deps, s, 'day', days(deps, 7), dayStart(deps, 6))
      return { series: [{ name: 'Revenue', data }], analyticsData: { revenue: round(data.reduce((a, b) => a + b, 0)) } }
    }
    case 'sales': {
      const keys = months(deps, 6)
      const data = await ordersBy(deps, s, 'month', keys, monthStart(deps, 5), true)
      const all = (await ordersBy(deps, s, 'month', keys, monthStart(deps, 5))).reduce((a, b) => a + b, 0)
      const paid = data.reduce((a, b) => a + b, 0)
      return { series: [{ name: 'Sales', data }], analyticsData: { sales: `${all ? Math.round((paid / all) * 100) : 0}%` } }
    }
    case 'orders': {
      const data = await ordersBy(deps, s, 'day', days(deps, 7), dayStart(deps, 6))
      return { series: [{ name: 'Orders', data }], analyticsData: { orders: data.reduce((a, b) => a + b, 0) } }
    }
    case 'site-traffic':
      return { series: [{ name: 'Traffic Rate', data: await signInsBy(deps, s, 'day', days(deps, 6), dayStart(deps, 5)) }] }
    case 'active-users':
      return { series: [{ name: 'Active Users', data: await signInsBy(deps, s, 'day', days(deps, 7), dayStart(deps, 6), true) }] }
    case 'newsletter': {
      // Marketing opens and clicks are recorded per mail, not per recipient: no reseller share exists.
      if (s.kind !== 'all') throw new AppError('FORBIDDEN', 'Marketing figures are for admins only')
      const keys = days(deps, 6)
      const data = fill(
        keys,
        await rows(deps, sql`select ${dayKey(sql`e.at`)} as k, count(*)::int as n from marketing_events e where e.at >= ${dayStart(deps, 5)} group by 1`),
      )
      return { series: [{ name: 'Newsletter', data }] }
    }
  }
}
