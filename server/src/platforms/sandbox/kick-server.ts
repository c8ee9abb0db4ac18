/**
 * A local Kick for tests: OAuth 2.1 with PKCE (S256 checked at the token exchange), refresh
 * and revoke; the public API v1 the bot uses (users, channels, livestreams, chat, delete message, bans,
 * event subscriptions, public key); and webhooks signed like Kick's (RSA SHA-256 over
 * `${messageId}.${timestamp}.${body}`, with a key pair generated at start), delivered to a
 * target the test gives (the app in process, or a URL).
 */
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto'
import { bearer, listen, nextId, type Req, type Res } from './http-util'

export interface KickUser {
  id: number
  name: string
}

export interface KickToken {
  userId: number
  scopes: string[]
  expiresAt: number
  refresh: string
  revoked: boolean
}

export interface KickServerOptions {
  clientId?: string
  clientSecret?: string
  now?: () => number
  tokenTtlSeconds?: number
}

export type WebhookDelivery = (init: { headers: Record<string, string>; body: string }) => Promise<{ status: number }>

/** The state of one local Kick (kick-server.ts): users, tokens, channels, subscriptions, what was sent, and its webhook signing. */
export function createKickWorld(opts: KickServerOptions) {
  const clientId = opts.clientId ?? 'test-kick-client'
  const clientSecret = opts.clientSecret ?? 'test-kick-secret'
  const now = opts.now ?? Date.now
  const ttl = opts.tokenTtlSeconds ?? 7200
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString()

  const users = new Map<number, KickUser>()
  const codes = new Map<string, { userId: number; redirectUri: string; scopes: string[]; challenge: string }>()
  const tokens = new Map<string, KickToken>()
  const refreshTokens = new Map<string, string>()
  const channels = new Map<number, { live: boolean; category: string; startedAt: string | null; viewers?: number }>()
  const subscriptions: Array<{ broadcasterId: number; name: string; version: number; id: string }> = []
  const sent: Array<{ broadcasterId: number; content: string; type: string; at: number }> = []
  const moderation: Array<{ kind: 'delete' | 'timeout' | 'ban' | 'unban'; broadcasterId?: number; userId?: number; messageId?: string; duration?: number }> = []
  const revoked: string[] = []
  const deliveries: Array<{ type: string; status: number }> = []
  const state = { consentingUser: 0, webhook: null as WebhookDelivery | null }

  const issue = (userId: number, scopes: string[]) => {
    const access = randomBytes(16).toString('hex')
    const refresh = randomBytes(24).toString('hex')
    tokens.set(access, { userId, scopes, expiresAt: now() + ttl * 1000, refresh, revoked: false })
    refreshTokens.set(refresh, access)
    return { access_token: access, token_type: 'Bearer', refresh_token: refresh, expires_in: ttl, scope: scopes.join(' ') }
  }

  const authed = (req: Req): KickToken | Res => {
    const t = bearer(req)
    const token = t ? tokens.get(t) : undefined
    if (!token || token.revoked || token.expiresAt <= now()) return { status: 401, body: { message: 'Unauthorized', data: {} } }
    return token
  }

  function sign(messageId: string, timestamp: string, body: string) {
    const s = createSign('RSA-SHA256')
    s.update(`${messageId}.${timestamp}.${body}`)
    return s.sign(privateKey, 'base64')
  }

  /** Delivers a webhook as Kick does; `tamper` breaks the signature, `timestamp` overrides the time. */
  async function deliver(type: string, payload: unknown, o: { tamper?: boolean; timestamp?: string; messageId?: string } = {}) {
    if (!state.webhook) throw new Error('no webhook target')
    const body = JSON.stringify(payload)
    const messageId = o.messageId ?? nextId('01J')
    const timestamp = o.timestamp ?? new Date(now()).toISOString().replace(/\.\d+Z$/, 'Z')
    const signature = sign(messageId, timestamp, o.tamper ? `${body} ` : body)
    const res = await state.webhook({
      headers: {
        'content-type': 'application/json',
        'Kick-Event-Message-Id': messageId,
        'Kick-Event-Subscription-Id': subscriptions[0]?.id ?? 'sub',
        'Kick-Event-Signature': signature,
        'Kick-Event-Message-Timestamp': timestamp,
        'Kick-Event-Type': type,
        'Kick-Event-Version': '1',
      },
      body,
    })
    deliveries.push({ type, status: res.status })
    return res.status
  }

  const userJson = (id: number, badges: string[] = []) => ({
    is_anonymous: false,
    user_id: id,
    username: users.get(id)?.name ?? `viewer${id}`,
    is_verified: false,
    profile_picture: '',
    channel_slug: (users.get(id)?.name ?? `viewer${id}`).toLowerCase(),
    identity: { username_color: '#ffffff', badges: badges.map((type) => ({ text: type, type })) },
  })

  function chatPayload(broadcasterId: number, from: { id: number; name?: string; badges?: string[] }, content: string) {
    if (from.name && !users.has(from.id)) users.set(from.id, { id: from.id, name: from.name })
    return {
      message_id: randomBytes(8).toString('hex'),
      broadcaster: userJson(broadcasterId),
      sender: userJson(from.id, from.badges),
      content,
      emotes: [],
      created_at: new Date(now()).toISOString(),
    }
  }

  return {
    clientId,
    clientSecret,
    now,
    ttl,
    publicPem,
    users,
    codes,
    tokens,
    refreshTokens,
    channels,
    subscriptions,
    sent,
    moderation,
    revoked,
    deliveries,
    state,
    issue,
    authed,
    deliver,
    userJson,
    chatPayload,
  }
}

