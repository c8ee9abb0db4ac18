/** What every streaming platform client offers the services and the bot worker. */
export const platformNames = ['twitch', 'kick'] as const
export type PlatformName = (typeof platformNames)[number]

/** broadcaster: the channel itself; bot: the clearly named account the bot speaks as (optional). */
export type AccountRole = 'broadcaster' | 'bot'

export interface OAuthTokens {
  accessToken: string
  refreshToken: string | null
  expiresAt: Date | null
  scopes: string[]
}

export interface PlatformIdentity {
  id: string
  login: string
  displayName: string
}

/** The platform's own answer to an action, shown to the user as it came. */
export interface PlatformResult {
  ok: boolean
  status: number
  message: string
  id?: string | null
}

export interface StreamInfo {
  live: boolean
  category: string | null
  startedAt: Date | null
}

/** A viewer's role in a channel, from the platform's badges. */
export type ChatRole = 'broadcaster' | 'moderator' | 'vip' | 'subscriber'

/** One chat line as the bot receives it, whatever the platform. */
export interface IncomingChat {
  messageId: string
  userId: string
  userLogin: string
  userName: string
  text: string
  roles: ChatRole[]
  at: Date
  /** Emotes in the line, from the platform's message fragments (auto-moderation's emote filter); absent: not said. */
  emotes?: number
}

/** A raid between two channels (Twitch EventSub channel.raid), seen from either side. */
export interface RaidEvent {
  fromId: string
  fromLogin: string
  fromName: string
  toId: string
  toLogin: string
  toName: string
  viewers: number
}

/** Events the bot reacts to besides chat. */
export type ChannelEvent =
  | { kind: 'chat'; chat: IncomingChat }
  | { kind: 'online'; startedAt: Date | null }
  | { kind: 'offline' }
  | { kind: 'category'; category: string | null }
  | { kind: 'follow'; follower: NewFollower }
  | { kind: 'raid'; raid: RaidEvent }
  | { kind: 'alert'; alert: SupportAlert }
  /** A moderator removed a chat line (messageId) or all of a user's (userId: ban, timeout). */
  | { kind: 'chatRemoved'; messageId: string | null; userId: string | null }

/**
 * Support the platform reported: a subscription (`sub`), a renewal shared in chat (`resub`),
 * gifted subscriptions (`gift`, `amount` = how many), bits (`cheer`, Twitch) or Kicks (`kicks`,
 * Kick), `amount` = how many. Only what the platform's event carries: an anonymous gifter or
 * cheerer has no name here.
 */
export interface SupportAlert {
  type: 'sub' | 'resub' | 'gift' | 'cheer' | 'kicks'
  userId: string | null
  userLogin: string | null
  userName: string | null
  anonymous: boolean
  amount: number
  /** Subscription tier as the platform names it ('1000', '2000', '3000' on Twitch), or null. */
  tier: string | null
  /** Months subscribed in total (resub), else null. */
  months: number | null
  /** The viewer's own message (resub, cheer, kicks), or ''. */
  message: string
  /** A gifted subscription's recipient is announced by the gift itself (Twitch sends both). */
  isGift: boolean
}

/** A new follower as the platform's follow event names them. */
export interface NewFollower {
  userId: string
  login: string
  name: string
  followedAt: Date
}

/** One page of a follower list, newest first; total as the platform reports it. */
export interface FollowerPage {
  total: number | null
  followers: NewFollower[]
  cursor: string | null
}

/** The platform's own live figures for a channel (read only). */
export interface LiveViewers {
  live: boolean
  viewers: number | null
  startedAt: Date | null
  category: string | null
}

/** Who acts: the token to use and the platform ids of the channel and the acting account. */
export interface ActingAs {
  token: string
  broadcasterId: string
  actorId: string
}

export interface PlatformClient {
  readonly name: PlatformName
  /** Scopes the enabled features need, and no more. */
  scopesFor(role: AccountRole): string[]
  readonly usesPkce: boolean
  authorizeUrl(opts: { state: string; redirectUri: string; scopes: string[]; codeChallenge?: string }): string
  exchangeCode(opts: { code: string; redirectUri: string; codeVerifier?: string }): Promise<OAuthTokens>
  refresh(refreshToken: string): Promise<OAuthTokens>
  revoke(token: string): Promise<void>
  me(token: string): Promise<PlatformIdentity>
  stream(token: string, broadcasterId: string): Promise<StreamInfo>
  isModerator(broadcaster: ActingAs, userId: string): Promise<boolean>
  sendChat(as: ActingAs, text: string): Promise<PlatformResult>
  deleteMessage(as: ActingAs, messageId: string): Promise<PlatformResult>
  /** A timeout when durationSeconds is given, else a ban. */
  ban(as: ActingAs, userId: string, durationSeconds: number | null, reason: string): Promise<PlatformResult>
  /** Lifts a ban or ends a timeout (moderation log undo, !unnuke). */
  unban(as: ActingAs, userId: string): Promise<PlatformResult>
}

/** The platform refused the token (401): refresh once, else the owner must reconnect. */
export class PlatformAuthError extends Error {
  constructor(
    readonly platform: PlatformName,
    message: string,
  ) {
    super(message)
    this.name = 'PlatformAuthError'
  }
}

/** Any other failure of a platform call (network, 5xx, unexpected answer). */
export class PlatformRequestError extends Error {
  constructor(
    readonly platform: PlatformName,
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'PlatformRequestError'
  }
}
