import { bindDeps } from '../../use-cases'
import { analyticsData, cardAnalytic, cardStatistic, ecommerceData, recordSignIn } from './read-cards'
import type { StatisticsDeps, StatisticsOptions } from './statistics.deps'

export { ANALYTIC_CARDS, deviceOf, STATISTIC_CARDS, type AnalyticCard, type Series, type StatisticCard } from './statistics-queries'

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
export function createStatisticsService(options: StatisticsOptions) {
  const deps: StatisticsDeps = {
    ...options,
    cache: new Map(),
    money: new Intl.NumberFormat('en-US', { style: 'currency', currency: options.currency, maximumFractionDigits: 2 }),
  }
  return {
    ...bindDeps(deps, { cardStatistic, cardAnalytic, analyticsData, ecommerceData, recordSignIn }),
    clear: () => deps.cache.clear(),
  }
}

export type StatisticsService = ReturnType<typeof createStatisticsService>
