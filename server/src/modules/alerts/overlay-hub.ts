import type { PubSub } from 'graphql-yoga'
import type { Logger } from '../../logger'
import type { ChatMessageEvent, OverlayEvent, Topics } from '../../realtime/pubsub'
import type { OverlayRow } from './alerts.tables'

/** Open overlay connections per channel and process: a URL opened many times (leaked, looping) is bounded. */
export const MAX_OVERLAYS_PER_CHANNEL = 10
/** A comment line this often keeps proxies from closing an idle stream. */
const PING_MS = 25_000
/** A connection whose unread output grows beyond this (a stalled client) is dropped. */
const MAX_BUFFERED = 256 * 1024

interface Conn {
  key: string
  controller: ReadableStreamDefaultController<Uint8Array>
}

interface ChannelFeed {
  channelId: number
  conns: Set<Conn>
  hideBot: boolean
  stop: () => void
}

const encoder = new TextEncoder()
const frame = (data: unknown) => encoder.encode(`data: ${JSON.stringify(data)}\n\n`)

/**
 * The overlays held by this process. Each channel with an open overlay has one subscription to
 * its `overlay` and `chatMessage` topics (in Redis with several processes, so an event raised
 * by another process arrives here); an event is serialized once and written to every open
 * stream of the channel. A changed overlay (new secret, chat box choice) closes the streams
 * that hold the old secret and tells the others.
 */
export function createOverlayHub(deps: {
  pubsub: PubSub<Topics>
  log: Logger
  /** The channel's overlay now (null: gone), after a change. */
  current: (channelId: number) => Promise<OverlayRow | null>
  maxPerChannel?: number
}) {
  const feeds = new Map<number, ChannelFeed>()
  const max = deps.maxPerChannel ?? MAX_OVERLAYS_PER_CHANNEL
  const ping = encoder.encode(': ping\n\n')
  const timer = setInterval(() => {
    for (const f of feeds.values()) for (const c of f.conns) write(f, c, ping)
  }, PING_MS)
  timer.unref?.()

  function write(feed: ChannelFeed, c: Conn, bytes: Uint8Array) {
    if ((c.controller.desiredSize ?? 0) < -MAX_BUFFERED) return drop(feed, c)
    try {
      c.controller.enqueue(bytes)
    } catch {
      drop(feed, c)
    }
  }

  function drop(feed: ChannelFeed, c: Conn) {
    feed.conns.delete(c)
    try {
      c.controller.close()
    } catch {
      // already closed by the client
    }
    if (feed.conns.size === 0 && feeds.get(feed.channelId) === feed) {
      feed.stop()
      feeds.delete(feed.channelId)
    }
  }

  function broadcast(feed: ChannelFeed, data: unknown) {
    const bytes = frame(data)
    for (const c of feed.conns) write(feed, c, bytes)
  }

  async function onOverlayEvent(channelId: number, feed: ChannelFeed, e: OverlayEvent) {
    if (e.kind !== 'changed') return broadcast(feed, e)
    const row = await deps.current(channelId).catch(() => undefined)
    if (row === undefined) return
    for (const c of [...feed.conns]) if (!row || c.key !== row.key) drop(feed, c)
    if (row) {
      feed.hideBot = row.hideBot
      broadcast(feed, { kind: 'settings', hideBot: row.hideBot })
    }
  }

  function follow<T>(iterable: AsyncIterable<T>, on: (v: T) => unknown) {
    const it = iterable[Symbol.asyncIterator]()
    void (async () => {
      for (;;) {
        const next = await it.next()
        if (next.done) return
        await on(next.value)
      }
    })().catch((e: unknown) => deps.log.warn({ err: (e as Error).message }, 'overlay feed ended'))
    return () => void it.return?.()
  }

  function feedOf(row: OverlayRow): ChannelFeed {
    const existing = feeds.get(row.channelId)
    if (existing) return existing
    const id = row.channelId
    const feed: ChannelFeed = { channelId: id, conns: new Set(), hideBot: row.hideBot, stop: () => {} }
    const stops = [
      follow(deps.pubsub.subscribe('overlay', String(id)), (e) => onOverlayEvent(id, feed, e)),
      follow(deps.pubsub.subscribe('chatMessage', String(id)), (m: ChatMessageEvent) => {
        if (feed.hideBot && m.fromBot) return
        broadcast(feed, { kind: 'chat', id: m.platformMessageId, userId: m.userId, userName: m.userName, text: m.text, roles: m.roles, fromBot: m.fromBot })
      }),
    ]
    feed.stop = () => stops.forEach((s) => s())
    feeds.set(id, feed)
    return feed
  }

  return {
    /** A stream for one opened overlay, or null when the channel holds the most already. */
    open(row: OverlayRow, hello: unknown): ReadableStream<Uint8Array> | null {
      const feed = feedOf(row)
      if (feed.conns.size >= max) return null
      let conn: Conn
      return new ReadableStream<Uint8Array>({
        start(controller) {
          conn = { key: row.key, controller }
          feed.conns.add(conn)
          controller.enqueue(encoder.encode(`retry: 3000\n\n`))
          controller.enqueue(frame(hello))
        },
        cancel() {
          drop(feed, conn)
        },
      })
    },
    /** Open overlay streams (all channels), for health figures and the bench. */
    get connections() {
      let n = 0
      for (const f of feeds.values()) n += f.conns.size
      return n
    },
    close() {
      clearInterval(timer)
      for (const f of [...feeds.values()]) for (const c of [...f.conns]) drop(f, c)
    },
  }
}

export type OverlayHub = ReturnType<typeof createOverlayHub>
