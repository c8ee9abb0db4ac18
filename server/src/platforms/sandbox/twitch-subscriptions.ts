/**
 * EventSub subscriptions of the local Twitch (POST /eventsub/subscriptions): the WebSocket
 * transport (a user token, the session's own subscriptions) and the conduit transport (an app
 * token; the users concerned must have granted the app the scopes). A test can make it refuse a
 * named type as Twitch does (400 invalid type or version, 403 not authorized, 410 version removed).
 */
import { randomBytes } from 'node:crypto'
import type { Req, Res } from './http-util'
import { SUPPORT_SCOPES } from './twitch-support'
import type { Subscription, Token } from './twitch-types'
import { decodeCursor, encodeCursor } from './twitch-media'
import { badRequest, missingScope as missing, type TwitchWorld } from './twitch-world'

const conditionKeys = (type: string, condition: Record<string, string>) => Object.entries(condition).map(([k, v]) => `${type}|${k}=${v}`)

export const appOnly: Res = { status: 401, body: { error: 'Unauthorized', status: 401, message: 'An app access token is required' } }

const ERRORS: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 410: 'Gone' }

/** The refusal a test asked for this type, in Twitch's shape. */
function refusal(w: TwitchWorld, type: string | undefined): Res | null {
  const r = w.faults.refuse.get(type ?? '')
  return r ? { status: r.status, body: { error: ERRORS[r.status], status: r.status, message: r.message } } : null
}

const stored = (b: SubscribeBody, token: Token, now: () => number): Subscription => ({
  id: randomBytes(8).toString('hex'),
  type: b.type ?? '',
  version: b.version ?? '1',
  condition: b.condition ?? {},
  createdAt: new Date(now()).toISOString(),
  by: token.userId,
})

/** A subscription in Helix's shape (Create and Get EventSub Subscriptions); every one costs 0 here (the users granted the app). */
const subscriptionBody = (s: Subscription, transport: Record<string, string>) => ({
  id: s.id,
  status: 'enabled',
  type: s.type,
  version: s.version,
  condition: s.condition,
  created_at: s.createdAt,
  transport,
  cost: 0,
})

/** Helix answers at most this many subscriptions per page of GET /eventsub/subscriptions. */
const LIST_PAGE = 100

/**
 * GET /eventsub/subscriptions: with an app token the conduit (and webhook) subscriptions of the
 * app, with a user token the WebSocket subscriptions that user made; oldest first, 100 per page
 * (`after`: the previous page's cursor); at most one filter of `status`, `type`, `user_id`
 * (any `*user_id` of the condition) or `subscription_id`. Every subscription here is enabled
 * (a session's go with it).
 */
export function listSubscriptions(w: TwitchWorld, req: Req, token: Token): Res {
  const q = req.query
  const filters = ['status', 'type', 'user_id', 'subscription_id'].filter((k) => q.has(k))
  if (filters.length > 1) return badRequest('Only one of status, type, user_id or subscription_id may be given')
  const status = q.get('status')
  const type = q.get('type')
  const userId = q.get('user_id')
  const id = q.get('subscription_id')
  const matches = (sub: Subscription) =>
    (status === null || status === 'enabled') &&
    (type === null || sub.type === type) &&
    (userId === null || Object.entries(sub.condition).some(([k, v]) => k.endsWith('user_id') && v === userId)) &&
    (id === null || sub.id === id)
  const offset = decodeCursor(q.get('after'))
  if (offset === null) return badRequest('The cursor is not valid')
  // In creation order (each list is appended to); only the page asked for is built (10,000 channels have 120,000).
  const data: Array<ReturnType<typeof subscriptionBody>> = []
  let total = 0
  let matching = 0
  const visit = (sub: Subscription, transport: () => Record<string, string>) => {
    total++
    if (!matches(sub)) return
    if (matching >= offset && data.length < LIST_PAGE) data.push(subscriptionBody(sub, transport()))
    matching++
  }
  if (token.userId === '') {
    for (const c of w.conduits.values()) for (const sub of c.subscriptions) visit(sub, () => ({ method: 'conduit', conduit_id: c.id }))
  } else {
    for (const s of w.sessions.values())
      for (const sub of s.subscriptions) if (sub.by === token.userId) visit(sub, () => ({ method: 'websocket', session_id: s.id }))
  }
  const next = offset + data.length
  return {
    status: 200,
    body: {
      data,
      total,
      total_cost: 0,
      max_total_cost: 10_000,
      pagination: next < matching ? { cursor: encodeCursor(next) } : {},
    },
  }
}

interface SubscribeBody {
  type?: string
  version?: string
  condition?: Record<string, string>
  transport?: { method?: string; session_id?: string; conduit_id?: string }
}

/** POST /eventsub/subscriptions. */
export function subscribe(w: TwitchWorld, req: Req, token: Token): Res {
  const { sessions, state, now } = w
  const has = (scope: string) => token.scopes.includes(scope)
  state.eventSubRequests++
  const b = req.json() as SubscribeBody
  const refused = refusal(w, b.type)
  if (b.transport?.method === 'conduit') return refused ?? conduitSubscribe(w, b, token)
  const session = sessions.get(b.transport?.session_id ?? '')
  if (b.transport?.method !== 'websocket' || !session || !session.socket) {
    return { status: 400, body: { error: 'Bad Request', status: 400, message: 'websocket transport session does not exist or has already disconnected' } }
  }
  if (refused) return refused
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
  const sub = stored(b, token, now)
  session.subscriptions.push(sub)
  return {
    status: 202,
    body: {
      data: [subscriptionBody(sub, { method: 'websocket', session_id: session.id })],
      total: 1,
      total_cost: 0,
      max_total_cost: 10,
    },
  }
}

/** A subscription with the conduit transport: app token; for chat, the chatting user must have granted the app user:read:chat. */
function conduitSubscribe(
  w: TwitchWorld,
  b: { type?: string; version?: string; condition?: Record<string, string>; transport?: { conduit_id?: string } },
  token: Token,
): Res {
  const { conduits, tokens, now } = w
  if (token.userId !== '') return appOnly
  const c = conduits.get(b.transport?.conduit_id ?? '')
  if (!c) return badRequest('The conduit does not exist')
  if (b.type === 'channel.chat.message') {
    if (!tokens.granted(b.condition?.user_id ?? '', 'user:read:chat'))
      return { status: 403, body: { error: 'Forbidden', status: 403, message: 'The user in user_id has not authorized the app with user:read:chat' } }
  }
  const needs = SUPPORT_SCOPES[b.type ?? '']
  if (needs) {
    if (!tokens.granted(b.condition?.broadcaster_user_id ?? '', needs))
      return { status: 403, body: { error: 'Forbidden', status: 403, message: `The broadcaster has not authorized the app with ${needs}` } }
  }
  const key = `${b.type}|${JSON.stringify(b.condition)}`
  if (c.keys.has(key)) return { status: 409, body: { error: 'Conflict', status: 409, message: 'subscription already exists' } }
  const sub = stored(b, token, now)
  c.subscriptions.push(sub)
  c.keys.add(key)
  for (const k of conditionKeys(sub.type, sub.condition)) if (!c.index.has(k)) c.index.set(k, sub)
  return {
    status: 202,
    body: {
      data: [subscriptionBody(sub, { method: 'conduit', conduit_id: c.id })],
      total: 1,
      total_cost: 0,
      max_total_cost: 10,
    },
  }
}