export type KickWorld = ReturnType<typeof createKickWorld>

/** Kick OAuth 2.1 (authorize with PKCE S256, token grants, revoke), or null for another path. */
export function kickOAuth(w: KickWorld, req: Req): Res | null {
  const { clientId, clientSecret, state, codes, tokens, refreshTokens, revoked, issue } = w
  const p = req.path
  if (p === '/oauth/authorize' && req.method === 'GET') {
    const target = new URL(req.query.get('redirect_uri') ?? '')
    if (req.query.get('client_id') !== clientId) return { status: 400, body: { error: 'invalid_client' } }
    const challenge = req.query.get('code_challenge') ?? ''
    if (!challenge || req.query.get('code_challenge_method') !== 'S256')
      return { status: 400, body: { error: 'invalid_request', error_description: 'PKCE (S256) is required' } }
    const code = randomBytes(16).toString('hex')
    codes.set(code, {
      userId: state.consentingUser,
      redirectUri: target.toString(),
      scopes: (req.query.get('scope') ?? '').split(' ').filter(Boolean),
      challenge,
    })
    target.searchParams.set('code', code)
    target.searchParams.set('state', req.query.get('state') ?? '')
    return { status: 302, headers: { location: target.toString() } }
  }
  if (p === '/oauth/token' && req.method === 'POST') {
    const f = req.form()
    if (f.get('client_id') !== clientId || f.get('client_secret') !== clientSecret) return { status: 401, body: { error: 'invalid_client' } }
    if (f.get('grant_type') === 'authorization_code') {
      const c = codes.get(f.get('code') ?? '')
      codes.delete(f.get('code') ?? '')
      const verifier = f.get('code_verifier') ?? ''
      const ok = c && c.redirectUri === f.get('redirect_uri') && createHash('sha256').update(verifier).digest('base64url') === c.challenge
      if (!ok) return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid code or code_verifier' } }
      return { status: 200, body: issue(c.userId, c.scopes) }
    }
    if (f.get('grant_type') === 'refresh_token') {
      const access = refreshTokens.get(f.get('refresh_token') ?? '')
      const old = access ? tokens.get(access) : undefined
      if (!old || old.revoked) return { status: 400, body: { error: 'invalid_grant' } }
      tokens.delete(access!)
      refreshTokens.delete(old.refresh)
      return { status: 200, body: issue(old.userId, old.scopes) }
    }
    return { status: 400, body: { error: 'unsupported_grant_type' } }
  }
  if (p === '/oauth/revoke' && req.method === 'POST') {
    const t = tokens.get(req.query.get('token') ?? '')
    if (t) {
      t.revoked = true
      revoked.push(req.query.get('token')!)
    }
    return { status: 200 }
  }
  return null
}

