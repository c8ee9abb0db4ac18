import type { FeedbackService } from '../feedback/feedback.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import type { PlansService } from '../plans/plans.service'
import { createAdminService } from './admin.service'
import './admin.schema'

/** The admin dashboard's figures, dropped when an account or a feedback report changes (in every process). */
export const adminModule = defineModule({
  name: 'admin',
  services: ({ config, db, now, invalidations, plans, feedback }: Core & { plans: PlansService; feedback: FeedbackService }) => {
    const admin = createAdminService({ db, plans, now, cacheMs: config.COUNT_CACHE_TTL * 1000, openFeedbackReports: () => feedback.openCount() })
    invalidations.on('accounts', admin.clear)
    invalidations.on('feedback', admin.clear)
    return { admin }
  },
})
