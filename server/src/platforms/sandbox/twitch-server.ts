/**
 * A local Twitch for tests and benchmarks: OAuth (authorize, token, refresh, revoke,
 * validate), the Helix endpoints the bot uses (users, streams, channels, moderators, chat
 * messages, delete message, bans, EventSub subscriptions; channel search, raids and shoutouts
 * in twitch-raids.ts; the stream schedule in twitch-schedule.ts; followers; videos and clips with cursor paging and the ~1,000-result cap)
 * with Ratelimit-* headers and 429s,
 * Twitch's chat limit (20 per 30 s, 100 for moderators) and the EventSub WebSocket protocol
 * (session_welcome, session_keepalive, notification, session_reconnect), EventSub conduits (create,
 * update, delete; shards that are WebSocket sessions; subscriptions with the conduit transport
 * and an app access token from the client-credentials grant). It speaks the real
 * protocol on 127.0.0.1, port 0, and has controls to act as viewers and as the network.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'
import { bearer, listen, nextId, type Req, type Res } from './http-util'
import { createTwitchRaids } from './twitch-raids'
import { createTwitchSupport, SUPPORT_SCOPES } from './twitch-support'
import { createTwitchSchedule } from './twitch-schedule'

export interface TwitchUser {
  id: string
  login: string
  displayName: string
  /** Helix `broadcaster_language` (search results); `en` when unset. */
  language?: string
}

interface Token {
  userId: string
  scopes: string[]
  expiresAt: number
  refresh: string
  revoked: boolean
}

interface Session {
  id: string
  socket: WebSocket | null
  subscriptions: Array<{ id: string; type: string; version: string; condition: Record<string, string> }>
  keepalive: ReturnType<typeof setInterval> | null
}

/** An EventSub conduit (Helix /eventsub/conduits): shards are WebSocket sessions; subscriptions belong to the conduit. */
interface Conduit {
  id: string
  shards: Array<{
    id: string
    sessionId: string | null
    status: 'enabled' | 'unused' | 'websocket_disconnected'
    connectedAt: string | null
    disconnectedAt: string | null
  }>
  subscriptions: Array<{ id: string; type: string; version: string; condition: Record<string, string> }>
  /** Notifications each shard delivered, by shard id. */
  delivered: Map<string, number>
  /** Subscriptions by `type|key=value` for each condition entry (10,000 channels' notifications and duplicates found without a scan). */
  index: Map<string, Conduit['subscriptions'][number]>
  /** `type|condition` of every subscription (duplicates answer 409). */
  keys: Set<string>
}

const conditionKeys = (type: string, condition: Record<string, string>) => Object.entries(condition).map(([k, v]) => `${type}|${k}=${v}`)

export interface SentChat {
  broadcasterId: string
  senderId: string
  message: string
  at: number
  isSent: boolean
}

export interface ModerationCall {
  kind: 'delete' | 'timeout' | 'ban' | 'unban'
  broadcasterId: string
  moderatorId: string
  messageId?: string
  userId?: string
  duration?: number
  reason?: string
}

export interface SandboxFollower {
  userId: string
  login: string
  name: string
  followedAt: string
}

/** A video as Helix answers it (GET /videos). */
export interface TwitchVideo {
  id: string
  user_id: string
  user_login: string
  user_name: string
  stream_id: string | null
  title: string
  description: string
  created_at: string
  published_at: string
  url: string
  thumbnail_url: string
  viewable: 'public'
  view_count: number
  language: string
  type: 'archive' | 'highlight' | 'upload'
  /** e.g. 1h2m3s */
  duration: string
  muted_segments: null
}

/** A clip as Helix answers it (GET /clips). */
export interface TwitchClip {
  id: string
  url: string
  embed_url: string
  broadcaster_id: string
  broadcaster_name: string
  creator_id: string
  creator_name: string
  video_id: string
  game_id: string
  language: string
  title: string
  view_count: number
  created_at: string
  thumbnail_url: string
  /** seconds */
  duration: number
  vod_offset: number | null
  is_featured: boolean
}

/** A clip the sandbox's test console created. */
export type SandboxClip = TwitchClip

/** Helix stops answering a cursor after this many results of one query (clips). */
export const HELIX_PAGING_CAP = 1000

