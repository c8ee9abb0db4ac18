import type { Core } from '../module'
import { defineModule } from '../module'
import { createProfileService } from './profile'
import { createStatisticsService } from './statistics.service'
import { mountStatisticsRoutes } from './statistics.rest'
import './statistics.schema'

/** The statistics cards (spec §7), reused for COUNT_CACHE_TTL seconds per caller scope; they count the sign-ins recorded here. */
export const statisticsModule = defineModule({
  name: 'statistics',
  services: ({ config, db, now, invalidations }: Core) => {
    const statistics = createStatisticsService({ db, now, cacheMs: config.COUNT_CACHE_TTL * 1000, currency: config.CURRENCY })
    invalidations.on('accounts', statistics.clear)
    return { statistics, profile: createProfileService({ db }) }
  },
  rest: mountStatisticsRoutes,
})
