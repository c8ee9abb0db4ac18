import type { Db } from '../../db/client'

/** What createStatisticsService is given. */
export interface StatisticsOptions {
  db: Db
  now: () => Date
  cacheMs: number
  currency: string
}

/** What the statistics' use cases share: the options, the answers' cache and the money format. */
export interface StatisticsDeps extends StatisticsOptions {
  cache: Map<string, { at: number; value: Promise<unknown> }>
  money: Intl.NumberFormat
}
