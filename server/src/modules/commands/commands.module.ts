import type { AuditService } from '../audit/audit.service'
import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import type { WebhooksService } from '../webhooks/webhooks.module'
import { mountCommandRoutes } from './commands.rest'
import { createCommandsService } from './commands.service'
import './commands.schema'

/**
 * Chat commands, timers and counters of a channel; mod commands in chat are audited, and the
 * platforms answer ${title} ${viewers} ${followage}. Quotes and giveaways register on its chat hook.
 */
export const commandsModule = defineModule({
  name: 'commands',
  services: ({
    db,
    now,
    pubsub,
    platforms,
    channels,
    audit,
    webhooks,
  }: Core & { channels: ChannelsService; audit: AuditService; webhooks: WebhooksService }) => ({
    commands: createCommandsService({ db, channels, pubsub, now, audit, platforms, webhooks }),
  }),
  rest: mountCommandRoutes,
})

// What the bot worker runs of a command or timer (server/src/worker/channel-bot.ts).
export { permits } from './permission'
export { renderTemplate } from './template'
export type { TemplateValues } from './template-values'
export type { ChatCommandRow, ChatTimerRow } from './commands.tables'

// The chat hook other modules register on (quotes, giveaways: `commands.addChatHandler`), and what a handler uses.
export { findCommand } from './chat-commands'
export { words, type ChatTurn } from './chat-turn'
export { badInput } from './command-input'
