import type { BotEchoes } from './bot-echoes'
import type { PubSub } from 'graphql-yoga'
import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import { PlatformRequestError, type PlatformResult } from '../../platforms/types'
import type { ChatMessageEvent, ChatSender, Topics } from '../../realtime/pubsub'
import type { ChannelsService } from '../channels/channels.service'
import type { ChatLimits } from './chat-limiter'
import type { LimitStore } from '../../auth/rate-limit'
import type { ChatMessageRow, NewChatMessage } from './chat.tables'

export const moderationActions = ['delete', 'timeout', 'ban'] as const
export type ModerationAction = (typeof moderationActions)[number]

export interface ModerationInput {
  action: ModerationAction
  messageId?: string | null
  userId?: string | null
  durationSeconds?: number | null
  reason?: string | null
}

/** A chatboard action as done, for the moderation log (the moderation module listens: onModerated). */
export interface ModeratedEvent {
  channelId: number
  /** The dashboard user who acted (their username). */
  actor: string
  action: ModerationAction
  messageId: string | null
  userId: string | null
  seconds: number | null
  reason: string
  result: PlatformResult
  at: Date
}
export type ModeratedHook = (e: ModeratedEvent) => Promise<void>

/** What createChatService is given. */
export interface ChatOptions {
  db: Db
  log: Logger
  now: () => Date
  pubsub: PubSub<Topics>
  channels: ChannelsService
  platforms: Platforms
  /** Where the chat limit's slots are counted (in memory, or Redis for every process). */
  limitStore: LimitStore
  historySize: number
}

/** What the chat use cases share: the options, the per-channel chat limits and the insert count. */
export interface ChatDeps extends ChatOptions {
  limits: ChatLimits
  /** Lines recorded since start; the ring is trimmed every 20th. */
  inserted: { count: number }
  /** Stores a line (grouped with the lines of other channels arriving meanwhile: chat-history.ts). */
  history: (line: NewChatMessage) => Promise<ChatMessageRow>
  /** The lines sent as the bot from this process, to recognise their echo. */
  echoes: BotEchoes
  /** Told of each chatboard action after the platform answered. */
  moderatedHooks: ModeratedHook[]
}

export const toEvent = (r: ChatMessageRow, sentBy: ChatSender | null = null): ChatMessageEvent => ({
  id: String(r.id),
  channelId: String(r.channelId),
  platformMessageId: r.platformMessageId,
  userId: r.userId,
  userLogin: r.userLogin,
  userName: r.userName,
  text: r.text,
  roles: r.roles,
  fromBot: r.fromBot,
  removed: r.removed,
  at: r.at.toISOString(),
  sentBy,
})

/** Runs a platform call; a refusal by the platform becomes the answer, anything else is thrown on. */
export async function platformAnswer(call: () => Promise<PlatformResult>): Promise<PlatformResult> {
  try {
    return await call()
  } catch (e) {
    if (e instanceof PlatformRequestError) return { ok: false, status: e.status, message: e.message }
    throw e
  }
}
