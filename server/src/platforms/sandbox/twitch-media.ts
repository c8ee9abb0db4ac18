/** Helix videos and clips of the local Twitch, with cursor paging and the ~1,000-result cap. */
import { randomBytes } from 'node:crypto'
import type { Req, Res } from './http-util'
import { HELIX_PAGING_CAP, type Token, type TwitchClip } from './twitch-types'
import { badRequest, type TwitchWorld } from './twitch-world'

export const durationText = (seconds: number) => {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s}s`
}

/** Helix cursors are opaque: here an offset, base64url-encoded. */
export const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url')
export const decodeCursor = (cursor: string | null): number | null => {
  if (!cursor) return 0
  try {
    const o = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown }).o
    return typeof o === 'number' && Number.isInteger(o) && o >= 0 ? o : null
  } catch {
    return null
  }
}

/** One page of `items` from the request's `first`/`after`; `cap` ends the cursor after that many results. */
export function page<T>(q: URLSearchParams, items: T[], cap = Infinity): Res {
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
export function media(w: TwitchWorld, req: Req, p: string, token: Token): Res {
  const { videos, clips, clipReady, clipsRestricted, streams, users, state, now } = w
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
    const clip = addClipFor(w, b, { creator_id: token.userId, creator_name: creator?.displayName ?? '', title: live.category, view_count: 0, duration: 30 })
    clipReady.set(clip.id, now() + state.clipProcessingMs)
    return { status: 202, body: { data: [{ id: clip.id, edit_url: w.mediaUrl ? clip.url : `https://clips.twitch.tv/${clip.id}/edit` }] } }
  }
  return { status: 404, body: { error: 'Not Found', status: 404, message: 'Not Found' } }
}

/** A clip of the broadcaster as Helix lists it (defaults for what `c` leaves out). */
export function addClipFor(w: TwitchWorld, broadcasterId: string, c: Partial<TwitchClip> = {}): TwitchClip {
  const b = w.users.get(broadcasterId)
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
    created_at: new Date(w.now()).toISOString(),
    thumbnail_url: `https://clips-media-assets2.twitch.tv/${id}-preview-480x272.jpg`,
    duration: 30,
    vod_offset: null,
    is_featured: false,
    ...c,
    ...(w.mediaUrl ? { url: w.mediaUrl('clip', id), embed_url: w.mediaUrl('clip', id), thumbnail_url: '' } : {}),
  }
  w.clips.set(id, clip)
  return clip
}
