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
 *
 * The parts: twitch-world.ts (the state and faults), twitch-oauth.ts, the Helix routes by
 * resource (twitch-helix-channels.ts, twitch-helix-chat.ts, twitch-media.ts, twitch-raids.ts,
 * twitch-schedule.ts), EventSub (twitch-eventsub-ws.ts, twitch-subscriptions.ts,
 * twitch-conduits.ts, delivery in twitch-notify.ts) and the console (twitch-console.ts).
 */
import type { Server } from 'node:http'
import { listen, type Req, type Res } from './http-util'
import { accountControls, eventSubControls, mediaControls, streamControls } from './twitch-console'
import { conduitApi } from './twitch-conduits'
import { startEventSubSockets } from './twitch-eventsub-ws'
import { channelRoutes } from './twitch-helix-channels'
import { chatRoutes } from './twitch-helix-chat'
import { media } from './twitch-media'
import { createNotifier } from './twitch-notify'
import { oauthRoute } from './twitch-oauth'
import { createTwitchRaids } from './twitch-raids'
import { createTwitchSchedule } from './twitch-schedule'
import { listSubscriptions, subscribe } from './twitch-subscriptions'
import { createTwitchSupport } from './twitch-support'
import type { Token, TwitchServerOptions } from './twitch-types'
import { createTwitchWorld, notFound } from './twitch-world'

export type { ModerationCall, SandboxClip, SandboxFollower, SentChat, TwitchClip, TwitchServerOptions, TwitchUser, TwitchVideo } from './twitch-types'
export { HELIX_PAGING_CAP } from './twitch-types'
export type { SubscriptionRefusal } from './twitch-world'

export async function startTwitchServer(opts: TwitchServerOptions = {}) {
  const w = createTwitchWorld(opts)
  const { state, authed, requests, failing, now, rateHeaders, users } = w
  const n = createNotifier(w)
  const raids = createTwitchRaids({
    now,
    users,
    streams: w.streams,
    categories: w.categories,
    isModerator: (b, u) => w.moderators.has(`${b}:${u}`),
    notify: n.notifyWhere,
  })
  const schedule = createTwitchSchedule({ now, users })
  const support = createTwitchSupport({ broadcaster: (id) => users.get(id), notify: (id, type, event) => n.notify(id, type, event) })

  async function handle(req: Req): Promise<Res> {
    const p = req.path
    const oauth = oauthRoute(w, req)
    if (oauth) return oauth
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

  /** One Helix route, by resource. */
  async function helix(req: Req, p: string, token: Token): Promise<Res> {
    const answer = raids.handle(req, p, token) ?? schedule.handle(req, p, token) ?? channelRoutes(w, req, p, token) ?? chatRoutes(w, n, req, p, token)
    if (answer) return answer
    if (p.startsWith('/eventsub/conduits')) return conduitApi(w, req, p, token)
    if (p === '/eventsub/subscriptions' && req.method === 'POST') return subscribe(w, req, token)
    if (p === '/eventsub/subscriptions' && req.method === 'GET') return listSubscriptions(w, req, token)
    if (p === '/videos' || p === '/clips') return media(w, req, p, token)
    return notFound()
  }

  const http = await listen(handle)
  const wsUrl = `ws://127.0.0.1:${http.port}/ws`
  const sockets = startEventSubSockets(w, http.server as Server, wsUrl)

  return {
    url: http.url,
    apiUrl: `${http.url}/helix`,
    authUrl: `${http.url}/oauth2`,
    eventSubUrl: wsUrl,
    clientId: w.clientId,
    clientSecret: w.clientSecret,
    sent: w.sent,
    moderation: w.moderation,
    revoked: w.revoked,
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
    ...accountControls(w),
    ...streamControls(w, n),
    ...eventSubControls(w, n),
    ...mediaControls(w),
    connectedSessions: sockets.connectedSessions,
    dropSockets: sockets.dropSockets,
    forceReconnect: sockets.forceReconnect,
    async close() {
      raids.close()
      await sockets.close()
      http.server.closeAllConnections()
      await new Promise<void>((r) => http.server.close(() => r()))
    },
  }
}

export type TwitchServer = Awaited<ReturnType<typeof startTwitchServer>>
