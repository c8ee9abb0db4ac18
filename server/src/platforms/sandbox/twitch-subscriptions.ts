/**
 * EventSub subscriptions of the local Twitch (POST /eventsub/subscriptions): the WebSocket
 * transport (a user token, the session's own subscriptions) and the conduit transport (an app
 * token; the users concerned must have granted the app the scopes). A test can make it refuse a
 * named type as Twitch does (400 invalid type or version, 403 not authorized, 410 version removed).
 */
import { randomBytes } from 'node:crypto'
import type { Req, Res } from './http-util'
import { SUPPORT_SCOPES } from './twitch-support'
import type { Token } from './twitch-types'
import { badRequest, missingScope as missing, type TwitchWorld } from './twitch-world'

const conditionKeys = (type: string, condition: Record<string, string>) => Object.entries(condition).map(([k, v]) => `${type}|${k}=${v}`)

export const appOnly: Res = { status: 401, body: { error: 'Unauthorized', status: 401, message: 'An app access token is required' } }

const ERRORS: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 410: 'Gone' }

/** The refusal a test asked for this type, in Twitch's shape. */
function refusal(w: TwitchWorld, type: string | undefined): Res | null {
  const r = w.faults.refuse.get(type ?? '')
  return r ? { status: r.status, body: { error: ERRORS[r.status], status: r.status, message: r.message } } : null
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
