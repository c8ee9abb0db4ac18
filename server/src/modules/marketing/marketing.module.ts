import type { Core } from '../module'
import { defineModule } from '../module'
import { createMarketingService } from './marketing.service'
import { mountMarketingRoutes } from './marketing.rest'
import './marketing.schema'

/** Marketing mail: campaigns, signed open/click links, unsubscribe. */
export const marketingModule = defineModule({
  name: 'marketing',
  services: ({ config, db, secret, now, publicUrl }: Core) => ({
    marketing: createMarketingService({ db, secret, redirectHosts: config.MARKETING_REDIRECT_HOSTS, publicUrl, now }),
  }),
  rest: mountMarketingRoutes,
})
