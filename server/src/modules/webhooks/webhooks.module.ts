import type { MailService } from '../mail/mail.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createWebhookDelivery, createWebhooksService } from './webhooks.service'
import type { WebhooksDeps } from './webhooks-deps'
import './webhooks.schema'

export { webhookEvents, WEBHOOK_EVENTS, type WebhookEventType } from './webhook-events'
export type { WebhooksService, WebhookDelivery } from './webhooks.service'

/**
 * Signed outgoing webhooks (docs/features/webhooks.md). Listed early, right after mail, so the
 * modules where events happen (channels, commands, moderation, raids, followers) can queue them
 * in their own transactions through `services.webhooks.enqueue`. The delivery loop is a
 * background duty; it claims rows with SKIP LOCKED, so more processes may run it.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  services: ({ config, db, log, now, ms, publicUrl, mail }: Core & { mail: MailService }) => {
    const deps: WebhooksDeps = {
      db,
      log,
      now,
      ms,
      mail,
      publicUrl,
      settings: {
        allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
        timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
        leaseMarginMs: config.WEBHOOKS_LEASE_MARGIN_MS,
        retryMs: config.WEBHOOKS_RETRY_SECONDS * 1000,
        retryForMs: config.WEBHOOKS_RETRY_FOR_SECONDS * 1000,
        disableAfter: config.WEBHOOKS_DISABLE_AFTER_FAILURES,
        tickMs: config.WEBHOOKS_TICK_MS,
      },
      audit: { write: null },
    }
    return { webhooks: createWebhooksService(deps), webhookDelivery: createWebhookDelivery(deps) }
  },
  background: {
    start: ({ webhookDelivery }) => webhookDelivery.start(),
    stop: async ({ webhookDelivery }) => webhookDelivery.stop(),
  },
})
