import { createHash, randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { PubSub } from 'graphql-yoga'
import type { Logger } from '../../logger'
import type { ChatMessageEvent, OverlayEvent, Topics } from '../../realtime/pubsub'
import type { OverlayRow } from './alerts.tables'
import type { OverlaySlots } from './overlay-slots'

/** Open overlay connections per channel (over every process with Redis): a URL opened many times (leaked, looping) is bounded. */
export const MAX_OVERLAYS_PER_CHANNEL = 10
/** Open previews (the editor's framed overlay, `?preview=1`) per channel, bounded apart from the overlays. */
export const MAX_PREVIEWS_PER_CHANNEL = 3
/** A comment line this often keeps proxies from closing an idle stream; the streams' shared places are renewed with it. */
export const PING_MS = 25_000
/** A place whose process stopped renewing it (a crash) is free again after this. */
export const PLACE_TTL_MS = 3 * PING_MS
/** A connection whose unread output grows beyond this (a stalled client) is dropped. */
const MAX_BUFFERED = 256 * 1024
/** The same in frames, while they still go through the web stream. */
const MAX_QUEUED = 1000

/** Where one stream's bytes go. */
interface Sink {
  /** false: the client is gone or stalled (the caller drops it). */
  write(bytes: Uint8Array): boolean
  end(): void
}

interface Conn {
  id: string
  key: string
  scope: string
  sink: Sink
}

interface ChannelFeed {
  channelId: number
  conns: Set<Conn>
  hideBot: boolean
  stop: () => void
}

const frame = (data: unknown) => Buffer.from(`data: ${JSON.stringify(data)}\n\n`)

/**
 * A stream's answer body and the sink that feeds it. In process (tests, no socket) every frame
 * goes through the web stream. On the node server (`res`), @hono/node-server writes the headers
 * and what it reads from the stream; once it has written all of it (the headers are out and it
 * waits on an empty stream: `pull`) frames go to its socket directly, the one buffer per event
 * written as it is: no chunk queued, no read resolved, no promise or tick per connection and
 * event. Ending closes the stream, and node-server ends the response.
 */
function openSink(res: ServerResponse | undefined, cancel: () => void): { body: ReadableStream<Uint8Array>; sink: Sink } {
  // The body runs until the connection closes, so it needs no chunked framing: each write is the
  // frame alone (node answers with Connection: close; an overlay's connection holds nothing else).
  if (res) res.useChunkedEncodingByDefault = false
  let controller!: ReadableStreamDefaultController<Uint8Array>
  /** node-server waits on an empty stream: everything enqueued has been written. */
  let waiting = false
  let direct = false
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
      },
      pull() {
        waiting = true
      },
      cancel,
    },
    { highWaterMark: 0 },
  )
  const sink: Sink = {
    write(bytes) {
      if (res) {
        if (res.destroyed || res.writableEnded) return false
        direct ||= waiting && res.headersSent
        if (direct) {
          // The socket itself: with the headers out and no framing, the response adds nothing
          // but a cork and a tick per write. What node-server wrote before is ahead in the socket.
          const socket = res.socket
          if (!socket || socket.destroyed || socket.writableLength > MAX_BUFFERED) return false
          socket.write(bytes)
          return true
        }
      }
      if ((controller.desiredSize ?? 0) < -MAX_QUEUED) return false
      waiting = false
      controller.enqueue(bytes)
      return true
    },
    end() {
      controller.close()
    },
  }
  return { body, sink }
}

/** Runs `on` for each value of a subscription, one at a time; the answer stops it. */
function follow<T>(log: Logger, iterable: AsyncIterable<T>, on: (v: T) => unknown) {
  const it = iterable[Symbol.asyncIterator]()
  void (async () => {
    for (;;) {
      const next = await it.next()
      if (next.done) return
      await on(next.value)
    }
  })().catch((e: unknown) => log.warn({ err: (e as Error).message }, 'overlay feed ended'))
  return () => void it.return?.()
}

/**
 * The overlays held by this process. Each channel with an open overlay has one subscription to
 * its `overlay` and `chatMessage` topics (in Redis with several processes, so an event raised
 * by another process arrives here); an event is serialized once into one buffer, which every
 * open stream of the channel writes as it is. A changed overlay (new secret, chat box choice)
 * closes the streams that hold the old secret and tells the others.
 *
 * The bound: at most `maxPerChannel` overlays and `maxPreviews` previews per channel; with
 * `slots` (Redis) over every process, else per process. A place taken in Redis is renewed with
 * the keep-alive ping and given back when the stream ends; Redis not answering leaves the
 * per-process bound (an overlay keeps working on air).
 */
