import type { Core } from '../module'
import { defineModule } from '../module'
import type { MailboxService } from '../mailbox/mailbox.service'
import { createMailDelivery } from './mail-delivery'
import { createMailService } from './mail.service'
import './mail.schema'

/**
 * The product's mail: every mail an account causes counts against MAIL_RATE_LIMIT an hour
 * (shared through Redis like the sign-in limits) and lands in the recipient's inbox. With
 * SMTP_URL the outbox is also sent through SMTP in the background.
 */
export const mailModule = defineModule({
  name: 'mail',
  services: ({ config, db, log, now, limits, mailbox }: Core & { mailbox: MailboxService }) => ({
    mail: createMailService(db, log, { now, toInbox: (m, tx) => mailbox.deliverProductMail(m, tx, config.MAIL_FROM), limit: limits }),
    mailDelivery: config.SMTP_URL
      ? createMailDelivery(db, log, {
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          maxAttempts: config.SMTP_MAX_ATTEMPTS,
          backoffMs: config.SMTP_RETRY_SECONDS * 1000,
          tickMs: config.SMTP_TICK_MS,
          now,
        })
      : null,
  }),
  background: {
    start: ({ mailDelivery }) => mailDelivery?.start(),
    stop: async ({ mailDelivery }) => mailDelivery?.stop(),
  },
})
