import type { ChannelsService } from '../channels/channels.service'
import type { ChatService } from '../chat/chat.service'
import type { CommandsService } from '../commands/commands.service'
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
    commands,
    webhooks,
  }: Core & { channels: ChannelsService; chat: ChatService; commands: CommandsService; webhooks: WebhooksService }) => {
    const moderation = createModerationService({ db, log, now, pubsub, channels, platforms, chat, config, webhooks })
    // Commands can be limited to regulars: the bot's process answers from its cached list.
    commands.setRegulars(moderation.isRegular)
    // The chatboard's own actions go into the moderation log too.
    chat.onModerated(moderation.recordManual)
    return { moderation }
  },
})
