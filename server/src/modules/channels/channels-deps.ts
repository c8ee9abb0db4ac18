import { createHash, timingSafeEqual } from 'node:crypto'
import type { SQLWrapper } from 'drizzle-orm'
import type { PubSub } from 'graphql-yoga'
import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import type { PlatformName } from '../../platforms/types'
import type { Topics } from '../../realtime/pubsub'
import type { MemberGroup } from '../../permissions/channel-rights'
import { licenceInForce } from '../licences/licence-expiry'
import { utcDay } from '../users/user-view'
import type { WebhooksService } from '../webhooks/webhooks.module'
import type { TokenBox } from './token-box'

export const panelPath: Record<PlatformName, string> = { twitch: '/pages/Panel', kick: '/kick/panel' }
/** The cookie that binds a started connection to the browser that started it (one per platform). */
export const bindingCookieName = (platform: PlatformName) => `oauth_binding_${platform}`
export const platformLabel: Record<PlatformName, string> = { twitch: 'Twitch', kick: 'Kick' }

/** "Twitch", "Kick", or "Sandbox" for a sandbox channel. */
export const labelOf = (c: { platform: PlatformName; sandbox: boolean }) => (c.sandbox ? 'Sandbox' : platformLabel[c.platform])

export const botModules = ['chatBot', 'categoryChatBot', 'conversationBot', 'timers', 'raidAnnouncements'] as const
export type BotModule = (typeof botModules)[number]

export interface PanelPatch {
  active?: boolean | null
  autostart?: boolean | null
  chatBot?: boolean | null
  categoryChatBot?: boolean | null
}

/** Refresh a token this long before it expires. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000

/** SHA-256, base64url: the stored form of a state and a browser binding, and the PKCE S256 challenge. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')
export const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** A lease check: may this process write the channel's status? */
export type StatusFence = (channelId: number) => Promise<boolean>

/** What createChannelsService is given. */
export interface ChannelsServiceDeps {
  db: Db
  log: Logger
  now: () => Date
  box: TokenBox
  platforms: Platforms
  pubsub: PubSub<Topics>
  publicUrl: string
  stateTtlSeconds: number
  /** How long a team member's row is reused (PRINCIPAL_CACHE_MS, the caller cache's window); 0: read on every request. */
  memberCacheMs?: number
  /** Stream online/offline webhooks, queued with the live state's change. */
  webhooks: WebhooksService
}

/** What the channels use cases share: the factory's deps plus the state it builds once. */
export interface ChannelsDeps extends ChannelsServiceDeps {
  /** Token refreshes under way, by `channelId:role` (concurrent callers share one). */
  refreshing: Map<string, Promise<string>>
  /**
   * Sharded bot workers (leases): whether this process may write a channel's status, i.e. holds
   * its lease (set by the worker; unset: every write goes through, as with a single worker).
   */
  fence: { status: StatusFence | null }
  /** Team members' rows by `channelId:userId` (access.ts). */
  members: Map<string, { until: number; value: { group: MemberGroup; rights: Partial<Record<string, string>> } | null }>
  memberCacheMs: number
  /** What other modules do once a channel is connected (the follower total is read at once). */
  connected: Array<(channelId: number) => Promise<void>>
}

export const changed = ({ pubsub }: ChannelsDeps, channelId: number, what: string) => pubsub.publish('channelChanged', { channelId, what })

export const redirectUri = ({ publicUrl }: ChannelsDeps, p: PlatformName) => `${publicUrl.replace(/\/$/, '')}/apps/oauth/${p}/callback`

/**
 * The browser binding of a started connection: HttpOnly (no script reads it), SameSite=Lax
 * (sent when the platform redirects the browser back, not on cross-site subrequests),
 * Secure behind https, and sent only to the platform's callback path.
 */
export const bindingCookie = (deps: ChannelsDeps, platform: PlatformName, value: string | null) =>
  [
    `${bindingCookieName(platform)}=${value ?? ''}`,
    `Path=/apps/oauth/${platform}/callback`,
    `Max-Age=${value === null ? 0 : deps.stateTtlSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(deps.publicUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ')

/** The owner (`userId`: a column or expression) may run a bot today: their licence is in force. */
export const ownerLicensed = ({ now }: ChannelsDeps, userId: SQLWrapper) => licenceInForce(userId, utcDay(now()))
