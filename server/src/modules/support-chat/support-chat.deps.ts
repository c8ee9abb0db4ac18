import type { PubSub } from 'graphql-yoga'
import type { Db } from '../../db/client'
import type { Topics } from '../../realtime/pubsub'

/** What createSupportChatService is given. */
export interface SupportChatOptions {
  db: Db
  now: () => Date
  pubsub: PubSub<Topics>
}

/** What the support chat's use cases share: the options and the live subscriptions in this process, per user. */
export interface SupportChatDeps extends SupportChatOptions {
  connections: Map<number, number>
}
