/**
 * The console of the local Twitch: what tests (and the sandbox's test console) do as viewers,
 * as the broadcaster on Twitch's own site, and as the network: going live, chatting, following,
 * raiding, media, accounts and tokens, and the faults of a platform that is not agreeable.
 */
import { randomBytes } from 'node:crypto'
import { nextId } from './http-util'
import type { Notifier } from './twitch-notify'
import { addClipFor, durationText } from './twitch-media'
import type { SandboxClip, SandboxFollower, TwitchClip, TwitchUser, TwitchVideo } from './twitch-types'
import type { SubscriptionRefusal, TwitchWorld } from './twitch-world'

/** Accounts, consent and tokens, and the Helix faults (outage, failing calls, rate limit). */
export function accountControls(w: TwitchWorld) {
  const { users, state, moderators, failing, tokens, refreshTokens, followers, clips, videos, now, ttl } = w
  return {
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
    tokenOf(userId: string) {
      return [...tokens.entries()].filter(([, t]) => t.userId === userId && !t.revoked).map(([a]) => a)
    },
  }
}

/** The broadcaster's stream and channel, and what viewers do: chat, follow, raid. */
export function streamControls(w: TwitchWorld, n: Notifier) {
  const { users, titles, categories, streams, followers, viewers, now } = w
  const { notify, chatEvent } = n
  return {
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
    /** Whether a viewer may not write in the channel now, as Twitch refuses them: banned, or timed out until (ms). */
    restriction(broadcasterId: string, userId: string): 'banned' | number | null {
      const key = `${broadcasterId}:${userId}`
      if (w.banned.has(key)) return 'banned'
      const until = w.timeouts.get(key)
      return until !== undefined && until > now() ? until : null
    },
    /** Subscriptions per live session. */
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
  }
}

/** What EventSub holds (sessions' and conduits' subscriptions), and its faults. */
export function eventSubControls(w: TwitchWorld, n: Notifier) {
  const { sessions, conduits, faults } = w
  return {
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
    /**
     * Fault hook: POST /eventsub/subscriptions refuses `type` as Twitch does (400: type or version
     * not valid; 403: not authorized, e.g. the bot is not a moderator; 410: version removed);
     * `null` accepts it again.
     */
    refuseSubscription(type: string, refusal: SubscriptionRefusal | null) {
      if (refusal) faults.refuse.set(type, refusal)
      else faults.refuse.delete(type)
    },
    /** Fault hook: every conduit shard assignment fails with this per-shard error (`null`: they succeed again). */
    failShardAssignment(error: { code: string; message: string } | null) {
      faults.shardError = error
    },
    /** Fault hook: POST /oauth2/revoke answers `status` (`null`: it works again). */
    failRevoke(status: number | null) {
      faults.revokeStatus = status
    },
    /**
     * Fault hook: delivers `event` on the subscription of `subscribedFor` (its type and condition),
     * as if Twitch had sent another broadcaster's event on it (the event's own
     * broadcaster_user_id is left as given).
     */
    sendForeignEvent(subscribedFor: string, type: string, event: Record<string, unknown>) {
      n.notify(subscribedFor, type, event)
    },
  }
}

/** Videos and clips of a broadcaster, and their faults. */
export function mediaControls(w: TwitchWorld) {
  const { users, videos, clips, clipsRestricted, now } = w
  return {
    /** The sandbox's "clip created": a clip of the broadcaster's stream, listed by GET /clips (view_count 0). */
    createClip(broadcasterId: string, c: { title: string; creatorId: string; creatorName: string }): SandboxClip {
      return addClipFor(w, broadcasterId, { title: c.title, creator_id: c.creatorId, creator_name: c.creatorName, view_count: 0 })
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
        ...(w.mediaUrl ? { url: w.mediaUrl('video', id), thumbnail_url: '' } : {}),
        duration: durationText(durationSeconds),
      }
      videos.set(id, video)
      return video
    },
    /** A clip of the broadcaster; the sandbox's "clip created" trigger pushes here. */
    addClip(broadcasterId: string, clip: Partial<TwitchClip> = {}): TwitchClip {
      return addClipFor(w, broadcasterId, clip)
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
  }
}
