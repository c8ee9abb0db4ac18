import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createConversationService } from './conversation.service'
import './conversation.schema'

/** Conversation bot: rules, the optional model endpoint (CONVERSATION_MODEL_*), the log, the monthly limit. */
export const conversationModule = defineModule({
  name: 'conversation',
  services: ({ config, db, log, now, pubsub, channels }: Core & { channels: ChannelsService }) => ({
    conversation: createConversationService({ db, log, now, channels, pubsub, config }),
  }),
})

// How the bot worker matches a chat line against the rules (server/src/worker/channel-bot.ts).
export { addressedTo, compileRules, Cooldowns, decide, type CompiledRule } from './matching'
export type { ConversationRuleRow } from './conversation.tables'
