import { expectOk, PlatformHttp, platformMessage, toResult, trimSlash, type HttpDeps, type JsonResponse } from '../http'
import { tokenGrant } from '../oauth'
import {
  PlatformAuthError,
  PlatformRequestError,
  type AccountRole,
  type ActingAs,
  type FollowerPage,
  type LiveViewers,
  type OAuthTokens,
  type PlatformClient,
  type PlatformIdentity,
  type PlatformResult,
  type StreamInfo,
} from '../types'

/** One channel of a Helix channel search. */
export interface ChannelSearchResult {
  id: string
  login: string
  displayName: string
  /** ISO 639-1 language the broadcaster streams in. */
  language: string
  category: string
  title: string
  live: boolean
  thumbnailUrl: string
}

export type HelixVideoType = 'all' | 'archive' | 'highlight' | 'upload'

/** A video as Helix answers it (the fields the VOD library uses). */
export interface HelixVideo {
  id: string
  user_id: string
  title: string
  created_at: string
  published_at?: string
  url: string
  thumbnail_url: string
  view_count: number
  type: 'archive' | 'highlight' | 'upload'
  /** e.g. 1h2m3s */
  duration: string
}

/** A clip as Helix answers it (the fields the VOD library uses). */
export interface HelixClip {
  id: string
  url: string
  broadcaster_id: string
  creator_name: string
  video_id: string
  title: string
  view_count: number
  created_at: string
  thumbnail_url: string
  /** seconds */
  duration: number
}

export interface HelixPage<T> {
  data: T[]
  cursor: string | null
}

const helixPage = <T>(res: JsonResponse): HelixPage<T> => {
  const body = res.body as { data?: T[]; pagination?: { cursor?: string } }
  return { data: body.data ?? [], cursor: body.pagination?.cursor || null }
}

/** A stream schedule segment as Helix answers it (GET /schedule). */
export interface HelixScheduleSegment {
  id: string
  start_time: string
  end_time: string
  title: string
  canceled_until: string | null
  category: { id: string; name: string } | null
  is_recurring: boolean
}

/** What the calendar sets on a segment (Helix POST/PATCH /schedule/segment body). */
export interface ScheduleSegmentInput {
  startTime: Date
  /** IANA time zone the segment recurs in. */
  timezone: string
  /** 30 to 1380 minutes. */
  durationMinutes: number
  title: string
}

export interface TwitchConfig {
  clientId: string
  clientSecret: string
  /** e.g. https://api.twitch.tv/helix */
  apiUrl: string
  /** e.g. https://id.twitch.tv/oauth2 */
  authUrl: string
  /** e.g. wss://eventsub.wss.twitch.tv/ws */
  eventSubUrl: string
}

/**
 * Scopes, and only those the features need: reading chat through EventSub and writing it
 * (chat bot, timers, chatboard), deleting messages and timeouts/bans (chatboard moderation),
 * reading the moderator list (to know the bot's chat limit), the followers (follower panel,
 * channel.follow), the stream schedule (stream calendar), and channel:bot so a separate
 * bot account may speak in the channel; subscriptions and bits for alerts. A bot account needs chat read/write and user:bot.
 */
const SCOPES: Record<AccountRole, string[]> = {
  broadcaster: [
    'user:read:chat',
    'user:write:chat',
    'channel:bot',
    'moderator:manage:chat_messages',
    'moderator:manage:banned_users',
    'moderation:read',
    // The VOD library: create a clip while live, delete own videos.
    'clips:edit',
    'channel:manage:videos',
    // The follower panel: the follower list and channel.follow v2 events.
    'moderator:read:followers',
    'channel:manage:raids',
    'moderator:manage:shoutouts',
    // The stream calendar: read, create, change and delete the channel's stream schedule segments.
    'channel:manage:schedule',
    // Alerts: channel.subscribe, channel.subscription.message and .gift; channel.cheer.
    'channel:read:subscriptions',
    'bits:read',
  ],
  bot: ['user:read:chat', 'user:write:chat', 'user:bot'],
}