/** The public API v1 the bot uses, for an authorized caller (`path` without /public/v1). */
export function kickApi(w: KickWorld, req: Req, auth: KickToken, path: string): Res {
  const { users, channels, sent, moderation, subscriptions, now } = w
  const has = (s: string) => auth.scopes.includes(s)
  const forbidden = (s: string): Res => ({ status: 403, body: { message: `Forbidden: missing scope ${s}`, data: {} } })
  if (path === '/users' && req.method === 'GET') {
    const u = users.get(auth.userId)
    return { status: 200, body: { data: u ? [{ user_id: u.id, name: u.name, email: '', profile_picture: '' }] : [], message: 'OK' } }
  }
  if (path === '/channels' && req.method === 'GET') {
    const id = Number(req.query.get('broadcaster_user_id') ?? auth.userId)
    const c = channels.get(id) ?? { live: false, category: '', startedAt: null }
    return {
      status: 200,
      body: {
        data: [
          {
            broadcaster_user_id: id,
            slug: users.get(id)?.name.toLowerCase(),
            category: { id: 1, name: c.category },
            stream: { is_live: c.live, start_time: c.startedAt ?? '0001-01-01T00:00:00Z' },
          },
        ],
        message: 'OK',
      },
    }
  }
  if (path === '/livestreams' && req.method === 'GET') {
    const id = Number(req.query.get('broadcaster_user_id') ?? 0)
    const c = channels.get(id)
    const data = c?.live
      ? [
          {
            broadcaster_user_id: id,
            slug: users.get(id)?.name.toLowerCase(),
            viewer_count: c.viewers ?? 0,
            started_at: c.startedAt,
            category: { id: 1, name: c.category },
          },
        ]
      : []
    return { status: 200, body: { data, message: 'OK' } }
  }
  if (path === '/chat' && req.method === 'POST') {
    if (!has('chat:write')) return forbidden('chat:write')
    const b = req.json() as { broadcaster_user_id?: number; content?: string; type?: string }
    if (typeof b.content !== 'string' || b.content.length > 500 || !['bot', 'user'].includes(b.type ?? '')) {
      return { status: 400, body: { message: 'Invalid request', data: {} } }
    }
    const broadcasterId = b.type === 'bot' ? auth.userId : Number(b.broadcaster_user_id)
    sent.push({ broadcasterId, content: b.content, type: b.type!, at: now() })
    const id = randomBytes(8).toString('hex')
    return { status: 200, body: { data: { is_sent: true, message_id: id }, message: 'OK' } }
  }
  const del = /^\/chat\/([^/]+)$/.exec(path)
  if (del && req.method === 'DELETE') {
    if (!has('moderation:chat_message:manage')) return forbidden('moderation:chat_message:manage')
    moderation.push({ kind: 'delete', messageId: decodeURIComponent(del[1]!) })
    return { status: 204 }
  }
  if (path === '/moderation/bans' && req.method === 'POST') {
    if (!has('moderation:ban')) return forbidden('moderation:ban')
    const b = req.json() as { broadcaster_user_id?: number; user_id?: number; duration?: number }
    if (!b.user_id) return { status: 400, body: { message: 'user_id is required', data: {} } }
    moderation.push({ kind: b.duration ? 'timeout' : 'ban', broadcasterId: b.broadcaster_user_id, userId: b.user_id, duration: b.duration })
    return { status: 200, body: { data: {}, message: 'OK' } }
  }
  if (path === '/moderation/bans' && req.method === 'DELETE') {
    if (!has('moderation:ban')) return forbidden('moderation:ban')
    const b = req.json() as { broadcaster_user_id?: number; user_id?: number }
    if (!b.user_id) return { status: 400, body: { message: 'user_id is required', data: {} } }
    moderation.push({ kind: 'unban', broadcasterId: b.broadcaster_user_id, userId: b.user_id })
    return { status: 200, body: { data: {}, message: 'OK' } }
  }
  if (path === '/events/subscriptions' && req.method === 'POST') {
    if (!has('events:subscribe')) return forbidden('events:subscribe')
    const b = req.json() as { broadcaster_user_id?: number; events?: Array<{ name: string; version: number }>; method?: string }
    if (b.method !== 'webhook') return { status: 400, body: { message: 'method must be webhook' } }
    const data = (b.events ?? []).map((e) => {
      const existing = subscriptions.find((s) => s.broadcasterId === Number(b.broadcaster_user_id) && s.name === e.name)
      const sub = existing ?? { broadcasterId: Number(b.broadcaster_user_id), name: e.name, version: e.version, id: randomBytes(6).toString('hex') }
      if (!existing) subscriptions.push(sub)
      return { name: sub.name, version: sub.version, subscription_id: sub.id }
    })
    return { status: 200, body: { data, message: 'OK' } }
  }
  return { status: 404, body: { message: 'Not Found' } }
}

