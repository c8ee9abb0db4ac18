/** The records of the local Twitch (twitch-server.ts) as Helix and EventSub describe them. */
import type { WebSocket } from 'ws'

export interface TwitchUser {
  id: string
  login: string
  displayName: string
  /** Helix `broadcaster_language` (search results); `en` when unset. */
  language?: string
}

export interface Token {
  userId: string
  scopes: string[]
  expiresAt: number
  refresh: string
  revoked: boolean
}

/** An EventSub subscription as stored: `by` is the user whose token made it ('' for an app token), `createdAt` ISO. */
export interface Subscription {
  id: string
  type: string
  version: string
  condition: Record<string, string>
  createdAt: string
  by: string
}

export interface Session {
  id: string
  socket: WebSocket | null
  subscriptions: Subscription[]
  keepalive: ReturnType<typeof setInterval> | null
}

/** An EventSub conduit (Helix /eventsub/conduits): shards are WebSocket sessions; subscriptions belong to the conduit. */
export interface Conduit {
  id: string
  shards: Array<{
    id: string
    sessionId: string | null
    status: 'enabled' | 'unused' | 'websocket_disconnected'
    connectedAt: string | null
    disconnectedAt: string | null
  }>
  subscriptions: Subscription[]
  /** Notifications each shard delivered, by shard id. */
  delivered: Map<string, number>
  /** Subscriptions by `type|key=value` for each condition entry (10,000 channels' notifications and duplicates found without a scan). */
  index: Map<string, Conduit['subscriptions'][number]>
  /** `type|condition` of every subscription (duplicates answer 409). */
  keys: Set<string>
}

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

export interface TwitchServerOptions {
  clientId?: string
  clientSecret?: string
  /** Server time (ms); tests pass their clock so expiries and the chat window follow it. */
  now?: () => number
  keepaliveSeconds?: number
  tokenTtlSeconds?: number
  /**
   * Where a clip's or video's `url` points (and no thumbnail then). The product's sandbox
   * passes its own pages: its simulated media are never given twitch.tv addresses. Omitted
   * (tests standing in for Twitch): the twitch.tv addresses Helix gives.
   */
  mediaUrl?: (kind: 'clip' | 'video', id: string) => string
}
