import type { ChannelsService } from '../channels/channels.service'
import type { ChatService } from '../chat/chat.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import type { WebhooksService } from '../webhooks/webhooks.module'
import { createModerationService } from './moderation.service'
import './moderation.schema'

/** Auto-moderation: filters, the action ladder, regulars, nukes and the moderation log (docs/features/moderation.md). */
export const moderationModule = defineModule({
  name: 'moderation',
  services: ({
    config,
    db,
    log,
    now,
    pubsub,
    platforms,
    channels,
    chat,
    webhooks,
  }: Core & { channels: ChannelsService; chat: ChatService; webhooks: WebhooksService }) => ({
    moderation: createModerationService({ db, log, now, pubsub, channels, platforms, chat, config, webhooks }),
  }),
})
