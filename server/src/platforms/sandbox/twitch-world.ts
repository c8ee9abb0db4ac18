/**
 * The state of one local Twitch (twitch-server.ts): its users, tokens, sessions, conduits,
 * streams, chat and media, the counters tests read, and the faults tests switch on. Every part
 * of the server (OAuth, Helix routes, EventSub, the console) works on this one object.
 */
import { randomBytes } from 'node:crypto'
import { bearer, type Req, type Res } from './http-util'
import type {
  Conduit,
  ModerationCall,
  SandboxFollower,
  SentChat,
  Session,
  Token,
  TwitchClip,
  TwitchServerOptions,
  TwitchUser,
  TwitchVideo,
} from './twitch-types'

/** A Helix refusal with Twitch's body. */
export const badRequest = (message: string): Res => ({ status: 400, body: { error: 'Bad Request', status: 400, message } })
export const missingScope = (scope: string): Res => ({ status: 401, body: { error: 'Unauthorized', status: 401, message: `Missing scope: ${scope}` } })
export const notFound = (message = 'Not Found'): Res => ({ status: 404, body: { error: 'Not Found', status: 404, message } })

/** How the local Twitch refuses an EventSub subscription of one type (tests: a platform that is not agreeable). */
export interface SubscriptionRefusal {
  status: 400 | 403 | 410
  message: string
}

/** The faults a test switches on: what the real Twitch does that this server would not otherwise do. */
export interface TwitchFaults {
  /** Subscription type → how POST /eventsub/subscriptions refuses it (both transports). */
  refuse: Map<string, SubscriptionRefusal>
  /** Conduit shard assignments fail with this per-shard error (null: they succeed). */
  shardError: { code: string; message: string } | null
  /** POST /oauth2/revoke answers this status (null: it works). */
  revokeStatus: number | null
}

/** Access token → token, with an index by user (an EventSub subscription asks whether a user granted a scope: no scan of every token). */
export class TokenMap extends Map<string, Token> {
  private readonly byUser = new Map<string, Map<string, Token>>()
  override set(access: string, token: Token): this {
    this.drop(access)
    super.set(access, token)
    let mine = this.byUser.get(token.userId)
    if (!mine) this.byUser.set(token.userId, (mine = new Map()))
    mine.set(access, token)
    return this
  }
  override delete(access: string): boolean {
    this.drop(access)
    return super.delete(access)
  }
  override clear(): void {
    this.byUser.clear()
    super.clear()
  }
  private drop(access: string) {
    const old = super.get(access)
    if (old) this.byUser.get(old.userId)?.delete(access)
  }
  /** Whether the user has a token in force (not revoked) that carries the scope. */
  granted(userId: string, scope: string): boolean {
    for (const t of this.byUser.get(userId)?.values() ?? []) if (!t.revoked && t.scopes.includes(scope)) return true
    return false
  }
}

