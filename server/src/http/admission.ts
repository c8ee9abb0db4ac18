import type { MiddlewareHandler } from 'hono'
import { AppError } from '../errors'
import type { AppEnv } from './guarded'

export interface AdmissionOptions {
  /** Requests served at once; the rest wait in the queue. */
  maxInflight: number
  /** Requests waiting for a slot; beyond it a request is refused at once. */
  maxQueue: number
  /** A queued request that has waited this long is refused instead of served late. */
  maxWaitMs: number
  /**
   * CoDel's target: a queue whose requests leave it within this wait (ms) is a good queue,
   * however long it is. Only a queue that stood above it for `intervalMs` sheds new arrivals.
   */
  queueTargetMs: number
  /** CoDel's interval (ms): how long the queue must stand before arrivals are refused; default 1000. */
  intervalMs?: number
  /** Seconds a refused client is told to wait (Retry-After). */
  retryAfterSeconds: number
  /**
   * While requests have been queued for `intervalMs`, refuse arrivals if the event loop is this
   * late (ms; 0: never): work that piles up before a request reaches any handler (sockets to
   * parse, callbacks) shows only as loop lag. Never read with an empty queue: lag alone (a
   * busy machine, a GC pause) is no overload while every request gets a slot.
   */
  maxLoopLagMs?: number
  /** The current event-loop lag, ms (see loop-monitor.ts). */
  loopLag?: () => number
  /** Injectable for tests. */
  now?: () => number
  setTimer?: (fn: () => void, ms: number) => () => void
}

export interface AdmissionStats {
  inflight: number
  queued: number
  admitted: number
  /** Refused at once: the queue was full, it stood above its target (standing) or the loop lagged behind it (lagging). */
  refused: number
  standing: number
  lagging: number
  timedOut: number
}

interface Waiter {
  since: number
  resolve(release: () => void): void
  reject(e: AppError): void
  cancel(): void
}

const overloaded = (why: string) => new AppError('OVERLOADED', `The server is at capacity (${why}); retry shortly`)

/**
 * Admission control: at most `maxInflight` requests run, at most `maxQueue` wait (first come,
 * first served), and a waiter is refused once it has waited `maxWaitMs`. A refusal is an
 * OVERLOADED AppError, thrown at once: excess load costs a 503, never the latency of the
 * requests already admitted, and the process never builds an unbounded backlog.
 *
 * Between "queue full" and "waited too long", arrivals are shed CoDel-style: only when the
 * queue has stood for `intervalMs` (no request left it within `queueTargetMs` meanwhile) and
 * its oldest request waited past the target, or the event loop is behind while it stands. A
 * queue that drains, or a lagging loop with nobody waiting, refuses nothing; the first
 * request that leaves the queue in time (or an empty queue) ends the shedding.
 */
export class AdmissionController {
  private inflight = 0
  private readonly queue: Waiter[] = []
  private readonly stats = { admitted: 0, refused: 0, standing: 0, lagging: 0, timedOut: 0 }
  private readonly now: () => number
  private readonly setTimer: (fn: () => void, ms: number) => () => void
  /** The last moment the queue was good: empty, or a request left it within the target. */
  private goodAt: number

  constructor(readonly options: AdmissionOptions) {
    this.now = options.now ?? (() => performance.now())
    this.setTimer =
      options.setTimer ??
      ((fn, ms) => {
        const t = setTimeout(fn, ms)
        return () => clearTimeout(t)
      })
    this.goodAt = this.now()
  }

