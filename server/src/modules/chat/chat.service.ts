import { bindDeps } from '../../use-cases'
import type { ChatDeps, ChatOptions, ModeratedHook } from './chat-deps'
import { countSince, historyWriter, lineOf, markRemoved, recent, record } from './chat-history'
import { ChatLimits } from './chat-limiter'
import { moderate } from './chat-moderate'
import { isBotEcho, send, sendAsBot } from './chat-send'
import { BotEchoes } from './bot-echoes'

export { moderationActions, toEvent, type ModeratedEvent, type ModerationAction, type ModerationInput } from './chat-deps'

/**
 * The live chat: every line the bot receives is kept (the last CHAT_HISTORY_SIZE per channel)
 * and published to `chatMessage:<channelId>`; sending as the bot and moderating go through
 * the platform API, within the channel's chat limit, and answer what the platform said.
 */
export function createChatService(options: ChatOptions) {
  const deps: ChatDeps = {
    ...options,
    limits: new ChatLimits(options.limitStore, options.log),
    inserted: { count: 0 },
    history: historyWriter(options.db),
    moderatedHooks: [],
    echoes: new BotEchoes(),
  }
  return {
    ...bindDeps(deps, { record, recent, countSince, send, sendAsBot, isBotEcho, moderate, markRemoved, lineOf }),
    /** The channels' chat limits (shared by every process through Redis when configured). */
    limits: deps.limits,
    /** Another module's listener for chatboard actions (the moderation log), after the platform answered. */
    onModerated: (hook: ModeratedHook) => void deps.moderatedHooks.push(hook),
  }
}

export type ChatService = ReturnType<typeof createChatService>