export function createTwitchWorld(opts: TwitchServerOptions) {
  const clientId = opts.clientId ?? 'test-twitch-client'
  const clientSecret = opts.clientSecret ?? 'test-twitch-secret'
  const now = opts.now ?? Date.now
  const keepaliveSeconds = opts.keepaliveSeconds ?? 10
  const ttl = opts.tokenTtlSeconds ?? 14_400
  const mediaUrl = opts.mediaUrl ?? null

  const users = new Map<string, TwitchUser>()
  /** Issued codes; `challenge` is the PKCE S256 challenge when the authorize request sent one. */
  const codes = new Map<string, { userId: string; redirectUri: string; scopes: string[]; challenge: string | null }>()
  const tokens = new TokenMap()
  const refreshTokens = new Map<string, string>() // refresh → access
  const sessions = new Map<string, Session>()
  const conduits = new Map<string, Conduit>()
  const streams = new Map<string, { category: string; startedAt: string } | null>()
  const categories = new Map<string, string>()
  const titles = new Map<string, string>()
  /** broadcaster → followers, oldest first (Helix lists newest first). */
  const followers = new Map<string, SandboxFollower[]>()
  const viewers = new Map<string, number>()
  const moderators = new Set<string>() // `${broadcaster}:${user}`
  const banned = new Set<string>()
  /** `${broadcaster}:${user}` → when the timeout ends (ms). */
  const timeouts = new Map<string, number>()
  const messages = new Set<string>()
  /** message id → its author, for channel.chat.message_delete's target_user_*. */
  const authors = new Map<string, { userId: string; login: string; name: string }>()
  const sent: SentChat[] = []
  const moderation: ModerationCall[] = []
  const revoked: string[] = []
  /** Every Helix request (method, path, query), for tests that count what was fetched. */
  const requests: Array<{ method: string; path: string; query: string }> = []
  const videos = new Map<string, TwitchVideo>()
  const clips = new Map<string, TwitchClip>()
  /** Clips being processed after POST /clips: visible to GET /clips from `readyAt` (never with clipsNeverReady). */
  const clipReady = new Map<string, number>()
  /** Broadcasters who restrict clipping (POST /clips answers 403). */
  const clipsRestricted = new Set<string>()
  /** Fault hook: user id → Helix answers still to fail for that user's tokens (status and count). */
  const failing = new Map<string, { status: number; left: number; path: string | null }>()
  const state = {
    /** Every Helix call answers 503 (an outage). */
    down: false,
    /** How long a created clip takes to appear in GET /clips. */
    clipProcessingMs: 0,
    /** Created clips never appear (Twitch failed to make them). */
    clipsNeverReady: false,
    /** Helix requests per path, e.g. '/clips'. */
    requests: {} as Record<string, number>,
    consentingUser: '',
    denyNext: false,
    /** Helix rate-limit bucket shared by all tokens (enough for tests). */
    rate: { limit: 800, remaining: 800, resetAt: Math.ceil(now() / 1000) + 60 },
    responses429: 0,
    eventSubRequests: 0,
    connections: 0,
  }

  const issue = (userId: string, scopes: string[]) => {
    const access = randomBytes(15).toString('hex')
    const refresh = randomBytes(25).toString('hex')
    tokens.set(access, { userId, scopes, expiresAt: now() + ttl * 1000, refresh, revoked: false })
    refreshTokens.set(refresh, access)
    return { access_token: access, refresh_token: refresh, expires_in: ttl, scope: scopes, token_type: 'bearer' }
  }

  const authed = (req: Req): Token | Res => {
    const t = bearer(req)
    const token = t ? tokens.get(t) : undefined
    if (!token || token.revoked || token.expiresAt <= now()) {
      return { status: 401, body: { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' } }
    }
    if (req.headers['client-id'] !== clientId)
      return { status: 401, body: { error: 'Unauthorized', status: 401, message: 'Client ID and OAuth token do not match' } }
    return token
  }

  const rateHeaders = () => ({
    'ratelimit-limit': String(state.rate.limit),
    'ratelimit-remaining': String(Math.max(0, state.rate.remaining)),
    'ratelimit-reset': String(state.rate.resetAt),
  })

  const chatLimit = (broadcasterId: string, senderId: string) => (senderId === broadcasterId || moderators.has(`${broadcasterId}:${senderId}`) ? 100 : 20)

  const faults: TwitchFaults = { refuse: new Map(), shardError: null, revokeStatus: null }

  return {
    clientId,
    clientSecret,
    now,
    mediaUrl,
    keepaliveSeconds,
    users,
    codes,
    tokens,
    refreshTokens,
    sessions,
    conduits,
    streams,
    categories,
    titles,
    followers,
    viewers,
    moderators,
    banned,
    timeouts,
    messages,
    authors,
    sent,
    moderation,
    revoked,
    requests,
    videos,
    clips,
    clipReady,
    clipsRestricted,
    failing,
    state,
    faults,
    issue,
    authed,
    rateHeaders,
    chatLimit,
    ttl,
  }
}

export type TwitchWorld = ReturnType<typeof createTwitchWorld>
