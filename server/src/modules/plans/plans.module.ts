import type { AuditService } from '../audit/audit.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createPlansService } from './plans.service'
import { mountPricingRoutes } from './plans.rest'
import { seedPlans } from './plans.seed'
import './plans.schema'

/** The plans (packages) and their prices, cached for PLANS_CACHE_MS and dropped in every process on a change. */
export const plansModule = defineModule({
  name: 'plans',
  services: ({ config, db, now, invalidations, audit }: Core & { audit: AuditService }) => {
    const plans = createPlansService({
      db,
      audit,
      now,
      cacheMs: config.PLANS_CACHE_MS,
      currency: config.CURRENCY,
      onChanged: () => invalidations.changed('plans'),
    })
    invalidations.on('plans', plans.clear)
    return { plans }
  },
  rest: mountPricingRoutes,
  productData: seedPlans,
})
