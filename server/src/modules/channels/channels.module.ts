import type { Core } from '../module'
import { defineModule } from '../module'
import type { WebhooksService } from '../webhooks/webhooks.module'
import { createChannelsService, type ChannelsService } from './channels.service'
import { mountChannelRoutes } from './channels.rest'
import { createKickWebhooks } from './kick-webhooks'
import './channels.schema'

/** The assistant's channels: connections (OAuth), the bot panel, the Kick webhooks (see docs/features/bot-worker.md). */
export const channelsModule = defineModule({
  name: 'channels',
  services: ({ config, db, log, now, ms, box, platforms, pubsub, publicUrl, limitStore, webhooks }: Core & { webhooks: WebhooksService }) => {
    const channels = createChannelsService({
      db,
      log,
      now,
      box,
      platforms,
      pubsub,
      publicUrl,
      stateTtlSeconds: config.OAUTH_STATE_TTL,
      memberCacheMs: config.PRINCIPAL_CACHE_MS,
      webhooks,
    })
    // Webhook endpoint changes go into the channel's log; the webhooks module is built before this one.
    webhooks.useAudit((tx, e) => channels.audit(tx, { ...e, module: 'webhooks' }))
    return {
      channels,
      kickWebhooks: createKickWebhooks({
        db,
        log,
        now,
        kick: platforms.kick,
        pubsub,
        configuredKey: config.KICK_WEBHOOK_PUBLIC_KEY,
        // Several processes: a message id counts once over all of them (the limits' atomic counter in Redis).
        firstDelivery:
          limitStore.kind === 'redis'
            ? async (messageId, forMs) => (await limitStore.hit(`webhook:kick:${messageId}`, ms(), forMs, false)).count === 1
            : undefined,
      }),
    }
  },
  rest: mountChannelRoutes,
})

/**
 * For the modules whose changes a bot must see: the bot worker reloads these channels (an
 * admin's edit of a user's bot panel, a deleted user's channels) like an edit on /pages/Panel.
 */
export const channelsChangedNotifier =
  ({ pubsub }: Pick<Core, 'pubsub'>) =>
  (channelIds: number[]) => {
    for (const channelId of channelIds) void pubsub.publish('channelChanged', { channelId, what: 'panel' })
  }

/**
 * A licence activated, extended or revoked (or a package changed): the bot worker reloads the
 * owners' channels, which start, or stop saying LICENCE_ENDED. (A licence that ends by date is
 * caught by the worker's periodic resync.)
 */
export const licenceChangedNotifier =
  ({ pubsub, log, channels }: Pick<Core, 'pubsub' | 'log'> & { channels: ChannelsService }) =>
  (userIds: number[]) => {
    void (async () => {
      for (const userId of userIds) for (const c of await channels.listForUser(userId)) pubsub.publish('channelChanged', { channelId: c.id, what: 'licence' })
    })().catch((e: unknown) => log.warn({ err: (e as Error).message, userIds }, 'licence change not sent to the bot worker; the next resync picks it up'))
  }

// The bot worker's view of a channel (server/src/worker): its status reasons and stored row.
export { statusReasons, type StatusReason } from './status-reasons'
export { earliestExpiry } from './tokens'
export type { ChannelAccountRow, ChannelRow } from './channels.tables'
export type { BotChannel } from './status'