export function createOverlayHub(deps: {
  pubsub: PubSub<Topics>
  log: Logger
  /** The channel's overlay now (null: gone), after a change. */
  current: (channelId: number) => Promise<OverlayRow | null>
  slots?: OverlaySlots | null
  maxPerChannel?: number
  maxPreviews?: number
}) {
  const feeds = new Map<number, ChannelFeed>()
  /** Places held in this process per scope (open streams and those being opened). */
  const held = new Map<string, number>()
  const max = { overlay: deps.maxPerChannel ?? MAX_OVERLAYS_PER_CHANNEL, preview: deps.maxPreviews ?? MAX_PREVIEWS_PER_CHANNEL }
  const ping = Buffer.from(': ping\n\n')
  const timer = setInterval(() => {
    const renew = new Map<string, string[]>()
    for (const f of feeds.values()) {
      for (const c of f.conns) {
        write(f, c, ping)
        let ids = renew.get(c.scope)
        if (!ids) renew.set(c.scope, (ids = []))
        ids.push(c.id)
      }
    }
    deps.slots?.renew(renew).catch((e: unknown) => deps.log.warn({ err: (e as Error).message }, 'overlay places not renewed'))
  }, PING_MS)
  timer.unref?.()

  const count = (scope: string, by: number) => {
    const n = (held.get(scope) ?? 0) + by
    if (n > 0) held.set(scope, n)
    else held.delete(scope)
  }

  function write(feed: ChannelFeed, c: Conn, bytes: Uint8Array) {
    let ok: boolean
    try {
      ok = c.sink.write(bytes)
    } catch {
      ok = false
    }
    if (!ok) drop(feed, c)
  }

  function drop(feed: ChannelFeed, c: Conn) {
    if (!feed.conns.delete(c)) return
    count(c.scope, -1)
    deps.slots?.give(c.scope, c.id).catch(() => {})
    try {
      c.sink.end()
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

  function feedOf(row: OverlayRow): ChannelFeed {
    const existing = feeds.get(row.channelId)
    if (existing) return existing
    const id = row.channelId
    const feed: ChannelFeed = { channelId: id, conns: new Set(), hideBot: row.hideBot, stop: () => {} }
    const stops = [
      follow(deps.log, deps.pubsub.subscribe('overlay', String(id)), (e) => onOverlayEvent(id, feed, e)),
      follow(deps.log, deps.pubsub.subscribe('chatMessage', String(id)), (m: ChatMessageEvent) => {
        if (feed.hideBot && m.fromBot) return
        broadcast(feed, { kind: 'chat', id: m.platformMessageId, userId: m.userId, userName: m.userName, text: m.text, roles: m.roles, fromBot: m.fromBot })
      }),
    ]
    feed.stop = () => stops.forEach((s) => s())
    feeds.set(id, feed)
    return feed
  }

  /** A place for one more stream, or false at the bound (this process's, then every process's). */
  async function take(scope: string, id: string, bound: number): Promise<boolean> {
    if ((held.get(scope) ?? 0) >= bound) return false
    count(scope, 1)
    let ok = true
    if (deps.slots) {
      ok = await deps.slots.take(scope, id, bound).catch((e: unknown) => {
        deps.log.warn({ err: (e as Error).message }, 'overlay places: Redis did not answer; bounded per process')
        return true
      })
    }
    if (!ok) count(scope, -1)
    return ok
  }

  function attach(row: OverlayRow, id: string, scope: string, sink: Sink, hello: unknown) {
    const feed = feedOf(row)
    const conn: Conn = { id, key: row.key, scope, sink }
    feed.conns.add(conn)
    write(feed, conn, frame(hello))
    return () => drop(feed, conn)
  }

  return {
    /**
     * A stream for one overlay (`preview`: the editor's, bounded apart), written to the node
     * response `res` directly once it can be; null: the channel holds the most already.
     */
    async open(row: OverlayRow, hello: unknown, opts: { preview: boolean; res?: ServerResponse }): Promise<ReadableStream<Uint8Array> | null> {
      const kind = opts.preview ? 'preview' : 'overlay'
      const scope = `${createHash('sha256').update(row.key).digest('base64url').slice(0, 22)}:${kind}`
      const id = randomUUID()
      if (!(await take(scope, id, max[kind]))) return null
      let close = () => {}
      const { body, sink } = openSink(opts.res, () => close())
      close = attach(row, id, scope, sink, hello)
      if (opts.res?.destroyed) close()
      else opts.res?.once('close', close)
      return body
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
