import type { WebhooksService } from '../webhooks/webhooks.module'
import type { PubSub } from 'graphql-yoga'
import type { Db } from '../../db/client'
import type { Platforms } from '../../platforms'
import type { Topics } from '../../realtime/pubsub'
import type { AuditService } from '../audit/audit.service'
import type { ChannelsService } from '../channels/channels.service'

/** Who changed a command: the channel's owner or a team member on the dashboard, or a moderator in chat (both audited). */
export type CommandActor = { kind: 'dashboard'; userId: number } | { kind: 'chat'; login: string }

export interface TimerInput {
  name?: string | null
  message?: string | null
  intervalMinutes?: number | null
  minLines?: number | null
  enabled?: boolean | null
}

export const MIN_TIMER_MINUTES = 5

/** What createCommandsService is given, and what its use cases share. */
export interface CommandsDeps {
  db: Db
  channels: ChannelsService
  pubsub: PubSub<Topics>
  now: () => Date
  audit?: AuditService
  /** For the platform variables (${title} ${viewers} ${followage}); without, they show "(unknown)". */
  platforms?: Platforms
  /** command.used webhooks, queued with the use count. */
  webhooks: WebhooksService
}

/** Tells the dashboards that a channel's commands or timers changed. */
export const changed = ({ pubsub }: CommandsDeps, channelId: number, what: string) => pubsub.publish('channelChanged', { channelId, what })

export const isUnique = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } }
  return (err.cause ?? err).code === '23505'
}
