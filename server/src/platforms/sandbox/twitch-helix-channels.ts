/** Helix of the local Twitch: users, streams, channel information, followers and moderators. */
import type { Req, Res } from './http-util'
import type { Token } from './twitch-types'
import { missingScope as missing, type TwitchWorld } from './twitch-world'

/** Answers a channel route, or null for another path. */
export function channelRoutes(w: TwitchWorld, req: Req, p: string, token: Token): Res | null {
  const { users, streams, viewers, followers, categories, titles, moderators } = w
  const q = req.query
  const has = (scope: string) => token.scopes.includes(scope)
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
  return null
}