const durationText = (seconds: number) => {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s}s`
}

/** Helix cursors are opaque: here an offset, base64url-encoded. */
const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url')
const decodeCursor = (cursor: string | null): number | null => {
  if (!cursor) return 0
  try {
    const o = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown }).o
    return typeof o === 'number' && Number.isInteger(o) && o >= 0 ? o : null
  } catch {
    return null
  }
}

export interface TwitchServerOptions {
  clientId?: string
  clientSecret?: string
  /** Server time (ms); tests pass their clock so expiries and the chat window follow it. */
  now?: () => number
  keepaliveSeconds?: number
  tokenTtlSeconds?: number
}

export async function startTwitchServer(opts: TwitchServerOptions = {}) {
  const clientId = opts.clientId ?? 'test-twitch-client'
  const clientSecret = opts.clientSecret ?? 'test-twitch-secret'
  const now = opts.now ?? Date.now
  const keepaliveSeconds = opts.keepaliveSeconds ?? 10
  const ttl = opts.tokenTtlSeconds ?? 14_400

  const users = new Map<string, TwitchUser>()
  /** Issued codes; `challenge` is the PKCE S256 challenge when the authorize request sent one. */
  const codes = new Map<string, { userId: string; redirectUri: string; scopes: string[]; challenge: string | null }>()
  const tokens = new Map<string, Token>()
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

  function notify(broadcasterId: string, type: string, event: Record<string, unknown>, conditionKey = 'broadcaster_user_id') {
    notifyWhere(type, (c) => c[conditionKey] === broadcasterId, event, `${type}|${conditionKey}=${broadcasterId}`)
  }

  /** `indexKey`: the same match as a key of the conduits' index (a lookup instead of a scan). */
  function notifyWhere(type: string, match: (condition: Record<string, string>) => boolean, event: Record<string, unknown>, indexKey?: string) {
    for (const c of conduits.values()) {
      const sub = indexKey ? c.index.get(indexKey) : c.subscriptions.find((x) => x.type === type && match(x.condition))
      if (!sub) continue
      // Twitch balances a conduit's notifications over its enabled shards (here: by subscription, stable).
      const live = c.shards.filter((sh) => sh.status === 'enabled' && sh.sessionId && sessions.get(sh.sessionId)?.socket)
      if (!live.length) continue
      let h = 0
      for (const ch of sub.id) h = (h * 31 + ch.charCodeAt(0)) >>> 0
      const shard = live[h % live.length]!
      c.delivered.set(shard.id, (c.delivered.get(shard.id) ?? 0) + 1)
      sessions.get(shard.sessionId!)!.socket!.send(
        JSON.stringify({
          metadata: {
            message_id: nextId('m'),
            message_type: 'notification',
            message_timestamp: new Date(now()).toISOString(),
            subscription_type: type,
            subscription_version: sub.version,
          },
          payload: {
            subscription: {
              id: sub.id,
              type,
              version: sub.version,
              status: 'enabled',
              condition: sub.condition,
              transport: { method: 'conduit', conduit_id: c.id },
            },
            event,
          },
        }),
      )
    }
    for (const s of sessions.values()) {
      const sub = s.subscriptions.find((x) => x.type === type && match(x.condition))
      if (!sub || !s.socket) continue
      s.socket.send(
        JSON.stringify({
          metadata: {
            message_id: nextId('m'),
            message_type: 'notification',
            message_timestamp: new Date(now()).toISOString(),
            subscription_type: type,
            subscription_version: sub.version,
          },
          payload: { subscription: { id: sub.id, type, version: sub.version, status: 'enabled', condition: sub.condition }, event },
        }),
      )
    }
  }

  function chatEvent(broadcasterId: string, from: { userId: string; login: string; name?: string; badges?: string[] }, text: string) {
    const b = users.get(broadcasterId)
    const id = nextId('msg-')
    messages.add(id)
    authors.set(id, { userId: from.userId, login: from.login, name: from.name ?? from.login })
    notify(broadcasterId, 'channel.chat.message', {
      broadcaster_user_id: broadcasterId,
      broadcaster_user_login: b?.login ?? '',
      broadcaster_user_name: b?.displayName ?? '',
      chatter_user_id: from.userId,
      chatter_user_login: from.login,
      chatter_user_name: from.name ?? from.login,
      message_id: id,
      message: { text, fragments: [{ type: 'text', text }] },
      color: '',
      badges: (from.badges ?? []).map((set_id) => ({ set_id, id: '1', info: '' })),
      message_type: 'text',
    })
    return id
  }

  const raids = createTwitchRaids({
    now,
    users,
    streams,
    categories,
    isModerator: (b, u) => moderators.has(`${b}:${u}`),
    notify: notifyWhere,
  })
  const schedule = createTwitchSchedule({ now, users })
  const support = createTwitchSupport({ broadcaster: (id) => users.get(id), notify: (id, type, event) => notify(id, type, event) })

  async function handle(req: Req): Promise<Res> {
    const p = req.path
    // OAuth (id.twitch.tv/oauth2)
    if (p === '/oauth2/authorize' && req.method === 'GET') {
      const redirect = req.query.get('redirect_uri') ?? ''
      const stateParam = req.query.get('state') ?? ''
      if (req.query.get('client_id') !== clientId) return { status: 400, body: { status: 400, message: 'invalid client' } }
      if (req.query.get('response_type') !== 'code') return { status: 400, body: { status: 400, message: 'unsupported response_type' } }
      const challenge = req.query.get('code_challenge')
      if (challenge !== null && req.query.get('code_challenge_method') !== 'S256') {
        return { status: 400, body: { status: 400, message: 'code_challenge_method must be S256' } }
      }
      const target = new URL(redirect)
      if (state.denyNext) {
        state.denyNext = false
        target.searchParams.set('error', 'access_denied')
        target.searchParams.set('error_description', 'The user denied you access')
      } else {
        const code = randomBytes(15).toString('hex')
        const scopes = (req.query.get('scope') ?? '').split(' ').filter(Boolean)
        codes.set(code, { userId: state.consentingUser, redirectUri: redirect, scopes, challenge })
        target.searchParams.set('code', code)
        target.searchParams.set('scope', scopes.join(' '))
      }
      target.searchParams.set('state', stateParam)
      return { status: 302, headers: { location: target.toString() } }
    }
    if (p === '/oauth2/token' && req.method === 'POST') {
      const f = req.form()
      if (f.get('client_id') !== clientId || f.get('client_secret') !== clientSecret) {
        return { status: 403, body: { status: 403, message: 'invalid client secret' } }
      }
      if (f.get('grant_type') === 'authorization_code') {
        const c = codes.get(f.get('code') ?? '')
        codes.delete(f.get('code') ?? '')
        if (!c || c.redirectUri !== f.get('redirect_uri')) return { status: 400, body: { status: 400, message: 'Invalid authorization code' } }
        // PKCE (RFC 7636): a code issued for a challenge needs the matching verifier.
        if (
          c.challenge !== null &&
          createHash('sha256')
            .update(f.get('code_verifier') ?? '')
            .digest('base64url') !== c.challenge
        ) {
          return { status: 400, body: { status: 400, message: 'Invalid code_verifier' } }
        }
        return { status: 200, body: issue(c.userId, c.scopes) }
      }
      if (f.get('grant_type') === 'client_credentials') {
        // An app access token (no user; no refresh token), as conduits need.
        const access = randomBytes(15).toString('hex')
        tokens.set(access, { userId: '', scopes: [], expiresAt: now() + ttl * 1000, refresh: '', revoked: false })
        return { status: 200, body: { access_token: access, expires_in: ttl, token_type: 'bearer' } }
      }
      if (f.get('grant_type') === 'refresh_token') {
        const access = refreshTokens.get(f.get('refresh_token') ?? '')
        const old = access ? tokens.get(access) : undefined
        if (!old || old.revoked) return { status: 400, body: { status: 400, message: 'Invalid refresh token' } }
        refreshTokens.delete(old.refresh)
        tokens.delete(access!)
        return { status: 200, body: issue(old.userId, old.scopes) }
      }
      return { status: 400, body: { status: 400, message: 'unsupported grant_type' } }
    }
    if (p === '/oauth2/revoke' && req.method === 'POST') {
      const f = req.form()
      const t = tokens.get(f.get('token') ?? '')
      if (f.get('client_id') !== clientId) return { status: 400, body: { status: 400, message: 'Invalid client' } }
      if (!t) return { status: 400, body: { status: 400, message: 'Invalid token' } }
      t.revoked = true
      revoked.push(f.get('token')!)
      return { status: 200 }
    }
    if (p === '/oauth2/validate') {
      const t = bearer(req)
      const token = t ? tokens.get(t) : undefined
      if (!token || token.revoked || token.expiresAt <= now()) return { status: 401, body: { status: 401, message: 'invalid access token' } }
      const u = users.get(token.userId)
      return {
        status: 200,
        body: { client_id: clientId, login: u?.login, scopes: token.scopes, user_id: token.userId, expires_in: Math.round((token.expiresAt - now()) / 1000) },
      }
    }

    // Helix (api.twitch.tv/helix)
    if (!p.startsWith('/helix/')) return { status: 404, body: { status: 404, message: 'Not Found' } }
    if (state.down) return { status: 503, body: { error: 'Service Unavailable', status: 503, message: 'Service Unavailable' } }
    const auth = authed(req)
    if (!('userId' in auth)) return auth
    requests.push({ method: req.method, path: p.slice('/helix'.length), query: req.query.toString() })
    const path = p.slice('/helix'.length)
    state.requests[path] = (state.requests[path] ?? 0) + 1
    const fault = failing.get(auth.userId)
    if (fault && fault.left > 0 && (fault.path === null || fault.path === path)) {
      if (--fault.left === 0) failing.delete(auth.userId)
      const message = fault.status === 401 ? 'Invalid OAuth token' : 'Service Unavailable'
      return { status: fault.status, body: { error: message, status: fault.status, message } }
    }
    const nowS = Math.ceil(now() / 1000)
    if (state.rate.resetAt <= nowS) state.rate = { limit: state.rate.limit, remaining: state.rate.limit, resetAt: nowS + 60 }
    if (state.rate.remaining <= 0) {
      state.responses429++
      return { status: 429, headers: rateHeaders(), body: { error: 'Too Many Requests', status: 429, message: 'Too Many Requests' } }
    }
    state.rate.remaining--
    const out = await helix(req, p.slice('/helix'.length), auth)
    return { ...out, headers: { ...rateHeaders(), ...out.headers } }
  }

  async function helix(req: Req, p: string, token: Token): Promise<Res> {
    const q = req.query
    const raidAnswer = raids.handle(req, p, token)
    if (raidAnswer) return raidAnswer
    const scheduleAnswer = schedule.handle(req, p, token)
    if (scheduleAnswer) return scheduleAnswer
    const has = (scope: string) => token.scopes.includes(scope)
    const missing = (scope: string): Res => ({ status: 401, body: { error: 'Unauthorized', status: 401, message: `Missing scope: ${scope}` } })
    if (p === '/users' && req.method === 'GET') {
      const ids = q.getAll('id')
      const found = (ids.length ? ids : [token.userId]).map((id) => users.get(id)).filter((u) => u !== undefined)
      return { status: 200, body: { data: found.map((u) => ({ id: u.id, login: u.login, display_name: u.displayName })) } }
    }
    if (p === '/streams' && req.method === 'GET') {
      const s = streams.get(q.get('user_id') ?? '')
      const id = q.get('user_id') ?? ''
      return {
        status: 200,
        body: { data: s ? [{ user_id: id, type: 'live', game_name: s.category, started_at: s.startedAt, viewer_count: viewers.get(id) ?? 0 }] : [] },
      }
    }
    if (p === '/channels/followers' && req.method === 'GET') {
      if (!has('moderator:read:followers')) return missing('moderator:read:followers')
      const id = q.get('broadcaster_id') ?? ''
      const first = Number(q.get('first') ?? '20')
      if (!id) return { status: 400, body: { error: 'Bad Request', status: 400, message: 'Missing required parameter "broadcaster_id"' } }
      if (!Number.isInteger(first) || first < 1 || first > 100) {
        return { status: 400, body: { error: 'Bad Request', status: 400, message: 'The value in the "first" field is not valid' } }
      }
      const forUser = q.get('user_id')
      const all = [...(followers.get(id) ?? [])].reverse().filter((f) => !forUser || f.userId === forUser)
      const after = q.get('after')
      const start = after ? Number(Buffer.from(after, 'base64url').toString()) : 0
      if (!Number.isInteger(start) || start < 0) return { status: 400, body: { error: 'Bad Request', status: 400, message: 'The cursor is not valid' } }
      const page = all.slice(start, start + first)
      const next = start + first < all.length ? Buffer.from(String(start + first)).toString('base64url') : undefined
      return {
        status: 200,
        body: {
          total: all.length,
          data: page.map((f) => ({ user_id: f.userId, user_login: f.login, user_name: f.name, followed_at: f.followedAt })),
          pagination: next ? { cursor: next } : {},
        },
      }
    }
    if (p === '/channels' && req.method === 'GET') {
      const id = q.get('broadcaster_id') ?? ''
      return { status: 200, body: { data: [{ broadcaster_id: id, game_name: categories.get(id) ?? '', title: titles.get(id) ?? '' }] } }
    }
    if (p === '/moderation/moderators' && req.method === 'GET') {
      if (!has('moderation:read')) return missing('moderation:read')
      const b = q.get('broadcaster_id') ?? ''
      const u = q.get('user_id') ?? ''
      return { status: 200, body: { data: moderators.has(`${b}:${u}`) ? [{ user_id: u }] : [] } }
    }
    if (p === '/chat/messages' && req.method === 'POST') {
      if (!has('user:write:chat')) return missing('user:write:chat')
      const b = req.json() as { broadcaster_id?: string; sender_id?: string; message?: string }
      if (!b.broadcaster_id || !b.sender_id || typeof b.message !== 'string')
        return { status: 400, body: { status: 400, message: 'Missing required parameter' } }
      if (b.sender_id !== token.userId) return { status: 403, body: { status: 403, message: 'The sender must match the user ID in the access token' } }
      if (b.message.length > 500) return { status: 400, body: { status: 400, message: 'The message is too long' } }
      const t = now()
      const recent = sent.filter((s) => s.isSent && s.broadcasterId === b.broadcaster_id && s.senderId === b.sender_id && s.at > t - 30_000)
      const isSent = recent.length < chatLimit(b.broadcaster_id, b.sender_id)
      sent.push({ broadcasterId: b.broadcaster_id, senderId: b.sender_id, message: b.message, at: t, isSent })
      if (!isSent) {
        return {
          status: 200,
          body: {
            data: [
              {
                message_id: '',
                is_sent: false,
                drop_reason: { code: 'msg_rate_limit', message: 'Your message was not sent because you are sending messages too quickly.' },
              },
            ],
          },
        }
      }
      const sender = users.get(b.sender_id)
      const id = chatEvent(b.broadcaster_id, { userId: b.sender_id, login: sender?.login ?? 'bot' }, b.message)
      return { status: 200, body: { data: [{ message_id: id, is_sent: true, drop_reason: null }] } }
    }
    if (p === '/moderation/chat' && req.method === 'DELETE') {
      if (!has('moderator:manage:chat_messages')) return missing('moderator:manage:chat_messages')
      const id = q.get('message_id') ?? ''
      if (!messages.has(id)) return { status: 404, body: { error: 'Not Found', status: 404, message: 'The message was not found.' } }
      messages.delete(id)
      const author = authors.get(id)
      authors.delete(id)
      const bid = q.get('broadcaster_id') ?? ''
      const bu = users.get(bid)
      notify(bid, 'channel.chat.message_delete', {
        broadcaster_user_id: bid,
        broadcaster_user_login: bu?.login ?? '',
        broadcaster_user_name: bu?.displayName ?? '',
        target_user_id: author?.userId ?? '',
        target_user_login: author?.login ?? '',
        target_user_name: author?.name ?? '',
        message_id: id,
      })
      moderation.push({ kind: 'delete', broadcasterId: q.get('broadcaster_id') ?? '', moderatorId: q.get('moderator_id') ?? '', messageId: id })
      return { status: 204 }
    }
    if (p === '/moderation/bans' && req.method === 'POST') {
      if (!has('moderator:manage:banned_users')) return missing('moderator:manage:banned_users')
      const data = (req.json() as { data?: { user_id?: string; duration?: number; reason?: string } }).data
      const b = q.get('broadcaster_id') ?? ''
      if (!data?.user_id) return { status: 400, body: { error: 'Bad Request', status: 400, message: 'Missing required parameter "user_id"' } }
      if (banned.has(`${b}:${data.user_id}`)) {
        return { status: 400, body: { error: 'Bad Request', status: 400, message: 'The user specified in the user_id field is already banned.' } }
      }
      if (data.duration === undefined) banned.add(`${b}:${data.user_id}`)
      else timeouts.set(`${b}:${data.user_id}`, now() + data.duration * 1000)
      // A ban or timeout clears the user's messages from chat (EventSub channel.chat.clear_user_messages).
      const target = users.get(data.user_id)
      const bu = users.get(b)
      notify(b, 'channel.chat.clear_user_messages', {
        broadcaster_user_id: b,
        broadcaster_user_login: bu?.login ?? '',
        broadcaster_user_name: bu?.displayName ?? '',
        target_user_id: data.user_id,
        target_user_login: target?.login ?? '',
        target_user_name: target?.displayName ?? '',
      })
      moderation.push({
        kind: data.duration === undefined ? 'ban' : 'timeout',
        broadcasterId: b,
        moderatorId: q.get('moderator_id') ?? '',
        userId: data.user_id,
        duration: data.duration,
        reason: data.reason,
      })
      const end = data.duration === undefined ? null : new Date(now() + data.duration * 1000).toISOString()
      return {
        status: 200,
        body: {
          data: [{ broadcaster_id: b, moderator_id: q.get('moderator_id'), user_id: data.user_id, created_at: new Date(now()).toISOString(), end_time: end }],
        },
      }
    }
    if (p === '/moderation/bans' && req.method === 'DELETE') {
      if (!has('moderator:manage:banned_users')) return missing('moderator:manage:banned_users')
      const key = `${q.get('broadcaster_id') ?? ''}:${q.get('user_id') ?? ''}`
      const timedOut = (timeouts.get(key) ?? 0) > now()
      if (!banned.has(key) && !timedOut) {
        return { status: 400, body: { error: 'Bad Request', status: 400, message: 'The user specified in the user_id field is not banned.' } }
      }
      banned.delete(key)
      timeouts.delete(key)
      moderation.push({ kind: 'unban', broadcasterId: q.get('broadcaster_id') ?? '', moderatorId: q.get('moderator_id') ?? '', userId: q.get('user_id') ?? '' })
      return { status: 204 }
    }
    if (p.startsWith('/eventsub/conduits')) return conduitApi(req, p, token)
    if (p === '/eventsub/subscriptions' && req.method === 'POST') {
      state.eventSubRequests++
      const b = req.json() as {
        type?: string
        version?: string
        condition?: Record<string, string>
        transport?: { method?: string; session_id?: string; conduit_id?: string }
      }
      if (b.transport?.method === 'conduit') return conduitSubscribe(b, token)
      const session = sessions.get(b.transport?.session_id ?? '')
      if (b.transport?.method !== 'websocket' || !session || !session.socket) {
        return { status: 400, body: { error: 'Bad Request', status: 400, message: 'websocket transport session does not exist or has already disconnected' } }
      }
      if (b.type === 'channel.chat.message' && (!has('user:read:chat') || b.condition?.user_id !== token.userId)) return missing('user:read:chat')
      if (b.type === 'channel.follow') {
        if (b.version !== '2' || !b.condition?.moderator_user_id) {
          return { status: 400, body: { error: 'Bad Request', status: 400, message: 'channel.follow needs version 2 and moderator_user_id' } }
        }
        if (!has('moderator:read:followers')) return missing('moderator:read:followers')
      }
      const needs = SUPPORT_SCOPES[b.type ?? '']
      if (needs && (!has(needs) || b.condition?.broadcaster_user_id !== token.userId)) return missing(needs)
      const dup = session.subscriptions.find((s) => s.type === b.type && JSON.stringify(s.condition) === JSON.stringify(b.condition))
      if (dup) return { status: 409, body: { error: 'Conflict', status: 409, message: 'subscription already exists' } }
      const sub = { id: randomBytes(8).toString('hex'), type: b.type ?? '', version: b.version ?? '1', condition: b.condition ?? {} }
      session.subscriptions.push(sub)
      return {
        status: 202,
        body: {
          data: [{ ...sub, status: 'enabled', transport: b.transport, created_at: new Date(now()).toISOString(), cost: 0 }],
          total: 1,
          total_cost: 0,
          max_total_cost: 10,
        },
      }
    }
    if (p === '/videos' || p === '/clips') return media(req, p, token)
    return { status: 404, body: { error: 'Not Found', status: 404, message: 'Not Found' } }
  }

  const appOnly: Res = { status: 401, body: { error: 'Unauthorized', status: 401, message: 'An app access token is required' } }
  const conduitBody = (c: Conduit) => ({ id: c.id, shard_count: c.shards.length })
  const resize = (c: Conduit, count: number) => {
    while (c.shards.length < count) c.shards.push({ id: String(c.shards.length), sessionId: null, status: 'unused', connectedAt: null, disconnectedAt: null })
    c.shards.length = count
  }

  /** Get, Create, Update, Delete Conduits; Get and Update Conduit Shards (app access token only). */
  function conduitApi(req: Req, p: string, token: Token): Res {
    if (token.userId !== '') return appOnly
    const q = req.query
    if (p === '/eventsub/conduits' && req.method === 'GET') return { status: 200, body: { data: [...conduits.values()].map(conduitBody) } }
    if (p === '/eventsub/conduits' && req.method === 'POST') {
      const n = (req.json() as { shard_count?: unknown }).shard_count
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 20_000) return badRequest('shard_count must be between 1 and 20000')
      if (conduits.size >= 5) return { status: 429, body: { error: 'Too Many Requests', status: 429, message: 'Conduit limit reached' } }
      const c: Conduit = { id: randomBytes(16).toString('hex'), shards: [], subscriptions: [], delivered: new Map(), index: new Map(), keys: new Set() }
      resize(c, n)
      conduits.set(c.id, c)
      return { status: 200, body: { data: [conduitBody(c)] } }
    }
    if (p === '/eventsub/conduits' && req.method === 'PATCH') {
      const b = req.json() as { id?: string; shard_count?: unknown }
      const c = conduits.get(b.id ?? '')
      if (!c) return { status: 404, body: { error: 'Not Found', status: 404, message: 'Conduit not found' } }
      if (typeof b.shard_count !== 'number' || !Number.isInteger(b.shard_count) || b.shard_count < 1 || b.shard_count > 20_000)
        return badRequest('shard_count must be between 1 and 20000')
      resize(c, b.shard_count)
      return { status: 200, body: { data: [conduitBody(c)] } }
    }
    if (p === '/eventsub/conduits' && req.method === 'DELETE') {
      if (!conduits.delete(q.get('id') ?? '')) return { status: 404, body: { error: 'Not Found', status: 404, message: 'Conduit not found' } }
      return { status: 204 }
    }
    const shardBody = (sh: Conduit['shards'][number]) => ({
      id: sh.id,
      status: sh.status,
      transport: sh.sessionId ? { method: 'websocket', session_id: sh.sessionId, connected_at: sh.connectedAt, disconnected_at: sh.disconnectedAt } : {},
    })
    if (p === '/eventsub/conduits/shards' && req.method === 'GET') {
      const c = conduits.get(q.get('conduit_id') ?? '')
      if (!c) return { status: 404, body: { error: 'Not Found', status: 404, message: 'Conduit not found' } }
      const status = q.get('status')
      return page(q, c.shards.filter((sh) => !status || sh.status === status).map(shardBody))
    }
    if (p === '/eventsub/conduits/shards' && req.method === 'PATCH') {
      const b = req.json() as { conduit_id?: string; shards?: Array<{ id?: string; transport?: { method?: string; session_id?: string } }> }
      const c = conduits.get(b.conduit_id ?? '')
      if (!c) return { status: 404, body: { error: 'Not Found', status: 404, message: 'Conduit not found' } }
      if (!Array.isArray(b.shards) || b.shards.length === 0) return badRequest('shards is required')
      const data: unknown[] = []
      const errors: Array<{ id: string; message: string; code: string }> = []
      for (const u of b.shards) {
        const sh = c.shards.find((x) => x.id === u.id)
        if (!sh) {
          errors.push({ id: String(u.id ?? ''), message: 'The shard id is outside the conduit range', code: '404' })
          continue
        }
        if (u.transport?.method !== 'websocket') {
          errors.push({ id: sh.id, message: 'Only websocket shards are supported here', code: '400' })
          continue
        }
        const session = sessions.get(u.transport.session_id ?? '')
        if (!session?.socket || session.subscriptions.length) {
          errors.push({ id: sh.id, message: 'The websocket session is not connected or already has subscriptions', code: '400' })
          continue
        }
        sh.sessionId = session.id
        sh.status = 'enabled'
        sh.connectedAt = new Date(now()).toISOString()
        sh.disconnectedAt = null
        data.push(shardBody(sh))
      }
      return { status: 202, body: { data, errors } }
    }
    return { status: 404, body: { error: 'Not Found', status: 404, message: 'Not Found' } }
  }

  /** A subscription with the conduit transport: app token; for chat, the chatting user must have granted the app user:read:chat. */
  function conduitSubscribe(
    b: { type?: string; version?: string; condition?: Record<string, string>; transport?: { conduit_id?: string } },
    token: Token,
  ): Res {
    if (token.userId !== '') return appOnly
    const c = conduits.get(b.transport?.conduit_id ?? '')
    if (!c) return badRequest('The conduit does not exist')
    if (b.type === 'channel.chat.message') {
      const user = b.condition?.user_id ?? ''
      let granted = false
      for (const t of tokens.values()) if (t.userId === user && !t.revoked && t.scopes.includes('user:read:chat')) granted = true
      if (!granted)
        return { status: 403, body: { error: 'Forbidden', status: 403, message: 'The user in user_id has not authorized the app with user:read:chat' } }
    }
    const needs = SUPPORT_SCOPES[b.type ?? '']
    if (needs) {
      const owner = b.condition?.broadcaster_user_id ?? ''
      let granted = false
      for (const t of tokens.values()) if (t.userId === owner && !t.revoked && t.scopes.includes(needs)) granted = true
      if (!granted) return { status: 403, body: { error: 'Forbidden', status: 403, message: `The broadcaster has not authorized the app with ${needs}` } }
    }
    const key = `${b.type}|${JSON.stringify(b.condition)}`
    if (c.keys.has(key)) return { status: 409, body: { error: 'Conflict', status: 409, message: 'subscription already exists' } }
    const sub = { id: randomBytes(8).toString('hex'), type: b.type ?? '', version: b.version ?? '1', condition: b.condition ?? {} }
    c.subscriptions.push(sub)
    c.keys.add(key)
    for (const k of conditionKeys(sub.type, sub.condition)) if (!c.index.has(k)) c.index.set(k, sub)
    return {
      status: 202,
      body: {
        data: [{ ...sub, status: 'enabled', transport: { method: 'conduit', conduit_id: c.id }, created_at: new Date(now()).toISOString(), cost: 0 }],
        total: 1,
        total_cost: 0,
        max_total_cost: 10,
      },
    }
  }

  const badRequest = (message: string): Res => ({ status: 400, body: { error: 'Bad Request', status: 400, message } })

  /** One page of `items` from the request's `first`/`after`; `cap` ends the cursor after that many results. */
  function page<T>(q: URLSearchParams, items: T[], cap = Infinity): Res {
    const first = Number(q.get('first') ?? 20)
    if (!Number.isInteger(first) || first < 1 || first > 100) return badRequest('The parameter "first" must be between 1 and 100')
    const offset = decodeCursor(q.get('after'))
    if (offset === null) return badRequest('The cursor is not valid')
    const data = items.slice(offset, Math.min(offset + first, cap))
    const next = offset + data.length
    const more = next < items.length && next < cap
    return { status: 200, body: { data, pagination: more ? { cursor: encodeCursor(next) } : {} } }
  }

  /** GET/DELETE /videos, GET/POST /clips as Helix documents them. */
  function media(req: Req, p: string, token: Token): Res {
    const q = req.query
    const missing = (scope: string): Res => ({ status: 401, body: { error: 'Unauthorized', status: 401, message: `Missing scope: ${scope}` } })
    if (p === '/videos' && req.method === 'GET') {
      const ids = q.getAll('id')
      const userId = q.get('user_id')
      if (!ids.length && !userId && !q.get('game_id')) return badRequest('One of "id", "user_id" or "game_id" is required')
      const type = q.get('type') ?? 'all'
      if (!['all', 'archive', 'highlight', 'upload'].includes(type)) return badRequest('The parameter "type" is not valid')
      const sort = q.get('sort') ?? 'time'
      let list = [...videos.values()].filter((v) => (ids.length ? ids.includes(v.id) : v.user_id === userId) && (type === 'all' || v.type === type))
      list = list.sort((a, b) => (sort === 'views' ? b.view_count - a.view_count : b.created_at.localeCompare(a.created_at)) || a.id.localeCompare(b.id))
      if (ids.length) return { status: 200, body: { data: list, pagination: {} } }
      return page(q, list)
    }
    if (p === '/videos' && req.method === 'DELETE') {
      if (!token.scopes.includes('channel:manage:videos')) return missing('channel:manage:videos')
      const ids = q.getAll('id')
      if (!ids.length) return badRequest('The request must specify at least one video ID')
      if (ids.length > 5) return badRequest('You may delete at most 5 videos at a time')
      // None is deleted when one of them is not the token owner's.
      if (ids.some((id) => videos.get(id) && videos.get(id)!.user_id !== token.userId)) {
        return {
          status: 401,
          body: { error: 'Unauthorized', status: 401, message: 'The user in the access token does not have permission to delete the videos' },
        }
      }
      const deleted = ids.filter((id) => videos.delete(id))
      return { status: 200, body: { data: deleted } }
    }
    if (p === '/clips' && req.method === 'GET') {
      const ids = q.getAll('id')
      const broadcaster = q.get('broadcaster_id')
      if (!ids.length && !broadcaster && !q.get('game_id')) return badRequest('One of "id", "broadcaster_id" or "game_id" is required')
      const visible = (c: TwitchClip) => (state.clipsNeverReady ? !clipReady.has(c.id) : (clipReady.get(c.id) ?? 0) <= now())
      if (ids.length) return { status: 200, body: { data: ids.map((id) => clips.get(id)).filter((c): c is TwitchClip => !!c && visible(c)), pagination: {} } }
      const started = q.get('started_at')
      const startMs = started ? Date.parse(started) : -Infinity
      // Without ended_at, Helix answers one week from started_at.
      const ended = q.get('ended_at')
      const endMs = ended ? Date.parse(ended) : started ? startMs + 7 * 86_400_000 : Infinity
      if (Number.isNaN(startMs) || Number.isNaN(endMs)) return badRequest('started_at and ended_at must be RFC3339 times')
      const list = [...clips.values()]
        .filter((c) => c.broadcaster_id === broadcaster && visible(c))
        .filter((c) => {
          const t = Date.parse(c.created_at)
          return t >= startMs && t < endMs
        })
        .sort((a, b) => b.view_count - a.view_count || a.id.localeCompare(b.id))
      return page(q, list, HELIX_PAGING_CAP)
    }
    if (p === '/clips' && req.method === 'POST') {
      if (!token.scopes.includes('clips:edit')) return missing('clips:edit')
      const b = q.get('broadcaster_id') ?? ''
      if (!b) return badRequest('Missing required parameter "broadcaster_id"')
      if (clipsRestricted.has(b)) {
        return {
          status: 403,
          body: {
            error: 'Forbidden',
            status: 403,
            message: 'The broadcaster has restricted the ability to capture clips to followers and/or subscribers only.',
          },
        }
      }
      const live = streams.get(b)
      if (!live)
        return {
          status: 404,
          body: { error: 'Not Found', status: 404, message: 'The broadcaster in the broadcaster_id query parameter must be broadcasting live.' },
        }
      const creator = users.get(token.userId)
      const clip = addClipFor(b, { creator_id: token.userId, creator_name: creator?.displayName ?? '', title: live.category, view_count: 0, duration: 30 })
      clipReady.set(clip.id, now() + state.clipProcessingMs)
      return { status: 202, body: { data: [{ id: clip.id, edit_url: `https://clips.twitch.tv/${clip.id}/edit` }] } }
    }
    return { status: 404, body: { error: 'Not Found', status: 404, message: 'Not Found' } }
  }

  function addClipFor(broadcasterId: string, c: Partial<TwitchClip> = {}): TwitchClip {
    const b = users.get(broadcasterId)
    const id = c.id ?? `Clip${randomBytes(8).toString('hex')}`
    const clip: TwitchClip = {
      id,
      url: `https://clips.twitch.tv/${id}`,
      embed_url: `https://clips.twitch.tv/embed?clip=${id}`,
      broadcaster_id: broadcasterId,
      broadcaster_name: b?.displayName ?? '',
      creator_id: '',
      creator_name: '',
      video_id: '',
      game_id: '',
      language: 'en',
      title: 'Clip',
      view_count: 0,
      created_at: new Date(now()).toISOString(),
      thumbnail_url: `https://clips-media-assets2.twitch.tv/${id}-preview-480x272.jpg`,
      duration: 30,
      vod_offset: null,
      is_featured: false,
      ...c,
    }
    clips.set(id, clip)
    return clip
  }

  const http = await listen(handle)
  const wss = new WebSocketServer({ server: http.server as Server, path: '/ws' })

  const welcome = (s: Session, status: 'connected' | 'reconnecting' = 'connected') =>
    s.socket?.send(
      JSON.stringify({
        metadata: { message_id: nextId('w'), message_type: 'session_welcome', message_timestamp: new Date(now()).toISOString() },
        payload: {
          session: { id: s.id, status, connected_at: new Date(now()).toISOString(), keepalive_timeout_seconds: keepaliveSeconds, reconnect_url: null },
        },
      }),
    )

  wss.on('connection', (socket, request) => {
    state.connections++
    const u = new URL(request.url ?? '/ws', 'http://local')
    const resume = u.searchParams.get('reconnect')
    let session = resume ? sessions.get(resume) : undefined
    if (session) {
      // session_reconnect: the subscriptions move to the new connection.
      const old = session.socket
      session.socket = socket
      setTimeout(() => old?.close(4004, 'reconnect grace time expired'), 50).unref()
    } else {
      session = { id: randomBytes(10).toString('hex'), socket, subscriptions: [], keepalive: null }
      sessions.set(session.id, session)
    }
    const s = session
    welcome(s)
    if (s.keepalive) clearInterval(s.keepalive)
    s.keepalive = setInterval(() => {
      s.socket?.send(
        JSON.stringify({
          metadata: { message_id: nextId('k'), message_type: 'session_keepalive', message_timestamp: new Date(now()).toISOString() },
          payload: {},
        }),
      )
    }, keepaliveSeconds * 1000)
    s.keepalive.unref()
    socket.on('close', () => {
      if (s.socket === socket) {
        // A disconnected session is gone, with its subscriptions.
        if (s.keepalive) clearInterval(s.keepalive)
        sessions.delete(s.id)
        s.socket = null
        for (const c of conduits.values()) {
          for (const sh of c.shards) {
            if (sh.sessionId !== s.id) continue
            sh.status = 'websocket_disconnected'
            sh.disconnectedAt = new Date(now()).toISOString()
          }
        }
      }
    })
  })

  const wsUrl = `ws://127.0.0.1:${http.port}/ws`

  return {
    url: http.url,
    apiUrl: `${http.url}/helix`,
    authUrl: `${http.url}/oauth2`,
    eventSubUrl: wsUrl,
    clientId,
    clientSecret,
    sent,
    moderation,
    revoked,
    requests,
    state,
    /** Raid requests and shoutouts as Twitch received them. */
    raids: raids.raids,
    shoutouts: raids.shoutouts,
    /** Subscriptions, gifts and cheers (twitch-support.ts). */
    support,
    ...raids.controls,
    /** The stream schedule as Twitch holds it, and a segment made on Twitch itself. */
    segmentsOf: schedule.segmentsOf,
    addSegment: schedule.addSegment,
    addUser(u: TwitchUser) {
      users.set(u.id, u)
      return u
    },
    /** The account that consents at the next authorize. */
    consentAs(userId: string) {
      state.consentingUser = userId
    },
    /** Follows the app's authorize URL like a browser whose user clicks "Authorize": answers the callback URL. */
    async authorize(authorizeUrl: string): Promise<URL> {
      const res = await fetch(authorizeUrl, { redirect: 'manual' })
      await res.arrayBuffer()
      const location = res.headers.get('location')
      if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}`)
      return new URL(location)
    },
    setModerator(broadcasterId: string, userId: string, on = true) {
      if (on) moderators.add(`${broadcasterId}:${userId}`)
      else moderators.delete(`${broadcasterId}:${userId}`)
    },
    /** The stream title GET /channels reports (announced as channel.update). */
    setTitle(broadcasterId: string, title: string) {
      titles.set(broadcasterId, title)
      notify(broadcasterId, 'channel.update', {
        broadcaster_user_id: broadcasterId,
        title,
        category_name: categories.get(broadcasterId) ?? '',
        category_id: '1',
      })
    },
    setCategory(broadcasterId: string, category: string) {
      categories.set(broadcasterId, category)
      notify(broadcasterId, 'channel.update', { broadcaster_user_id: broadcasterId, title: '', category_name: category, category_id: '1' })
    },
    goLive(broadcasterId: string, category = 'Just Chatting') {
      const startedAt = new Date(now()).toISOString()
      streams.set(broadcasterId, { category, startedAt })
      categories.set(broadcasterId, category)
      notify(broadcasterId, 'stream.online', { id: nextId('s'), broadcaster_user_id: broadcasterId, type: 'live', started_at: startedAt })
    },
    /** A viewer follows the channel (`ageMs` ago: a test viewer's follow age): listed by GET /channels/followers and announced as channel.follow v2. */
    follow(broadcasterId: string, user: { userId: string; login: string; name?: string }, ageMs = 0) {
      const b = users.get(broadcasterId)
      const followedAt = new Date(now() - ageMs).toISOString()
      const list = followers.get(broadcasterId) ?? []
      const existing = list.find((f) => f.userId === user.userId)
      if (existing) return existing
      const follower: SandboxFollower = { userId: user.userId, login: user.login, name: user.name ?? user.login, followedAt }
      list.push(follower)
      followers.set(broadcasterId, list)
      notify(broadcasterId, 'channel.follow', {
        user_id: user.userId,
        user_login: user.login,
        user_name: user.name ?? user.login,
        broadcaster_user_id: broadcasterId,
        broadcaster_user_login: b?.login ?? '',
        broadcaster_user_name: b?.displayName ?? '',
        followed_at: followedAt,
      })
      return follower
    },
    followerCount(broadcasterId: string) {
      return followers.get(broadcasterId)?.length ?? 0
    },
    /** The live stream's viewer count as GET /streams reports it. */
    setViewers(broadcasterId: string, count: number) {
      viewers.set(broadcasterId, count)
    },
    goOffline(broadcasterId: string) {
      streams.delete(broadcasterId)
      notify(broadcasterId, 'stream.offline', { broadcaster_user_id: broadcasterId })
    },
    /** A viewer writes in the channel's chat; answers the message id. */
    chat(broadcasterId: string, from: { userId: string; login: string; name?: string; badges?: string[] }, text: string) {
      return chatEvent(broadcasterId, from, text)
    },
    /** Subscriptions per live session. */
    subscriptions() {
      return [...sessions.values()].flatMap((s) => s.subscriptions.map((x) => ({ session: s.id, ...x })))
    },
    /** The conduits, with their shards, subscriptions and notifications delivered per shard. */
    /** Subscriptions of `type` on the conduits (cheap, for polling with 10,000 channels). */
    conduitSubscriptionCount(type: string) {
      let n = 0
      for (const c of conduits.values()) for (const x of c.subscriptions) if (x.type === type) n++
      return n
    },
    conduits() {
      return [...conduits.values()].map((c) => ({
        id: c.id,
        shards: c.shards.map((sh) => ({ ...sh })),
        subscriptions: [...c.subscriptions],
        delivered: new Map(c.delivered),
      }))
    },
    connectedSessions() {
      return [...sessions.values()].filter((s) => s.socket).length
    },
    /** The network drops every socket (no close frame). */
    dropSockets() {
      for (const s of sessions.values()) s.socket?.terminate()
    },
    /** Twitch asks every client to move to another edge (session_reconnect). */
    forceReconnect() {
      for (const s of sessions.values()) {
        s.socket?.send(
          JSON.stringify({
            metadata: { message_id: nextId('r'), message_type: 'session_reconnect', message_timestamp: new Date(now()).toISOString() },
            payload: {
              session: {
                id: s.id,
                status: 'reconnecting',
                keepalive_timeout_seconds: null,
                reconnect_url: `${wsUrl}?reconnect=${s.id}`,
                connected_at: new Date(now()).toISOString(),
              },
            },
          }),
        )
      }
    },
    /**
     * Fault hook: the next `count` Helix calls made with `userId`'s tokens (to `path` only, e.g.
     * '/streams', when given) fail with `status` (503: Twitch away for a moment; 401: the token
     * refused, as after a revocation).
     */
    failRequests(userId: string, count: number, status = 503, path: string | null = null) {
      if (count > 0) failing.set(userId, { status, left: count, path })
      else failing.delete(userId)
    },
    expireTokens() {
      for (const t of tokens.values()) t.expiresAt = now() - 1
    },
    /** Refresh tokens stop working too (the user revoked the app at Twitch). */
    revokeAll() {
      for (const t of tokens.values()) t.revoked = true
    },
    /** The Helix bucket is empty until `seconds` from now. */
    exhaustRateLimit(seconds: number) {
      state.rate = { limit: state.rate.limit, remaining: 0, resetAt: Math.ceil(now() / 1000) + seconds }
    },
    /** Forgets a user with their tokens, followers and clips (a removed sandbox channel). */
    removeUser(userId: string) {
      users.delete(userId)
      for (const [access, t] of tokens)
        if (t.userId === userId) {
          tokens.delete(access)
          refreshTokens.delete(t.refresh)
        }
      followers.delete(userId)
      for (const [id, c] of clips) if (c.broadcaster_id === userId) clips.delete(id)
      for (const [id, v] of videos) if (v.user_id === userId) videos.delete(id)
    },
    /** Accepts a token pair issued before a restart (the sandbox keeps its channels' tokens in the app's database). */
    restoreToken(userId: string, t: { accessToken: string; refreshToken: string | null; scopes: string[]; expiresAt: Date | null }) {
      const refresh = t.refreshToken ?? randomBytes(25).toString('hex')
      tokens.set(t.accessToken, { userId, scopes: t.scopes, expiresAt: t.expiresAt?.getTime() ?? now() + ttl * 1000, refresh, revoked: false })
      refreshTokens.set(refresh, t.accessToken)
    },
    /** The broadcaster's followers, newest first. */
    followersOf(broadcasterId: string): readonly SandboxFollower[] {
      return [...(followers.get(broadcasterId) ?? [])].reverse()
    },
    /** Another channel raids this broadcaster (EventSub channel.raid with to_broadcaster_user_id). */
    raid(toBroadcasterId: string, from: { userId: string; login: string; name?: string }, viewers: number) {
      const b = users.get(toBroadcasterId)
      notify(
        toBroadcasterId,
        'channel.raid',
        {
          from_broadcaster_user_id: from.userId,
          from_broadcaster_user_login: from.login,
          from_broadcaster_user_name: from.name ?? from.login,
          to_broadcaster_user_id: toBroadcasterId,
          to_broadcaster_user_login: b?.login ?? '',
          to_broadcaster_user_name: b?.displayName ?? '',
          viewers,
        },
        'to_broadcaster_user_id',
      )
    },
    /** The sandbox's "clip created": a clip of the broadcaster's stream, listed by GET /clips (view_count 0). */
    createClip(broadcasterId: string, c: { title: string; creatorId: string; creatorName: string }): SandboxClip {
      return addClipFor(broadcasterId, { title: c.title, creator_id: c.creatorId, creator_name: c.creatorName, view_count: 0 })
    },
    /** A video of the broadcaster (views, type, date and length as given). */
    addVideo(broadcasterId: string, v: Partial<Omit<TwitchVideo, 'duration'>> & { durationSeconds?: number } = {}): TwitchVideo {
      const b = users.get(broadcasterId)
      const id = v.id ?? String(Math.floor(1e9 + Math.random() * 9e9))
      const { durationSeconds = 3600, ...rest } = v
      const at = v.created_at ?? new Date(now()).toISOString()
      const video: TwitchVideo = {
        id,
        user_id: broadcasterId,
        user_login: b?.login ?? '',
        user_name: b?.displayName ?? '',
        stream_id: null,
        title: 'Video',
        description: '',
        created_at: at,
        published_at: at,
        url: `https://www.twitch.tv/videos/${id}`,
        thumbnail_url: `https://static-cdn.jtvnw.net/cf_vods/${id}/thumb/thumb0-%{width}x%{height}.jpg`,
        viewable: 'public',
        view_count: 0,
        language: 'en',
        type: 'archive',
        muted_segments: null,
        ...rest,
        duration: durationText(durationSeconds),
      }
      videos.set(id, video)
      return video
    },
    /** A clip of the broadcaster; the sandbox's "clip created" trigger pushes here. */
    addClip(broadcasterId: string, clip: Partial<TwitchClip> = {}): TwitchClip {
      return addClipFor(broadcasterId, clip)
    },
    videos(broadcasterId?: string) {
      return [...videos.values()].filter((v) => !broadcasterId || v.user_id === broadcasterId)
    },
    clips(broadcasterId?: string) {
      return [...clips.values()].filter((c) => !broadcasterId || c.broadcaster_id === broadcasterId)
    },
    /** The broadcaster restricts clipping (POST /clips answers 403), or allows it again. */
    restrictClips(broadcasterId: string, on = true) {
      if (on) clipsRestricted.add(broadcasterId)
      else clipsRestricted.delete(broadcasterId)
    },
    tokenOf(userId: string) {
      return [...tokens.entries()].filter(([, t]) => t.userId === userId && !t.revoked).map(([a]) => a)
    },
    async close() {
      raids.close()
      for (const s of sessions.values()) if (s.keepalive) clearInterval(s.keepalive)
      for (const c of wss.clients) c.terminate()
      await new Promise<void>((r) => wss.close(() => r()))
      http.server.closeAllConnections()
      await new Promise<void>((r) => http.server.close(() => r()))
    },
  }
}

export type TwitchServer = Awaited<ReturnType<typeof startTwitchServer>>
