import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createChatService } from './chat.service'
import './chat.schema'

/** Live chat: the stored history (CHAT_HISTORY_SIZE), messages sent from the dashboard and the chat limit every process shares. */
export const chatModule = defineModule({
  name: 'chat',
  services: ({ config, db, log, now, pubsub, platforms, channels, limitStore }: Core & { channels: ChannelsService }) => ({
    chat: createChatService({ db, log, now, pubsub, channels, platforms, limitStore, historySize: config.CHAT_HISTORY_SIZE }),
  }),
})

// The platforms' send limits the bot worker keeps (server/src/worker/channel-bot.ts).
export { CHAT_LIMIT, CHAT_LIMIT_MODERATOR } from './chat-limiter'
