import type { PubSub } from 'graphql-yoga'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Logger } from '../../logger'
import type { Topics } from '../../realtime/pubsub'
import type { ChannelsService } from '../channels/channels.service'
import type { CommandPermission } from '../commands/commands.tables'
import type { RuleKind } from './conversation.tables'
import type { ModelConfig } from './model-client'

export interface RuleInput {
  kind?: RuleKind | null
  pattern?: string | null
  answer?: string | null
  priority?: number | null
  cooldownSeconds?: number | null
  userCooldownSeconds?: number | null
  permission?: CommandPermission | null
  enabled?: boolean | null
}

export interface SettingsInput {
  modelEnabled?: boolean | null
  systemPrompt?: string | null
  fallbackAnswer?: string | null
}

export interface ConversationSettingsShape {
  modelEnabled: boolean
  systemPrompt: string
  fallbackAnswer: string
}

export interface LogQuery {
  search?: string | null
  first?: number | null
  offset?: number | null
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export const MAX_RULES = 200
export const MAX_PROMPT_LENGTH = 2000
export const MAX_SEARCH_LENGTH = 100
export const MAX_PAGE = 100
/** Each platform's longest chat message (Twitch: 500 characters; Kick the same). */
export const PLATFORM_MESSAGE_LENGTH: Record<string, number> = { twitch: 500, kick: 500 }

export const bad = (fields: Record<string, string[]>) => new AppError('BAD_USER_INPUT', Object.values(fields).flat().join('; '), fields)

/** The first instant of `now`'s calendar month (UTC): the monthly limit counts from here. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))

/** Cuts to `max` characters, at a word boundary when one is near, with an ellipsis. */
export function cutToLength(text: string, max: number): string {
  const chars = [...text]
  if (chars.length <= max) return text
  const head = chars.slice(0, max - 1).join('')
  const space = head.lastIndexOf(' ')
  return `${space > max * 0.6 ? head.slice(0, space) : head}…`
}

/** What createConversationService is given. */
export interface ConversationServiceDeps {
  db: Db
  log: Logger
  now: () => Date
  channels: ChannelsService
  pubsub: PubSub<Topics>
  config: Pick<
    Config,
    | 'CONVERSATION_MODEL_URL'
    | 'CONVERSATION_MODEL'
    | 'CONVERSATION_MODEL_KEY'
    | 'CONVERSATION_MODEL_TIMEOUT_MS'
    | 'CONVERSATION_MODEL_STREAM'
    | 'CONVERSATION_LOG_DAYS'
  >
  /** A monotonic clock for latencies (performance.now). */
  monotonic?: () => number
}

/** What the conversation use cases share: the factory's deps plus what it builds once. */
export interface ConversationDeps extends ConversationServiceDeps {
  monotonic: () => number
  /** The model endpoint from configuration; null: none configured. */
  model: ModelConfig | null
  /** Tells the channel's pages that its conversation settings changed. */
  changed: (channelId: number) => void
}

/** The model endpoint configured for this server, or null. */
export function modelOf(config: ConversationServiceDeps['config']): ModelConfig | null {
  return config.CONVERSATION_MODEL_URL
    ? {
        url: config.CONVERSATION_MODEL_URL,
        model: config.CONVERSATION_MODEL,
        key: config.CONVERSATION_MODEL_KEY,
        timeoutMs: config.CONVERSATION_MODEL_TIMEOUT_MS,
        stream: config.CONVERSATION_MODEL_STREAM === 'on',
      }
    : null
}
