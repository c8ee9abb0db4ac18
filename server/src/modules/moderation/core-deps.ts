import type { PubSub } from 'graphql-yoga'
import { z } from 'zod'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import type { IncomingChat, PlatformResult } from '../../platforms/types'
import type { Topics } from '../../realtime/pubsub'
import type { ChannelsService } from '../channels/channels.service'
import type { ChatService } from '../chat/chat.service'
import type { WebhooksService } from '../webhooks/webhooks.module'
import type { CompiledFilters } from './filters'
import type { Offences } from './ladder'
import type { LogAction } from './moderation.tables'
import type { PlatformActions } from './platform-actions'
import type { FilterKind } from './settings'

/** The live state of one channel's auto-moderation in the process running its bot. */
export interface Guard {
  compiled: CompiledFilters
  regulars: Set<string>
  offences: Offences
  /** login → until (ms): one link allowed (!permit). */
  permits: Map<string, number>
  lastWarnAt: number
  /** Each viewer's previous line (the "same message again" check), bounded. */
  previous: Map<string, { text: string; at: number }>
}

export interface ScreenIo {
  /** The bot's clock (ms). */
  now: number
  /** Says a line in chat through the bot's queue (within the chat limit). */
  reply: (text: string) => void
}

export interface LogEntryInput {
  chat: Pick<IncomingChat, 'userId' | 'userLogin' | 'userName' | 'text'> & { messageId?: string | null }
  source: 'filter' | 'moderator' | 'nuke'
  filter?: FilterKind | null
  moderator?: string | null
  detail?: string
  action: LogAction
  seconds?: number | null
  result: PlatformResult
  nukeId?: string | null
  at: Date
}

/** What createModerationCore is given. */
export interface ModerationCoreOptions {
  db: Db
  log: Logger
  now: () => Date
  pubsub: PubSub<Topics>
  channels: ChannelsService
  platforms: Platforms
  chat: ChatService
  config: Pick<Config, 'MODERATION_LOG_DAYS'>
  /** moderation.action webhooks, queued with the log row. */
  webhooks: WebhooksService
}

/** What the core's use cases share: the options and the process's moderation state. */
export interface ModerationCoreDeps extends ModerationCoreOptions {
  actions: PlatformActions
  guards: Map<number, Promise<Guard>>
  /** Channels whose last moderation call was refused for rights (kept in memory to write only on change). */
  rightsKnown: Map<number, string | null>
  /** Whether the change feed is followed; log rows written since start (the log is pruned every 200th). */
  state: { listening: boolean; inserted: number }
}

const loginOf = (s: string) => s.trim().replace(/^@/, '').toLowerCase()
export const LOGIN = z
  .string()
  .trim()
  .transform(loginOf)
  .refine((s) => /^[a-z0-9_][a-z0-9_.-]{0,39}$/.test(s), 'A viewer name has 1 to 40 letters, digits or _ . -')
export const MAX_REGULARS = 1000