/** What viewers and the broadcaster do on Kick, delivered as signed webhooks. */
export function kickEvents(w: KickWorld) {
  const { users, channels, now, deliver, userJson, chatPayload } = w
  return {
    /** A viewer writes in chat: Kick delivers chat.message.sent; answers the webhook's HTTP status. */
    chat(broadcasterId: number, from: { id: number; name?: string; badges?: string[] }, content: string, o: { tamper?: boolean; timestamp?: string } = {}) {
      return deliver('chat.message.sent', chatPayload(broadcasterId, from, content), o)
    },
    goLive(broadcasterId: number, category = 'Just Chatting') {
      channels.set(broadcasterId, { live: true, category, startedAt: new Date(now()).toISOString() })
      return deliver('livestream.status.updated', {
        broadcaster: userJson(broadcasterId),
        is_live: true,
        title: 'live',
        started_at: new Date(now()).toISOString(),
        ended_at: null,
      })
    },
    goOffline(broadcasterId: number) {
      const c = channels.get(broadcasterId)
      if (c) channels.set(broadcasterId, { ...c, live: false })
      return deliver('livestream.status.updated', {
        broadcaster: userJson(broadcasterId),
        is_live: false,
        title: 'live',
        started_at: c?.startedAt ?? null,
        ended_at: new Date(now()).toISOString(),
      })
    },
    /** The live stream's viewer count as GET /livestreams reports it. */
    setViewers(broadcasterId: number, count: number) {
      const c = channels.get(broadcasterId)
      if (c) channels.set(broadcasterId, { ...c, viewers: count })
    },
    /** A viewer follows: Kick delivers channel.followed. */
    follow(broadcasterId: number, follower: { id: number; name: string }) {
      if (!users.has(follower.id)) users.set(follower.id, follower)
      return deliver('channel.followed', { broadcaster: userJson(broadcasterId), follower: userJson(follower.id) })
    },
    /** A viewer subscribes (channel.subscription.new) or renews (channel.subscription.renewal, `duration` months). */
    subscribe(broadcasterId: number, subscriber: { id: number; name: string }, o: { renewal?: boolean; duration?: number } = {}) {
      if (!users.has(subscriber.id)) users.set(subscriber.id, subscriber)
      const at = new Date(now())
      return deliver(o.renewal ? 'channel.subscription.renewal' : 'channel.subscription.new', {
        broadcaster: userJson(broadcasterId),
        subscriber: userJson(subscriber.id),
        duration: o.duration ?? 1,
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + 30 * 86_400_000).toISOString(),
      })
    },
    /** A viewer (null: anonymous) gifts subscriptions to `giftees`: one channel.subscription.gifts delivery. */
    giftSubs(broadcasterId: number, gifter: { id: number; name: string } | null, giftees: Array<{ id: number; name: string }>) {
      for (const u of [gifter, ...giftees]) if (u && !users.has(u.id)) users.set(u.id, u)
      const anonymous = { is_anonymous: true, user_id: null, username: null, is_verified: null, profile_picture: null, channel_slug: null, identity: null }
      const at = new Date(now())
      return deliver('channel.subscription.gifts', {
        broadcaster: userJson(broadcasterId),
        gifter: gifter ? userJson(gifter.id) : anonymous,
        giftees: giftees.map((g) => userJson(g.id)),
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + 30 * 86_400_000).toISOString(),
      })
    },
    /** A viewer sends Kicks (kicks.gifted). */
    kicks(broadcasterId: number, sender: { id: number; name: string }, gift: { amount: number; message?: string }) {
      if (!users.has(sender.id)) users.set(sender.id, sender)
      return deliver('kicks.gifted', {
        broadcaster: userJson(broadcasterId),
        sender: userJson(sender.id),
        gift: { amount: gift.amount, name: 'Gift', type: 'BASIC', tier: 'BASIC', message: gift.message ?? '', pinned_time_seconds: 0 },
        created_at: new Date(now()).toISOString(),
      })
    },
  }
}