/** Twitch Helix and the Twitch OAuth authorization-code flow; every base URL from configuration. */
export class TwitchClient implements PlatformClient {
  readonly name = 'twitch' as const
  /** PKCE (S256) on top of the client secret: a stolen authorization code is useless without the verifier. */
  readonly usesPkce = true
  readonly http: PlatformHttp
  private readonly api: string
  private readonly auth: string
  private readonly now: () => number

  constructor(
    readonly config: TwitchConfig,
    deps: HttpDeps = {},
  ) {
    this.http = new PlatformHttp('twitch', deps)
    this.api = trimSlash(config.apiUrl)
    this.auth = trimSlash(config.authUrl)
    this.now = deps.now ?? Date.now
  }

  scopesFor(role: AccountRole): string[] {
    return [...SCOPES[role]]
  }

  authorizeUrl(opts: { state: string; redirectUri: string; scopes: string[]; codeChallenge?: string }): string {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: opts.redirectUri,
      scope: opts.scopes.join(' '),
      state: opts.state,
      force_verify: 'true',
    })
    if (opts.codeChallenge) {
      q.set('code_challenge', opts.codeChallenge)
      q.set('code_challenge_method', 'S256')
    }
    return `${this.auth}/authorize?${q}`
  }

  async exchangeCode(opts: { code: string; redirectUri: string; codeVerifier?: string }): Promise<OAuthTokens> {
    return tokenGrant(this.http, 'twitch', {
      url: `${this.auth}/token`,
      what: 'token exchange',
      now: this.now,
      form: {
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        code: opts.code,
        grant_type: 'authorization_code',
        redirect_uri: opts.redirectUri,
        ...(opts.codeVerifier ? { code_verifier: opts.codeVerifier } : {}),
      },
    })
  }

  async refresh(refreshToken: string): Promise<OAuthTokens> {
    return tokenGrant(this.http, 'twitch', {
      url: `${this.auth}/token`,
      what: 'token refresh',
      now: this.now,
      form: {
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      },
    })
  }

  /** Revokes a token; a refusal or failure of Twitch throws (the caller logs it: the token may still be valid). */
  async revoke(token: string): Promise<void> {
    const res = await this.http.request(`${this.auth}/revoke`, { method: 'POST', form: { client_id: this.config.clientId, token } })
    if (res.status < 200 || res.status >= 300)
      throw new PlatformRequestError('twitch', res.status, `revoke token: ${platformMessage(res.body, `HTTP ${res.status}`)}`)
  }

  private headers(token: string): Record<string, string> {
    return { authorization: `Bearer ${token}`, 'client-id': this.config.clientId }
  }

  /** Helix rate limits are per user token: one bucket each (the token's tail, never logged). */
  private bucket(token: string) {
    return `user:${token.slice(-12)}`
  }

  async helix(token: string, method: string, path: string, json?: unknown, opts: { retry429?: boolean } = {}) {
    return this.http.request(`${this.api}${path}`, { method, headers: this.headers(token), json, bucket: this.bucket(token), ...opts })
  }

  /** Helix `GET /search/channels`: channels whose name matches, live ones only when asked. */
  async searchChannels(token: string, query: string, opts: { liveOnly: boolean; first: number }): Promise<ChannelSearchResult[]> {
    const q = new URLSearchParams({ query, live_only: String(opts.liveOnly), first: String(opts.first) })
    const res = expectOk('twitch', await this.helix(token, 'GET', `/search/channels?${q}`), 'search channels')
    const data = (res.body as { data?: Array<Record<string, unknown>> }).data ?? []
    const str = (v: unknown) => (typeof v === 'string' ? v : '')
    return data.map((c) => ({
      id: str(c.id),
      login: str(c.broadcaster_login),
      displayName: str(c.display_name) || str(c.broadcaster_login),
      language: str(c.broadcaster_language),
      category: str(c.game_name),
      title: str(c.title),
      live: c.is_live === true,
      thumbnailUrl: str(c.thumbnail_url),
    }))
  }

  /** Helix `POST /raids` (channel:manage:raids): answers the platform's status (200, 409 pending, 429 over 10 per 10 min, 404…). */
  async startRaid(as: ActingAs, toBroadcasterId: string): Promise<PlatformResult> {
    const q = new URLSearchParams({ from_broadcaster_id: as.broadcasterId, to_broadcaster_id: toBroadcasterId })
    return toResult('twitch', await this.helix(as.token, 'POST', `/raids?${q}`, undefined, { retry429: false }), 'Raid requested')
  }

  /** Helix `DELETE /raids` (channel:manage:raids): cancels the pending raid (404 when there is none). */
  async cancelRaid(as: ActingAs): Promise<PlatformResult> {
    const q = new URLSearchParams({ broadcaster_id: as.broadcasterId })
    return toResult('twitch', await this.helix(as.token, 'DELETE', `/raids?${q}`, undefined, { retry429: false }), 'Raid cancelled')
  }

  /** Helix `POST /chat/shoutouts` (moderator:manage:shoutouts), as the acting moderator (or the broadcaster). */
  async shoutout(as: ActingAs, toBroadcasterId: string): Promise<PlatformResult> {
    const q = new URLSearchParams({ from_broadcaster_id: as.broadcasterId, to_broadcaster_id: toBroadcasterId, moderator_id: as.actorId })
    return toResult('twitch', await this.helix(as.token, 'POST', `/chat/shoutouts?${q}`, undefined, { retry429: false }), 'Shoutout sent')
  }

  /**
   * Helix `GET /schedule`: the broadcaster's segments that end after `startTime`, one page of
   * up to 25 with the cursor of the next. A broadcaster without a schedule (404) has none.
   */
  async schedulePage(
    token: string,
    broadcasterId: string,
    opts: { startTime?: Date; first?: number; after?: string | null } = {},
  ): Promise<HelixPage<HelixScheduleSegment>> {
    const q = new URLSearchParams({ broadcaster_id: broadcasterId, first: String(opts.first ?? 25) })
    if (opts.startTime) q.set('start_time', opts.startTime.toISOString())
    if (opts.after) q.set('after', opts.after)
    const res = await this.helix(token, 'GET', `/schedule?${q}`)
    if (res.status === 404) return { data: [], cursor: null }
    const body = expectOk('twitch', res, 'get schedule').body as { data?: { segments?: HelixScheduleSegment[] | null }; pagination?: { cursor?: string } }
    return { data: body.data?.segments ?? [], cursor: body.pagination?.cursor || null }
  }

  /** Helix `GET /schedule?id=`: one segment, or null when Twitch has none by that id. */
  async scheduleSegment(token: string, broadcasterId: string, id: string): Promise<HelixScheduleSegment | null> {
    const q = new URLSearchParams({ broadcaster_id: broadcasterId, id })
    const res = await this.helix(token, 'GET', `/schedule?${q}`)
    if (res.status === 404 || res.status === 400) return null
    const body = expectOk('twitch', res, 'get schedule').body as { data?: { segments?: HelixScheduleSegment[] | null } }
    return body.data?.segments?.find((s) => s.id === id) ?? null
  }

  private segmentOf(res: JsonResponse): HelixScheduleSegment {
    const seg = (res.body as { data?: { segments?: HelixScheduleSegment[] } }).data?.segments?.[0]
    if (!seg) throw new PlatformRequestError('twitch', 502, 'Twitch returned no schedule segment')
    return seg
  }

  /** Helix `POST /schedule/segment` (channel:manage:schedule): a single, non-recurring segment. */
  async createSegment(as: ActingAs, input: ScheduleSegmentInput): Promise<HelixScheduleSegment> {
    const q = new URLSearchParams({ broadcaster_id: as.broadcasterId })
    const res = await this.helix(as.token, 'POST', `/schedule/segment?${q}`, {
      start_time: input.startTime.toISOString(),
      timezone: input.timezone,
      duration: String(input.durationMinutes),
      is_recurring: false,
      title: input.title,
    })
    return this.segmentOf(expectOk('twitch', res, 'create schedule segment'))
  }

  /** Helix `PATCH /schedule/segment` (channel:manage:schedule); null when Twitch has no such segment (404). */
  async updateSegment(as: ActingAs, id: string, input: ScheduleSegmentInput): Promise<HelixScheduleSegment | null> {
    const q = new URLSearchParams({ broadcaster_id: as.broadcasterId, id })
    const res = await this.helix(as.token, 'PATCH', `/schedule/segment?${q}`, {
      start_time: input.startTime.toISOString(),
      timezone: input.timezone,
      duration: String(input.durationMinutes),
      title: input.title,
    })
    if (res.status === 404) return null
    return this.segmentOf(expectOk('twitch', res, 'update schedule segment'))
  }

  /** Helix `DELETE /schedule/segment` (channel:manage:schedule); false when Twitch has no such segment (404). */
  async deleteSegment(as: ActingAs, id: string): Promise<boolean> {
    const q = new URLSearchParams({ broadcaster_id: as.broadcasterId, id })
    const res = await this.helix(as.token, 'DELETE', `/schedule/segment?${q}`)
    if (res.status === 404) return false
    expectOk('twitch', res, 'delete schedule segment')
    return true
  }

  /** The rate-limit bucket of a token (the scheduler reads its budget before fetching). */
  bucketOf(token: string) {
    return this.bucket(token)
  }

  /**
   * One page of the channel's followers (GET /channels/followers, moderator:read:followers),
   * newest first, with the total as Twitch reports it. `retries: 0` hands a 429 back at once.
   */
  async followers(token: string, broadcasterId: string, page: { first?: number; after?: string | null } = {}, retries?: number): Promise<FollowerPage> {
    const q = new URLSearchParams({ broadcaster_id: broadcasterId, first: String(page.first ?? 20) })
    if (page.after) q.set('after', page.after)
    const res = await this.http.request(`${this.api}/channels/followers?${q}`, {
      headers: this.headers(token),
      bucket: this.bucket(token),
      retries,
    })
    expectOk('twitch', res, 'get followers')
    const body = res.body as {
      total?: number
      data?: Array<{ user_id: string; user_login: string; user_name?: string; followed_at: string }>
      pagination?: { cursor?: string }
    }
    return {
      total: typeof body.total === 'number' ? body.total : null,
      followers: (body.data ?? []).map((f) => ({
        userId: f.user_id,
        login: f.user_login,
        name: f.user_name ?? f.user_login,
        followedAt: new Date(f.followed_at),
      })),
      cursor: body.pagination?.cursor || null,
    }
  }

  /**
   * When a viewer followed the channel (GET /channels/followers with user_id,
   * moderator:read:followers), or null when they do not follow it.
   */
  async followedAt(token: string, broadcasterId: string, userId: string): Promise<Date | null> {
    const q = new URLSearchParams({ broadcaster_id: broadcasterId, user_id: userId })
    const res = expectOk('twitch', await this.helix(token, 'GET', `/channels/followers?${q}`), 'get follower')
    const f = (res.body as { data?: Array<{ followed_at?: string }> }).data?.[0]
    const at = f?.followed_at ? new Date(f.followed_at) : null
    return at && !Number.isNaN(at.getTime()) ? at : null
  }

  /** The channel's stream title (GET /channels title), null when empty. */
  async channelTitle(token: string, broadcasterId: string): Promise<string | null> {
    const q = new URLSearchParams({ broadcaster_id: broadcasterId })
    const res = expectOk('twitch', await this.helix(token, 'GET', `/channels?${q}`), 'get channel')
    return (res.body as { data?: Array<{ title?: string }> }).data?.[0]?.title || null
  }

  /** The stream's viewer count as Twitch reports it (GET /streams viewer_count). */
  async liveViewers(token: string, broadcasterId: string, retries?: number): Promise<LiveViewers> {
    const q = new URLSearchParams({ user_id: broadcasterId })
    const res = await this.http.request(`${this.api}/streams?${q}`, { headers: this.headers(token), bucket: this.bucket(token), retries })
    expectOk('twitch', res, 'get stream')
    const s = (res.body as { data?: Array<{ type?: string; viewer_count?: number; started_at?: string; game_name?: string }> }).data?.[0]
    if (s?.type !== 'live') return { live: false, viewers: null, startedAt: null, category: null }
    return {
      live: true,
      viewers: typeof s.viewer_count === 'number' ? s.viewer_count : null,
      startedAt: s.started_at ? new Date(s.started_at) : null,
      category: s.game_name || null,
    }
  }

  async me(token: string): Promise<PlatformIdentity> {
    const res = expectOk('twitch', await this.helix(token, 'GET', '/users'), 'get user')
    const user = (res.body as { data?: Array<{ id: string; login: string; display_name?: string }> }).data?.[0]
    if (!user) throw new PlatformRequestError('twitch', 502, 'Twitch returned no user for the token')
    return { id: user.id, login: user.login, displayName: user.display_name ?? user.login }
  }

  /** Helix `GET /users?id=`: another account by id (null when Twitch knows none). */
  async userById(token: string, id: string): Promise<PlatformIdentity | null> {
    const res = expectOk('twitch', await this.helix(token, 'GET', `/users?id=${encodeURIComponent(id)}`), 'get user')
    const user = (res.body as { data?: Array<{ id: string; login: string; display_name?: string }> }).data?.[0]
    return user ? { id: user.id, login: user.login, displayName: user.display_name ?? user.login } : null
  }

  async stream(token: string, broadcasterId: string): Promise<StreamInfo> {
    const q = encodeURIComponent(broadcasterId)
    const streams = expectOk('twitch', await this.helix(token, 'GET', `/streams?user_id=${q}`), 'get stream')
    const live = (streams.body as { data?: Array<{ type: string; game_name?: string; started_at?: string }> }).data?.[0]
    if (live?.type === 'live') {
      return { live: true, category: live.game_name || null, startedAt: live.started_at ? new Date(live.started_at) : null }
    }
    const channel = expectOk('twitch', await this.helix(token, 'GET', `/channels?broadcaster_id=${q}`), 'get channel')
    const info = (channel.body as { data?: Array<{ game_name?: string }> }).data?.[0]
    return { live: false, category: info?.game_name || null, startedAt: null }
  }

  async isModerator(as: ActingAs, userId: string): Promise<boolean> {
    if (userId === as.broadcasterId) return true
    const q = new URLSearchParams({ broadcaster_id: as.broadcasterId, user_id: userId })
    const res = await this.helix(as.token, 'GET', `/moderation/moderators?${q}`)
    if (res.status === 401) throw new PlatformAuthError('twitch', 'token refused')
    if (res.status !== 200) return false
    return ((res.body as { data?: unknown[] }).data ?? []).length > 0
  }

  async sendChat(as: ActingAs, text: string): Promise<PlatformResult> {
    const res = await this.helix(as.token, 'POST', '/chat/messages', {
      broadcaster_id: as.broadcasterId,
      sender_id: as.actorId,
      message: text,
    })
    const result = toResult('twitch', res, 'Sent')
    if (!result.ok) return result
    const sent = (res.body as { data?: Array<{ message_id?: string; is_sent?: boolean; drop_reason?: { code?: string; message?: string } | null }> }).data?.[0]
    if (sent && sent.is_sent === false) {
      return { ok: false, status: res.status, message: sent.drop_reason?.message ?? 'Twitch dropped the message', id: null }
    }
    return { ...result, id: sent?.message_id ?? null }
  }

  async deleteMessage(as: ActingAs, messageId: string): Promise<PlatformResult> {
    const q = new URLSearchParams({ broadcaster_id: as.broadcasterId, moderator_id: as.actorId, message_id: messageId })
    return toResult('twitch', await this.helix(as.token, 'DELETE', `/moderation/chat?${q}`), 'Message deleted')
  }

  async ban(as: ActingAs, userId: string, durationSeconds: number | null, reason: string): Promise<PlatformResult> {
    const q = new URLSearchParams({ broadcaster_id: as.broadcasterId, moderator_id: as.actorId })
    const data: Record<string, unknown> = { user_id: userId, reason }
    if (durationSeconds !== null) data.duration = durationSeconds
    const res = await this.helix(as.token, 'POST', `/moderation/bans?${q}`, { data })
    return toResult('twitch', res, durationSeconds !== null ? `Timed out for ${durationSeconds} s` : 'Banned')
  }

  /** Helix `DELETE /moderation/bans`: lifts a ban or ends a timeout (400 when the user is neither). */
  async unban(as: ActingAs, userId: string): Promise<PlatformResult> {
    const q = new URLSearchParams({ broadcaster_id: as.broadcasterId, moderator_id: as.actorId, user_id: userId })
    return toResult('twitch', await this.helix(as.token, 'DELETE', `/moderation/bans?${q}`), 'Unbanned')
  }

  /** One page of the broadcaster's videos (newest first), `after` the cursor of the previous page. */
  async videosPage(token: string, userId: string, opts: { type?: HelixVideoType; first?: number; after?: string | null } = {}): Promise<HelixPage<HelixVideo>> {
    const q = new URLSearchParams({ user_id: userId, type: opts.type ?? 'all', first: String(opts.first ?? 100) })
    if (opts.after) q.set('after', opts.after)
    return helixPage<HelixVideo>(expectOk('twitch', await this.helix(token, 'GET', `/videos?${q}`), 'get videos'))
  }

  /** One page of the broadcaster's clips made in [startedAt, endedAt) (most viewed first). */
  async clipsPage(
    token: string,
    broadcasterId: string,
    opts: { startedAt: Date; endedAt: Date; first?: number; after?: string | null },
  ): Promise<HelixPage<HelixClip>> {
    const q = new URLSearchParams({
      broadcaster_id: broadcasterId,
      started_at: opts.startedAt.toISOString(),
      ended_at: opts.endedAt.toISOString(),
      first: String(opts.first ?? 100),
    })
    if (opts.after) q.set('after', opts.after)
    return helixPage<HelixClip>(expectOk('twitch', await this.helix(token, 'GET', `/clips?${q}`), 'get clips'))
  }

  /** Clips by id (empty while a new clip is still being processed). */
  async clipsById(token: string, ids: string[]): Promise<HelixClip[]> {
    const q = new URLSearchParams(ids.map((id) => ['id', id]))
    return helixPage<HelixClip>(expectOk('twitch', await this.helix(token, 'GET', `/clips?${q}`), 'get clips')).data
  }

  /** POST /clips (asynchronous: 202 with the new clip's id, which GET /clips shows once processed). */
  async createClip(as: ActingAs): Promise<PlatformResult> {
    const res = await this.helix(as.token, 'POST', `/clips?${new URLSearchParams({ broadcaster_id: as.broadcasterId })}`)
    const result = toResult('twitch', res, 'Clip requested')
    if (!result.ok) return result
    return { ...result, id: (res.body as { data?: Array<{ id?: string }> }).data?.[0]?.id ?? null }
  }

  /** DELETE /videos (own videos only). */
  async deleteVideos(as: ActingAs, ids: string[]): Promise<PlatformResult> {
    const q = new URLSearchParams(ids.map((id) => ['id', id]))
    return toResult('twitch', await this.helix(as.token, 'DELETE', `/videos?${q}`), 'Video deleted')
  }

  /** Creates an EventSub subscription on a WebSocket session (202 Accepted). */
  async subscribe(token: string, sessionId: string, type: string, version: string, condition: Record<string, string>) {
    const res = await this.helix(token, 'POST', '/eventsub/subscriptions', {
      type,
      version,
      condition,
      transport: { method: 'websocket', session_id: sessionId },
    })
    if (res.status === 409) return // already subscribed on this session
    expectOk('twitch', res, `subscribe ${type}`)
  }

  /** An app access token (client-credentials grant), as conduits and their subscriptions need. */
  async appToken(): Promise<{ token: string; expiresAt: number }> {
    const res = await this.http.request(`${this.auth}/token`, {
      method: 'POST',
      form: { client_id: this.config.clientId, client_secret: this.config.clientSecret, grant_type: 'client_credentials' },
    })
    const b = (expectOk('twitch', res, 'app token').body ?? {}) as { access_token?: string; expires_in?: number }
    if (!b.access_token) throw new PlatformRequestError('twitch', 502, 'Twitch answered without an access token')
    return { token: b.access_token, expiresAt: this.now() + (b.expires_in ?? 3600) * 1000 }
  }

  /** Get Conduits. */
  async conduits(appToken: string): Promise<Array<{ id: string; shard_count: number }>> {
    const res = expectOk('twitch', await this.helix(appToken, 'GET', '/eventsub/conduits'), 'get conduits')
    return (res.body as { data?: Array<{ id: string; shard_count: number }> }).data ?? []
  }

  /** Create Conduits (one, with `shardCount` shards). */
  async createConduit(appToken: string, shardCount: number): Promise<{ id: string; shard_count: number }> {
    const res = expectOk('twitch', await this.helix(appToken, 'POST', '/eventsub/conduits', { shard_count: shardCount }), 'create conduit')
    const c = (res.body as { data?: Array<{ id: string; shard_count: number }> }).data?.[0]
    if (!c) throw new PlatformRequestError('twitch', 502, 'Twitch answered without a conduit')
    return c
  }

  /** Update Conduits: a new shard count. */
  async resizeConduit(appToken: string, id: string, shardCount: number): Promise<void> {
    expectOk('twitch', await this.helix(appToken, 'PATCH', '/eventsub/conduits', { id, shard_count: shardCount }), 'update conduit')
  }

  /** Update Conduit Shards: points shard `shardId` at a WebSocket session; a per-shard error is thrown. */
  async assignShard(appToken: string, conduitId: string, shardId: string, sessionId: string): Promise<void> {
    const res = expectOk(
      'twitch',
      await this.helix(appToken, 'PATCH', '/eventsub/conduits/shards', {
        conduit_id: conduitId,
        shards: [{ id: shardId, transport: { method: 'websocket', session_id: sessionId } }],
      }),
      'update conduit shards',
    )
    // Twitch answers 202 with per-shard errors; their code says whether it is ours to fix (4xx) or may pass.
    const err = (res.body as { errors?: Array<{ id: string; message: string; code?: string }> }).errors?.[0]
    if (err) {
      const status = Number(err.code)
      throw new PlatformRequestError('twitch', Number.isInteger(status) && status >= 400 && status < 600 ? status : 400, `shard ${err.id}: ${err.message}`)
    }
  }

  /**
   * Get EventSub Subscriptions (app token), every page (100 each), enabled ones only: calls `each`
   * with those on the conduit `conduitId`. One request per 100 subscriptions, where re-creating
   * them would take one each (answered 409).
   */
  async eachConduitSubscription(
    appToken: string,
    conduitId: string,
    each: (s: { type: string; version: string; condition: Record<string, string> }) => void,
  ): Promise<number> {
    let after: string | null = null
    let pages = 0
    do {
      const q = new URLSearchParams({ status: 'enabled' })
      if (after) q.set('after', after)
      const res = expectOk('twitch', await this.helix(appToken, 'GET', `/eventsub/subscriptions?${q}`), 'get subscriptions')
      const page = helixPage<{ type?: string; version?: string; condition?: Record<string, string>; transport?: { conduit_id?: string } }>(res)
      for (const s of page.data) {
        if (s.transport?.conduit_id === conduitId && s.type) each({ type: s.type, version: s.version ?? '1', condition: s.condition ?? {} })
      }
      after = page.data.length ? page.cursor : null
      pages++
    } while (after)
    return pages
  }

  /** Create EventSub Subscription with the conduit transport (app token); an existing one counts as done. */
  async subscribeConduit(appToken: string, conduitId: string, type: string, version: string, condition: Record<string, string>) {
    const res = await this.helix(appToken, 'POST', '/eventsub/subscriptions', {
      type,
      version,
      condition,
      transport: { method: 'conduit', conduit_id: conduitId },
    })
    if (res.status === 409) return
    expectOk('twitch', res, `subscribe ${type} (conduit)`)
  }
}
