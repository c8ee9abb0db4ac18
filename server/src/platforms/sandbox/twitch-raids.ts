/**
 * Raids and shoutouts of the local Twitch (Helix `GET /search/channels`, `POST /raids`,
 * `DELETE /raids`, `POST /chat/shoutouts`), as Twitch documents them: one pending raid per
 * broadcaster (409), 10 raid requests per 10-minute window (429), the raid starts when the
 * broadcaster clicks "Raid Now" or 90 s after the request, then EventSub `channel.raid`;
 * a shoutout at most every 2 minutes per channel and once per hour per target (429), only
 * while live. Time is the server's injectable clock.
 */
import type { Req, Res } from './http-util'

export const RAID_DELAY_MS = 90_000
export const RAID_WINDOW_MS = 10 * 60_000
export const RAID_REQUESTS_PER_WINDOW = 10
export const SHOUTOUT_EVERY_MS = 2 * 60_000
export const SHOUTOUT_SAME_TARGET_MS = 60 * 60_000

export interface RaidUser {
  id: string
  login: string
  displayName: string
  /** ISO 639-1 language of the broadcaster (Helix `broadcaster_language`); `en` when unset. */
  language?: string
}

export interface RaidRecord {
  fromId: string
  toId: string
  requestedAt: number
  state: 'pending' | 'started' | 'cancelled'
  viewers: number
}

export interface ShoutoutRecord {
  fromId: string
  toId: string
  moderatorId: string
  at: number
}

export interface RaidDeps {
  now: () => number
  users: Map<string, RaidUser>
  streams: Map<string, { category: string; startedAt: string } | null>
  categories: Map<string, string>
  isModerator: (broadcasterId: string, userId: string) => boolean
  /** Sends an EventSub notification to the sessions whose condition matches. */
  notify: (type: string, match: (condition: Record<string, string>) => boolean, event: Record<string, unknown>) => void
}

interface Caller {
  userId: string
  scopes: string[]
}

const err = (status: number, message: string): Res => ({
  status,
  body: {
    error: { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 429: 'Too Many Requests' }[status],
    status,
    message,
  },
})

/** GET /search/channels: by login or display name, live ones first when asked. */
function search(deps: RaidDeps, req: Req): Res {
  const { users } = deps
  const query = (req.query.get('query') ?? '').trim().toLowerCase()
  if (!query) return err(400, 'Missing required parameter "query"')
  const liveOnly = req.query.get('live_only') === 'true'
  const first = Math.min(Math.max(Number(req.query.get('first') ?? 20) || 20, 1), 100)
  const data = [...users.values()]
    .filter((u) => u.login.toLowerCase().includes(query) || u.displayName.toLowerCase().includes(query))
    .map((u) => {
      const live = deps.streams.get(u.id)
      return {
        id: u.id,
        broadcaster_login: u.login,
        display_name: u.displayName,
        broadcaster_language: u.language ?? 'en',
        game_id: '',
        game_name: live?.category ?? deps.categories.get(u.id) ?? '',
        is_live: Boolean(live),
        started_at: live?.startedAt ?? '',
        tags: [],
        thumbnail_url: '',
        title: '',
      }
    })
    .filter((c) => !liveOnly || c.is_live)
    .slice(0, first)
  return { status: 200, body: { data, pagination: {} } }
}

/** POST /chat/shoutouts: a moderator's shoutout, within Twitch's limits (every 2 min, once an hour per target). */
function shoutout(deps: RaidDeps, shoutouts: ShoutoutRecord[], req: Req, caller: Caller): Res {
  const { now, users } = deps
  const fromId = req.query.get('from_broadcaster_id') ?? ''
  const toId = req.query.get('to_broadcaster_id') ?? ''
  const moderatorId = req.query.get('moderator_id') ?? ''
  if (!fromId || !toId || !moderatorId) return err(400, 'Missing required parameter')
  if (moderatorId !== caller.userId) return err(401, 'The ID in moderator_id must match the user ID in the access token')
  if (moderatorId !== fromId && !deps.isModerator(fromId, moderatorId)) return err(403, "The user in moderator_id is not one of the broadcaster's moderators.")
  if (fromId === toId) return err(400, 'The broadcaster may not give themselves a Shoutout.')
  if (!users.has(toId)) return err(400, 'The broadcaster in to_broadcaster_id was not found.')
  if (!deps.streams.get(fromId)) return err(400, 'The broadcaster is not streaming live or does not have one or more viewers.')
  const t = now()
  const mine = shoutouts.filter((s) => s.fromId === fromId)
  if (mine.some((s) => s.at > t - SHOUTOUT_EVERY_MS)) return err(429, 'The broadcaster may not send a Shoutout more than once every 2 minutes.')
  if (mine.some((s) => s.toId === toId && s.at > t - SHOUTOUT_SAME_TARGET_MS)) {
    return err(429, 'The broadcaster may not send the same broadcaster a Shoutout more than once every 60 minutes.')
  }
  shoutouts.push({ fromId, toId, moderatorId, at: t })
  return { status: 204 }
}

