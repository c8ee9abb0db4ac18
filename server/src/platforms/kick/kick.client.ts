import { expectOk, PlatformHttp, toResult, trimSlash, type HttpDeps } from '../http'
import { tokenGrant } from '../oauth'
import {
  PlatformRequestError,
  type AccountRole,
  type ActingAs,
  type LiveViewers,
  type OAuthTokens,
  type PlatformClient,
  type PlatformIdentity,
  type PlatformResult,
  type StreamInfo,
} from '../types'

export interface KickConfig {
  clientId: string
  clientSecret: string
  /** e.g. https://api.kick.com/public/v1 */
  apiUrl: string
  /** e.g. https://id.kick.com/oauth */
  authUrl: string
}

/**
 * Scopes the features need: who the user is and their channel (stream state, category,
 * livestream viewer count),
 * writing chat (the bot speaks with Kick's `type: "bot"`, shown as the app's bot account),
 * event subscriptions (chat and stream webhooks), bans/timeouts and message deletion.
 */
const SCOPES = ['user:read', 'channel:read', 'chat:write', 'events:subscribe', 'moderation:ban', 'moderation:chat_message:manage']

/** The webhook events the bot subscribes to. */
export const KICK_EVENTS = [
  { name: 'chat.message.sent', version: 1 },
  { name: 'livestream.status.updated', version: 1 },
  { name: 'livestream.metadata.updated', version: 1 },
  { name: 'channel.followed', version: 1 },
  // Alerts (modules/alerts): subscriptions, renewals, gifted subscriptions, Kicks.
  { name: 'channel.subscription.new', version: 1 },
  { name: 'channel.subscription.renewal', version: 1 },
  { name: 'channel.subscription.gifts', version: 1 },
  { name: 'kicks.gifted', version: 1 },
]

/** Kick public API v1 and Kick OAuth 2.1 (authorization code with PKCE, S256). */
export class KickClient implements PlatformClient {
  readonly name = 'kick' as const
  readonly usesPkce = true
  readonly http: PlatformHttp
  private readonly api: string
  private readonly auth: string
  private readonly now: () => number

  constructor(
    readonly config: KickConfig,
    deps: HttpDeps = {},
  ) {
    this.http = new PlatformHttp('kick', deps)
    this.api = trimSlash(config.apiUrl)
    this.auth = trimSlash(config.authUrl)
    this.now = deps.now ?? Date.now
  }

  scopesFor(_role: AccountRole): string[] {
    return [...SCOPES]
  }

