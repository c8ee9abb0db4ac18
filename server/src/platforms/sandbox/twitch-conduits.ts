/**
 * EventSub conduits of the local Twitch (Helix /eventsub/conduits): create, list, resize and
 * delete conduits; list shards and point them at WebSocket sessions. A test can make every shard
 * assignment fail with a per-shard error, as Twitch answers for a session it will not take.
 */
import { randomBytes } from 'node:crypto'
import type { Req, Res } from './http-util'
import { appOnly } from './twitch-subscriptions'
import type { Conduit, Token } from './twitch-types'
import { badRequest, type TwitchWorld } from './twitch-world'
import { page } from './twitch-media'

const conduitBody = (c: Conduit) => ({ id: c.id, shard_count: c.shards.length })
const resize = (c: Conduit, count: number) => {
  while (c.shards.length < count) c.shards.push({ id: String(c.shards.length), sessionId: null, status: 'unused', connectedAt: null, disconnectedAt: null })
  c.shards.length = count
}
const shardBody = (sh: Conduit['shards'][number]) => ({
  id: sh.id,
  status: sh.status,
  transport: sh.sessionId ? { method: 'websocket', session_id: sh.sessionId, connected_at: sh.connectedAt, disconnected_at: sh.disconnectedAt } : {},
})
const conduitNotFound: Res = { status: 404, body: { error: 'Not Found', status: 404, message: 'Conduit not found' } }

/** Get, Create, Update, Delete Conduits; Get and Update Conduit Shards (app access token only). */
export function conduitApi(w: TwitchWorld, req: Req, p: string, token: Token): Res {
  const { conduits } = w
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
    if (!c) return conduitNotFound
    if (typeof b.shard_count !== 'number' || !Number.isInteger(b.shard_count) || b.shard_count < 1 || b.shard_count > 20_000)
      return badRequest('shard_count must be between 1 and 20000')
    resize(c, b.shard_count)
    return { status: 200, body: { data: [conduitBody(c)] } }
  }
  if (p === '/eventsub/conduits' && req.method === 'DELETE') {
    if (!conduits.delete(q.get('id') ?? '')) return conduitNotFound
    return { status: 204 }
  }
  if (p === '/eventsub/conduits/shards' && req.method === 'GET') {
    const c = conduits.get(q.get('conduit_id') ?? '')
    if (!c) return conduitNotFound
    const status = q.get('status')
    return page(q, c.shards.filter((sh) => !status || sh.status === status).map(shardBody))
  }
  if (p === '/eventsub/conduits/shards' && req.method === 'PATCH') return assignShards(w, req)
  return { status: 404, body: { error: 'Not Found', status: 404, message: 'Not Found' } }
}

/** PATCH /eventsub/conduits/shards: each shard to its WebSocket session; errors per shard (202 with `errors`). */
function assignShards(w: TwitchWorld, req: Req): Res {
  const { conduits, sessions, now, faults } = w
  const b = req.json() as { conduit_id?: string; shards?: Array<{ id?: string; transport?: { method?: string; session_id?: string } }> }
  const c = conduits.get(b.conduit_id ?? '')
  if (!c) return conduitNotFound
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
    if (faults.shardError) {
      errors.push({ id: sh.id, ...faults.shardError })
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