/**
 * Starts the local Kick on 127.0.0.1, port 0: OAuth (kickOAuth), the public API (kickApi) and
 * signed webhooks for what happens on Kick (kickEvents).
 */
export async function startKickServer(opts: KickServerOptions = {}) {
  const w = createKickWorld(opts)
  const { users, state, clientId, clientSecret, publicPem, authed } = w

  async function handle(req: Req): Promise<Res> {
    const p = req.path
    const oauth = kickOAuth(w, req)
    if (oauth) return oauth
    if (p === '/public/v1/public-key') return { status: 200, body: { data: { public_key: publicPem }, message: 'OK' } }
    if (!p.startsWith('/public/v1/')) return { status: 404, body: { message: 'Not Found' } }
    const auth = authed(req)
    if (!('userId' in auth)) return auth
    return kickApi(w, req, auth, p.slice('/public/v1'.length))
  }

  const http = await listen(handle)
  return {
    url: http.url,
    apiUrl: `${http.url}/public/v1`,
    authUrl: `${http.url}/oauth`,
    clientId,
    clientSecret,
    publicKeyPem: publicPem,
    sent: w.sent,
    moderation: w.moderation,
    subscriptions: w.subscriptions,
    revoked: w.revoked,
    deliveries: w.deliveries,
    addUser(u: KickUser) {
      users.set(u.id, u)
      return u
    },
    consentAs(userId: number) {
      state.consentingUser = userId
    },
    /** Where webhooks go: the app under test. */
    setWebhookTarget(target: WebhookDelivery) {
      state.webhook = target
    },
    async authorize(authorizeUrl: string): Promise<URL> {
      const res = await fetch(authorizeUrl, { redirect: 'manual' })
      const location = res.headers.get('location')
      if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}: ${await res.text()}`)
      await res.arrayBuffer()
      return new URL(location)
    },
    ...kickEvents(w),
    deliver: w.deliver,
    expireTokens() {
      for (const t of w.tokens.values()) t.expiresAt = w.now() - 1
    },
    async close() {
      http.server.closeAllConnections()
      await new Promise<void>((r) => http.server.close(() => r()))
    },
  }
}

export type KickServer = Awaited<ReturnType<typeof startKickServer>>