export function createTwitchRaids(deps: RaidDeps) {
  const { now, users } = deps
  const raids: RaidRecord[] = []
  const shoutouts: ShoutoutRecord[] = []
  /** Raid request times per broadcaster (the 10 per 10 minutes window). */
  const requests = new Map<string, number[]>()
  const timers = new Set<ReturnType<typeof setTimeout>>()

  const pendingOf = (fromId: string) => raids.find((r) => r.fromId === fromId && r.state === 'pending')
  const userEvent = (prefix: string, u: RaidUser | undefined, id: string) => ({
    [`${prefix}_user_id`]: id,
    [`${prefix}_user_login`]: u?.login ?? '',
    [`${prefix}_user_name`]: u?.displayName ?? '',
  })

  /** EventSub `channel.raid` to the subscriptions on either side. */
  function emitRaid(fromId: string, toId: string, viewers: number) {
    const event = {
      ...userEvent('from_broadcaster', users.get(fromId), fromId),
      ...userEvent('to_broadcaster', users.get(toId), toId),
      viewers,
    }
    deps.notify('channel.raid', (c) => c.from_broadcaster_user_id === fromId || c.to_broadcaster_user_id === toId, event)
  }

  function start(raid: RaidRecord, viewers?: number) {
    if (raid.state !== 'pending') return false
    raid.state = 'started'
    if (viewers !== undefined) raid.viewers = viewers
    emitRaid(raid.fromId, raid.toId, raid.viewers)
    return true
  }

  function startRaid(req: Req, caller: Caller): Res {
    const fromId = req.query.get('from_broadcaster_id') ?? ''
    const toId = req.query.get('to_broadcaster_id') ?? ''
    if (!fromId || !toId) return err(400, 'Missing required parameter from_broadcaster_id or to_broadcaster_id')
    if (fromId !== caller.userId) return err(401, 'The ID in from_broadcaster_id must match the user ID in the access token')
    if (fromId === toId) return err(400, 'The broadcaster may not raid themselves')
    if (!users.has(toId)) return err(404, 'The targeted channel was not found')
    const t = now()
    const recent = (requests.get(fromId) ?? []).filter((at) => at > t - RAID_WINDOW_MS)
    if (recent.length >= RAID_REQUESTS_PER_WINDOW) {
      requests.set(fromId, recent)
      return err(429, 'The broadcaster exceeded the number of raid requests that they may make. The limit is 10 requests within a 10-minute window.')
    }
    recent.push(t)
    requests.set(fromId, recent)
    if (pendingOf(fromId)) return err(409, 'The broadcaster is already in the process of raiding another channel.')
    const raid: RaidRecord = { fromId, toId, requestedAt: t, state: 'pending', viewers: 0 }
    raids.push(raid)
    // Twitch starts the raid by itself after 90 s (in wall time here; startDueRaids follows the injected clock).
    const timer = setTimeout(() => {
      timers.delete(timer)
      start(raid)
    }, RAID_DELAY_MS)
    timer.unref()
    timers.add(timer)
    return { status: 200, body: { data: [{ created_at: new Date(t).toISOString(), is_mature: false }] } }
  }

  function cancelRaid(req: Req, caller: Caller): Res {
    const id = req.query.get('broadcaster_id') ?? ''
    if (!id) return err(400, 'Missing required parameter broadcaster_id')
    if (id !== caller.userId) return err(401, 'The ID in broadcaster_id must match the user ID in the access token')
    const raid = pendingOf(id)
    if (!raid) return err(404, "The broadcaster doesn't have a pending raid to cancel.")
    raid.state = 'cancelled'
    return { status: 204 }
  }

  /** Helix routes of this part, or null when the path is not one of them. */
  function handle(req: Req, path: string, caller: Caller): Res | null {
    const needs = (scope: string): Res | null => (caller.scopes.includes(scope) ? null : err(401, `Missing scope: ${scope}`))
    if (path === '/search/channels' && req.method === 'GET') return search(deps, req)
    if (path === '/raids' && req.method === 'POST') return needs('channel:manage:raids') ?? startRaid(req, caller)
    if (path === '/raids' && req.method === 'DELETE') return needs('channel:manage:raids') ?? cancelRaid(req, caller)
    if (path === '/chat/shoutouts' && req.method === 'POST') return needs('moderator:manage:shoutouts') ?? shoutout(deps, shoutouts, req, caller)
    return null
  }

  return {
    handle,
    raids,
    shoutouts,
    /** Controls for tests and the sandbox console. */
    controls: {
      /** The broadcaster's pending raid, if any. */
      pendingRaid(fromId: string): RaidRecord | undefined {
        return pendingOf(fromId)
      },
      /** The broadcaster clicks "Raid Now": the pending raid starts (EventSub channel.raid). Answers whether one started. */
      startPendingRaid(fromId: string, viewers = 0): boolean {
        const raid = pendingOf(fromId)
        return raid ? start(raid, viewers) : false
      },
      /** Starts every pending raid requested 90 s or more ago on the injected clock; answers how many. */
      startDueRaids(): number {
        const due = raids.filter((r) => r.state === 'pending' && r.requestedAt + RAID_DELAY_MS <= now())
        for (const r of due) start(r)
        return due.length
      },
      /** Another channel raids `toId` (an incoming raid): EventSub channel.raid at once. */
      incomingRaid(fromId: string, toId: string, viewers = 0) {
        emitRaid(fromId, toId, viewers)
      },
    },
    close() {
      for (const t of timers) clearTimeout(t)
      timers.clear()
    },
  }
}
