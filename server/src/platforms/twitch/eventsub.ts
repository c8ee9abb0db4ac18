import WebSocket from 'ws'
import type { Logger } from '../../logger'
import { backoffDelay, type Scheduler } from '../../worker/scheduler'
import { PlatformAuthError } from '../types'

export type EventSubState = 'connecting' | 'connected' | 'reconnecting' | 'error'

interface Frame {
  metadata?: { message_id?: string; message_type?: string; subscription_type?: string }
  payload?: {
    session?: { id?: string; keepalive_timeout_seconds?: number | null; reconnect_url?: string | null }
    subscription?: { type?: string; status?: string; condition?: Record<string, string> }
    event?: Record<string, unknown>
  }
}

export interface EventSubOptions {
  url: string
  scheduler: Scheduler
  random: () => number
  backoff: { baseMs: number; maxMs: number }
  log: Logger
  /** Subscribe to the events on a fresh session (not called after a session_reconnect). */
  onWelcome(sessionId: string): Promise<void>
  /** `condition`: the subscription's, which says whose event it is (a conduit carries many channels). */
  onNotification(type: string, event: Record<string, unknown>, condition?: Record<string, string>): void
  /** `retryInMs`: with 'reconnecting', when the next attempt comes. */
  onState(state: EventSubState, reason?: string, retryInMs?: number): void
  /**
   * Whether an `onWelcome` failure ends the session for good (reported as 'error', no
   * reconnecting): retrying cannot help. Default: a refused token only.
   */
  permanent?: (e: unknown) => boolean
}

/**
 * One EventSub WebSocket session: welcome → subscribe; keepalives reset a watchdog (silence
 * longer than keepalive_timeout_seconds counts as a drop); session_reconnect opens the new URL
 * and drops the old socket once the new one is welcomed (subscriptions carry over); any other
 * drop reconnects to the initial URL with exponential backoff and jitter, then subscribes again.
 * Notifications are de-duplicated by message id (Twitch delivers at least once).
 */
export class EventSubConnection {
  private ws: WebSocket | null = null
  /** The socket opened for a session_reconnect, until its welcome. */
  private migrating: WebSocket | null = null
  private watchdog: unknown = null
  private retry: unknown = null
  private attempt = 0
  private stopped = false
  private seen = new Set<string>()
  sessionId: string | null = null
  /** Completed (re)connections, for tests and benchmarks. */
  welcomes = 0

  constructor(private readonly opts: EventSubOptions) {}

  start() {
    this.stopped = false
    this.opts.onState('connecting')
    this.open(this.opts.url, false)
  }

  stop() {
    this.stopped = true
    this.clearWatchdog()
    if (this.retry) this.opts.scheduler.clearTimeout(this.retry)
    this.retry = null
    for (const s of [this.ws, this.migrating]) s?.terminate()
    this.ws = null
    this.migrating = null
  }

  private open(url: string, migration: boolean) {
    let socket: WebSocket
    try {
      socket = new WebSocket(url)
    } catch (e) {
      this.dropped(`cannot open ${url}: ${(e as Error).message}`)
      return
    }
    if (migration) this.migrating = socket
    else this.ws = socket
    socket.on('message', (data) => this.onFrame(socket, data.toString()))
    socket.on('error', (err) => this.opts.log.debug({ err: err.message }, 'eventsub socket error'))
    socket.on('close', (code) => {
      if (this.stopped) return
      if (socket === this.migrating) {
        this.migrating = null
        return
      }
      if (socket === this.ws) {
        this.ws = null
        this.dropped(`socket closed (${code})`)
      }
    })
  }

  private dropped(reason: string) {
    if (this.stopped) return
    this.clearWatchdog()
    this.ws?.terminate()
    this.ws = null
    this.sessionId = null
    this.attempt++
    const delay = backoffDelay(this.attempt, this.opts.backoff.baseMs, this.opts.backoff.maxMs, this.opts.random)
    this.opts.onState('reconnecting', reason, delay)
    if (this.retry) this.opts.scheduler.clearTimeout(this.retry)
    this.retry = this.opts.scheduler.setTimeout(() => {
      this.retry = null
      if (!this.stopped) this.open(this.opts.url, false)
    }, delay)
  }

  private armWatchdog(seconds: number | null | undefined) {
    this.clearWatchdog()
    if (!seconds) return
    // Twitch: no message within keepalive_timeout_seconds means the connection is gone.
    this.watchdog = this.opts.scheduler.setTimeout(() => this.dropped('no keepalive'), seconds * 1000 + 1000)
  }
  private keepaliveSeconds: number | null = null
  private clearWatchdog() {
    if (this.watchdog) this.opts.scheduler.clearTimeout(this.watchdog)
    this.watchdog = null
  }

  private onFrame(socket: WebSocket, raw: string) {
    if (this.stopped) return
    let frame: Frame
    try {
      frame = JSON.parse(raw) as Frame
    } catch {
      return
    }
    const type = frame.metadata?.message_type
    if (socket === this.ws || type === 'session_welcome') this.armWatchdog(this.keepaliveSeconds)
    switch (type) {
      case 'session_welcome': {
        const session = frame.payload?.session
        if (!session?.id) return
        this.keepaliveSeconds = session.keepalive_timeout_seconds ?? null
        this.armWatchdog(this.keepaliveSeconds)
        if (socket === this.migrating) {
          const old = this.ws
          this.ws = socket
          this.migrating = null
          this.sessionId = session.id
          old?.close()
          this.welcomes++
          this.opts.onState('connected')
          return
        }
        this.sessionId = session.id
        this.opts
          .onWelcome(session.id)
          .then(() => {
            this.attempt = 0
            this.welcomes++
            this.opts.onState('connected')
          })
          .catch((e: unknown) => {
            if (e instanceof PlatformAuthError || this.opts.permanent?.(e)) {
              this.stop()
              this.opts.onState('error', (e as Error).message)
            } else this.dropped(`subscribing failed: ${(e as Error).message}`)
          })
        return
      }
      case 'session_keepalive':
        return
      case 'session_reconnect': {
        const url = frame.payload?.session?.reconnect_url
        if (url) this.open(url, true)
        return
      }
      case 'notification': {
        const id = frame.metadata?.message_id
        if (id) {
          if (this.seen.has(id)) return
          this.seen.add(id)
          if (this.seen.size > 1000) this.seen = new Set([...this.seen].slice(-500))
        }
        const subType = frame.payload?.subscription?.type ?? frame.metadata?.subscription_type
        if (subType && frame.payload?.event) this.opts.onNotification(subType, frame.payload.event, frame.payload.subscription?.condition)
        return
      }
      case 'revocation': {
        const sub = frame.payload?.subscription
        this.opts.onState('error', `Twitch revoked ${sub?.type ?? 'a subscription'} (${sub?.status ?? 'unknown'}); reconnect the channel`)
        this.stop()
        return
      }
    }
  }
}