  /** Resolves with the slot's release function, or rejects with OVERLOADED. */
  acquire(): Promise<() => void> {
    const now = this.now()
    if (this.queue.length === 0) this.goodAt = now
    if (this.inflight < this.options.maxInflight && this.queue.length === 0) return Promise.resolve(this.admit())
    if (this.queue.length >= this.options.maxQueue) return this.refuse('queue full')
    const shed = this.shedding(now)
    if (shed) {
      this.stats[shed]++
      return this.refuse(shed === 'standing' ? 'requests queued too long' : 'event loop behind')
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        since: now,
        resolve,
        reject,
        cancel: () => {},
      }
      waiter.cancel = this.setTimer(() => this.expire(waiter), this.options.maxWaitMs)
      this.queue.push(waiter)
    })
  }

  snapshot(): AdmissionStats {
    return { inflight: this.inflight, queued: this.queue.length, ...this.stats }
  }

  /** Why an arrival is refused though the queue has room (null: it may wait). */
  private shedding(now: number): 'standing' | 'lagging' | null {
    const head = this.queue[0]
    if (!head || now - this.goodAt < (this.options.intervalMs ?? 1000)) return null
    if (now - head.since >= this.options.queueTargetMs) return 'standing'
    const maxLag = this.options.maxLoopLagMs ?? 0
    if (maxLag > 0 && (this.options.loopLag?.() ?? 0) > maxLag) return 'lagging'
    return null
  }

  private refuse(why: string): Promise<never> {
    this.stats.refused++
    return Promise.reject(overloaded(why))
  }

  private admit(): () => void {
    this.inflight++
    this.stats.admitted++
    let released = false
    return () => {
      if (released) return
      released = true
      this.inflight--
      this.drain()
    }
  }

  private drain() {
    while (this.inflight < this.options.maxInflight && this.queue.length > 0) {
      const waiter = this.queue.shift()!
      waiter.cancel()
      const now = this.now()
      const waited = now - waiter.since
      // A waiter past its deadline (its timer may not have fired yet on a busy loop) is refused.
      if (waited >= this.options.maxWaitMs) {
        this.stats.timedOut++
        waiter.reject(overloaded('waited too long'))
        continue
      }
      if (waited < this.options.queueTargetMs || this.queue.length === 0) this.goodAt = now
      waiter.resolve(this.admit())
    }
  }

  private expire(waiter: Waiter) {
    const i = this.queue.indexOf(waiter)
    if (i < 0) return
    this.queue.splice(i, 1)
    this.stats.timedOut++
    waiter.reject(overloaded('waited too long'))
  }
}

/** Paths that are never queued: liveness/readiness answer under any load. */
const EXEMPT = new Set(['/healthz', '/readyz'])

/**
 * Requests admitted by a lane of their own instead of this queue: an overlay's event stream
 * (`GET /overlay/<secret>/events`, modules/alerts/alerts.rest.ts). Thousands of overlays
 * reconnect together after a restart; each is cheap and gives its place back once its stream
 * starts, and neither they nor the page loads should wait behind (or be refused for) the other.
 */
export const OVERLAY_STREAM = /^\/overlay\/[^/]+\/events$/

/**
 * Requests that go through admission: everything except the health checks, CORS preflights and
 * the built client's own files (`isClientFile`; refusing one of the app's scripts breaks the
 * page that is already running), and the overlay streams, admitted by their own lane
 * (`OVERLAY_STREAM`). No request header exempts anything: a subscription is
 * admitted like any request and gives its slot back when its stream starts (the middleware's
 * next() returns with the response), so a live stream never holds one.
 */
export function needsAdmission(method: string, path: string, isClientFile: (path: string) => boolean = () => false): boolean {
  if (method === 'OPTIONS' || EXEMPT.has(path)) return false
  if (method === 'GET' && OVERLAY_STREAM.test(path)) return false
  return !((method === 'GET' || method === 'HEAD') && isClientFile(path))
}

/**
 * The Hono middleware: a refused request is a 503 `{error, code: "OVERLOADED"}` with
 * Retry-After; on /graphql the body also carries `errors[0].extensions.code`.
 */
export function admission(controller: AdmissionController, isClientFile?: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!needsAdmission(c.req.method, c.req.path, isClientFile)) return next()
    let release: () => void
    try {
      release = await controller.acquire()
    } catch (e) {
      if (!(e instanceof AppError)) throw e
      c.header('retry-after', String(controller.options.retryAfterSeconds))
      const body = { error: e.message, code: e.code }
      return c.json(c.req.path === '/graphql' ? { ...body, errors: [{ message: e.message, extensions: { code: e.code } }] } : body, 503)
    }
    try {
      await next()
    } finally {
      release()
    }
  }
}
