import type { Db } from '../../db/client'
import type { Platforms } from '../../platforms'
import type { ChannelsService } from '../channels/channels.service'
import type { WebhooksService } from '../webhooks/webhooks.module'

/** The longest thank-you template (names are added when it is sent; the platform allows 500). */
export const MAX_THANKS_TEMPLATE = 300
/** A thank-you names this many followers, then "and N others". */
export const THANKS_NAMES = 3
export const DEFAULT_THANKS_TEMPLATE = 'Thank you for the follow, ${user}!'
/** How often the follower total and the newest followers are read (Twitch). */
export const FOLLOWERS_SYNC_MS = 60 * 60_000

export interface FollowerItem {
  userId: string
  login: string
  name: string
  followedAt: Date
}

export interface FollowerList {
  /** As the platform reports it (Twitch); on Kick, the follows its webhooks delivered since connecting. */
  total: number | null
  followers: FollowerItem[]
  cursor: string | null
  /** platform: read from the platform's follower list; events: Kick has no list, these came as webhooks. */
  source: 'platform' | 'events'
}

/** What createFollowersService is given, and what its use cases share. */
export interface FollowersDeps {
  db: Db
  now: () => Date
  channels: ChannelsService
  platforms: Platforms
  webhooks: WebhooksService
  syncMs?: number
}
