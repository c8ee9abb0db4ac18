import { createPubSub, type PubSub } from 'graphql-yoga'
import { Redis } from 'ioredis'
import type { Logger } from '../logger'

/** A chat line as the dashboard shows it (JSON-safe: it may travel through Redis). */
export interface ChatMessageEvent {
  id: string
  channelId: string
  platformMessageId: string
  userId: string
  userLogin: string
  userName: string
  text: string
  roles: string[]
  fromBot: boolean
  /** Removed by moderation; published again with true when that happens (same id). */
  removed?: boolean
  at: string
  /** The dashboard account that sent it through the chatboard (owner or team member); null for any other line. */
  sentBy?: ChatSender | null
}

/** Who sent a chatboard line from the dashboard. */
export interface ChatSender {
  id: string
  username: string
}

export interface BotStatusEvent {
  channelId: string
  state: 'stopped' | 'connecting' | 'running' | 'error'
  reason: string | null
  /** The reason as a code the client translates, and its arguments (absent from publishers before the codes). */
  code?: string | null
  args?: Record<string, string | number> | null
  at: string
  live: boolean
  category: string | null
}

/** A verified platform webhook for a channel, handed to whichever process runs its bot. */
export interface PlatformWebhookEvent {
  channelId: number
  platform: 'kick'
  type: string
  body: unknown
  receivedAt: string
}

/**
 * A channel's overlay feed (modules/alerts): an alert to show (text already filled in), chat
 * lines a moderator removed (by message id, or all of a user's), or its settings changed.
 */
export type OverlayEvent =
  | { kind: 'alert'; id: string; type: string; text: string; durationMs: number; sound: string | null; imageUrl: string | null; test: boolean }
  | { kind: 'chatRemoved'; messageId: string | null; userId: string | null }
  | { kind: 'changed' }

/** Support chat (the /apps/chat pages): a new message for one user, or a user's presence changed. */
export type SupportChatEvent =
  | { kind: 'message'; contactId: number; chatId: number; messageId: number; message: string; time: string; senderId: number }
  | { kind: 'presence'; contactId: number; status: 'online' | 'offline' | 'busy' | 'away' }

export type Topics = {
  chatMessage: [channelId: string, payload: ChatMessageEvent]
  botStatus: [channelId: string, payload: BotStatusEvent]
  /** Settings, commands, timers or the connection of a channel changed: the worker reloads it. */
  channelChanged: [payload: { channelId: number; what: string }]
  platformWebhook: [payload: PlatformWebhookEvent]
  /** Support chat messages, per recipient user id. */
  supportChatMessage: [userId: string, payload: Extract<SupportChatEvent, { kind: 'message' }>]
  /** Support chat presence changes, to everyone subscribed (each subscription keeps only its contacts). */
  supportChatPresence: [payload: Extract<SupportChatEvent, { kind: 'presence' }>]
  /** Overlay feeds per channel id (modules/alerts), to every process holding that channel's overlays. */
  overlay: [channelId: string, payload: OverlayEvent]
  /** A process changed what others cache (realtime/invalidation.ts): each other process drops it. */
  cacheInvalidation: [payload: CacheInvalidation]
}

/** What a process's caches must drop: accounts (callers, list totals, figures), the plans, or the open feedback reports count. */
export interface CacheInvalidation {
  origin: string
  what: 'accounts' | 'plans' | 'feedback'
}

export interface Realtime {
  pubsub: PubSub<Topics>
  kind: 'memory' | 'redis'
  close(): Promise<void>
}

type Listener = EventListenerOrEventListenerObject

/**
 * An EventTarget over Redis pub/sub (ioredis): dispatching publishes the event's detail as
 * JSON on `<prefix><topic>`; a topic is subscribed while it has local listeners. Several
 * server and worker processes then share every event.
 */
class RedisEventTarget implements EventTarget {
  private readonly listeners = new Map<string, Set<Listener>>()

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    log: Logger,
  ) {
    sub.on('message', (channel: string, message: string) => {
      if (!channel.startsWith(prefix)) return
      const type = channel.slice(prefix.length)
      let detail: unknown
      try {
        detail = JSON.parse(message)
      } catch {
        return
      }
      for (const l of this.listeners.get(type) ?? []) {
        const event = new CustomEvent(type, { detail })
        if (typeof l === 'function') l(event)
        else l.handleEvent(event)
      }
    })
    for (const c of [pub, sub]) c.on('error', (err: Error) => log.warn({ err: err.message }, 'redis pub/sub error'))
  }

  addEventListener(type: string, listener: Listener | null) {
    if (!listener) return
    let set = this.listeners.get(type)
    if (!set) {
      set = new Set()
      this.listeners.set(type, set)
      void this.sub.subscribe(this.prefix + type).catch(() => {})
    }
    set.add(listener)
  }

  removeEventListener(type: string, listener: Listener | null) {
    const set = this.listeners.get(type)
    if (!set || !listener) return
    set.delete(listener)
    if (set.size === 0) {
      this.listeners.delete(type)
      void this.sub.unsubscribe(this.prefix + type).catch(() => {})
    }
  }

  dispatchEvent(event: Event): boolean {
    void this.pub.publish(this.prefix + event.type, JSON.stringify((event as CustomEvent).detail)).catch(() => {})
    return true
  }
}

/** In memory for one process; through Redis when REDIS_URL is set. */
export function createRealtime(opts: { redisUrl?: string; log: Logger; prefix?: string }): Realtime {
  if (!opts.redisUrl) return { pubsub: createPubSub<Topics>(), kind: 'memory', close: async () => {} }
  const pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 })
  const sub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 })
  const target = new RedisEventTarget(pub, sub, opts.prefix ?? 'channel-assistant:', opts.log)
  return {
    pubsub: createPubSub<Topics>({ eventTarget: target as never }),
    kind: 'redis',
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()])
    },
  }
}
