/** The public reads: checked (staff only), scoped and cached per caller scope for cacheMs. */
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf } from '../../permissions/scope'
import { signIns } from './statistics.tables'
import { STATISTIC_CARDS, type StatisticCard, ANALYTIC_CARDS, type AnalyticCard, type Staff } from './statistics-queries'
import { statistic } from './statistic-cards'
import { analytic } from './analytic-cards'
import { analyticsDashboard } from './analytics-dashboard'
import { ecommerceDashboard } from './ecommerce-dashboard'
import { deviceOf, type Json } from './statistics-queries'
import type { StatisticsDeps } from './statistics.deps'

function staffScope(principal: Principal | null): Staff {
  const s = scopeOf(principal)
  requireStaff(s)
  return s
}
function cached<T>(deps: StatisticsDeps, s: Staff, key: string, compute: () => Promise<T>): Promise<T> {
  const { now, cache } = deps
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

/** GET /card/card-statistics/{name}; an unknown name is NOT_FOUND. */
export function cardStatistic(deps: StatisticsDeps, principal: Principal | null, name: string): Promise<Json> {
  const s = staffScope(principal)
  if (!isStatistic(name)) throw new AppError('NOT_FOUND', 'No such card')
  return cached(deps, s, `statistic:${name}`, () => statistic(deps, s, name))
}

/** GET /card/card-analytics/{name}; an unknown name is NOT_FOUND. */
export function cardAnalytic(deps: StatisticsDeps, principal: Principal | null, name: string): Promise<Json> {
  const s = staffScope(principal)
  if (!isAnalytic(name)) throw new AppError('NOT_FOUND', 'No such card')
  return cached(deps, s, `analytic:${name}`, () => analytic(deps, s, name))
}

export function analyticsData(deps: StatisticsDeps, principal: Principal | null): Promise<Json> {
  const s = staffScope(principal)
  return cached(deps, s, `analytics:${principal!.userId}`, () => analyticsDashboard(deps, principal!, s))
}

export function ecommerceData(deps: StatisticsDeps, principal: Principal | null): Promise<Json> {
  const s = staffScope(principal)
  return cached(deps, s, `ecommerce:${principal!.userId}`, () => ecommerceDashboard(deps, principal!, s))
}

/** Records a completed sign-in with its device kind (called by the auth service inside its transaction). */
export async function recordSignIn(deps: StatisticsDeps, tx: Db, userId: number, userAgent: string | undefined): Promise<void> {
  await tx.insert(signIns).values({ userId, device: deviceOf(userAgent) ?? null, at: deps.now() })
}