  authorizeUrl(opts: { state: string; redirectUri: string; scopes: string[]; codeChallenge?: string }): string {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: opts.redirectUri,
      scope: opts.scopes.join(' '),
      state: opts.state,
      code_challenge: opts.codeChallenge ?? '',
      code_challenge_method: 'S256',
    })
    return `${this.auth}/authorize?${q}`
  }

  async exchangeCode(opts: { code: string; redirectUri: string; codeVerifier?: string }): Promise<OAuthTokens> {
    return tokenGrant(this.http, 'kick', {
      url: `${this.auth}/token`,
      what: 'token exchange',
      now: this.now,
      form: {
        grant_type: 'authorization_code',
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        redirect_uri: opts.redirectUri,
        code_verifier: opts.codeVerifier ?? '',
        code: opts.code,
      },
    })
  }

  async refresh(refreshToken: string): Promise<OAuthTokens> {
    return tokenGrant(this.http, 'kick', {
      url: `${this.auth}/token`,
      what: 'token refresh',
      now: this.now,
      form: {
        grant_type: 'refresh_token',
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        refresh_token: refreshToken,
      },
    })
  }

  async revoke(token: string): Promise<void> {
    const q = new URLSearchParams({ token, token_hint_type: 'access_token' })
    await this.http.request(`${this.auth}/revoke?${q}`, { method: 'POST' })
  }

  /** The rate-limit bucket of a token (the scheduler reads its budget before fetching). */
  bucketOf(token: string) {
    return `user:${token.slice(-12)}`
  }

  private async call(token: string, method: string, path: string, json?: unknown) {
    return this.http.request(`${this.api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      json,
      bucket: this.bucketOf(token),
    })
  }

  async me(token: string): Promise<PlatformIdentity> {
    const res = expectOk('kick', await this.call(token, 'GET', '/users'), 'get user')
    const user = (res.body as { data?: Array<{ user_id: number | string; name: string }> }).data?.[0]
    if (!user) throw new PlatformRequestError('kick', 502, 'Kick returned no user for the token')
    return { id: String(user.user_id), login: user.name.toLowerCase(), displayName: user.name }
  }

  async stream(token: string, broadcasterId: string): Promise<StreamInfo> {
    const q = new URLSearchParams({ broadcaster_user_id: broadcasterId })
    const res = expectOk('kick', await this.call(token, 'GET', `/channels?${q}`), 'get channel')
    const ch = (
      res.body as {
        data?: Array<{ category?: { name?: string } | null; stream?: { is_live?: boolean; start_time?: string } | null }>
      }
    ).data?.[0]
    const live = Boolean(ch?.stream?.is_live)
    const started = ch?.stream?.start_time ? new Date(ch.stream.start_time) : null
    return {
      live,
      category: ch?.category?.name || null,
      startedAt: live && started && !Number.isNaN(started.getTime()) ? started : null,
    }
  }

  /** The channel's stream title (GET /channels stream_title), null when empty. Kick publishes no follow dates. */
  async channelTitle(token: string, broadcasterId: string): Promise<string | null> {
    const q = new URLSearchParams({ broadcaster_user_id: broadcasterId })
    const res = expectOk('kick', await this.call(token, 'GET', `/channels?${q}`), 'get channel')
    return (res.body as { data?: Array<{ stream_title?: string }> }).data?.[0]?.stream_title || null
  }

  /** The livestream's viewer count as Kick reports it (GET /livestreams). */
  async liveViewers(token: string, broadcasterId: string, retries?: number): Promise<LiveViewers> {
    const q = new URLSearchParams({ broadcaster_user_id: broadcasterId })
    const res = await this.http.request(`${this.api}/livestreams?${q}`, {
      headers: { authorization: `Bearer ${token}` },
      bucket: this.bucketOf(token),
      retries,
    })
    expectOk('kick', res, 'get livestream')
    const s = (res.body as { data?: Array<{ viewer_count?: number; started_at?: string; category?: { name?: string } | null }> }).data?.[0]
    if (!s) return { live: false, viewers: null, startedAt: null, category: null }
    const started = s.started_at ? new Date(s.started_at) : null
    return {
      live: true,
      viewers: typeof s.viewer_count === 'number' ? s.viewer_count : null,
      startedAt: started && !Number.isNaN(started.getTime()) ? started : null,
      category: s.category?.name || null,
    }
  }

  /** Kick publishes no moderator lookup for apps; the bot keeps the conservative chat limit. */
  async isModerator(): Promise<boolean> {
    return false
  }

  async sendChat(as: ActingAs, text: string): Promise<PlatformResult> {
    const res = await this.call(as.token, 'POST', '/chat', {
      broadcaster_user_id: Number(as.broadcasterId),
      content: text,
      type: 'bot',
    })
    const result = toResult('kick', res, 'Sent')
    if (!result.ok) return result
    const data = (res.body as { data?: { is_sent?: boolean; message_id?: string } }).data
    if (data && data.is_sent === false) return { ok: false, status: res.status, message: 'Kick did not send the message', id: null }
    return { ...result, id: data?.message_id ?? null }
  }

  async deleteMessage(as: ActingAs, messageId: string): Promise<PlatformResult> {
    return toResult('kick', await this.call(as.token, 'DELETE', `/chat/${encodeURIComponent(messageId)}`), 'Message deleted')
  }

  async ban(as: ActingAs, userId: string, durationSeconds: number | null, reason: string): Promise<PlatformResult> {
    const body: Record<string, unknown> = { broadcaster_user_id: Number(as.broadcasterId), user_id: Number(userId), reason }
    // Kick counts timeouts in minutes (1 to 10080).
    if (durationSeconds !== null) body.duration = Math.min(10080, Math.max(1, Math.ceil(durationSeconds / 60)))
    const res = await this.call(as.token, 'POST', '/moderation/bans', body)
    return toResult('kick', res, durationSeconds !== null ? `Timed out for ${body.duration as number} min` : 'Banned')
  }

  /** `DELETE /public/v1/moderation/bans`: lifts a ban or ends a timeout. */
  async unban(as: ActingAs, userId: string): Promise<PlatformResult> {
    const res = await this.call(as.token, 'DELETE', '/moderation/bans', { broadcaster_user_id: Number(as.broadcasterId), user_id: Number(userId) })
    return toResult('kick', res, 'Unbanned')
  }

  /** Subscribes the channel's webhooks (the webhook URL is set in the Kick app's settings). */
  async subscribeEvents(token: string, broadcasterId: string): Promise<void> {
    const res = await this.call(token, 'POST', '/events/subscriptions', {
      broadcaster_user_id: Number(broadcasterId),
      events: KICK_EVENTS,
      method: 'webhook',
    })
    expectOk('kick', res, 'subscribe events')
  }

  /** Kick's webhook signing key (PEM). */
  async publicKey(): Promise<string> {
    const res = expectOk('kick', await this.http.request(`${this.api}/public-key`, {}), 'public key')
    const key = (res.body as { data?: { public_key?: string } }).data?.public_key
    if (!key) throw new PlatformRequestError('kick', 502, 'Kick returned no public key')
    return key
  }
}
