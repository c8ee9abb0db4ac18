import type { MailService } from '../mail/mail.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createAnnouncements } from './announcements'
import { createMarketingService } from './marketing.service'
import { mountMarketingRoutes } from './marketing.rest'
import './marketing.schema'

/**
 * Marketing mail: signed open/click links, unsubscribe, and the product's announcement mails
 * that carry them (`announcements`: a plan change; other modules call it, so it is listed
 * before them).
 */
export const marketingModule = defineModule({
  name: 'marketing',
  services: ({ config, db, secret, now, publicUrl, mail }: Core & { mail: MailService }) => {
    const marketing = createMarketingService({ db, secret, redirectHosts: config.MARKETING_REDIRECT_HOSTS, publicUrl, now })
    return { marketing, announcements: createAnnouncements({ mail, marketing }) }
  },
  rest: mountMarketingRoutes,
})
