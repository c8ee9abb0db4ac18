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
  /** Seconds a refused client is told to wait (Retry-After). */
  retryAfterSeconds: number
  /**
   * Refuse at once while the event loop is this late (ms; 0: never). Work that piles up before
   * a request reaches any handler (sockets to parse, callbacks) shows only as loop lag.
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
  /** Refused at once: the queue was full, or (lagging) the event loop was behind. */
  refused: number
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
 */
export class AdmissionController {
  private inflight = 0
  private readonly queue: Waiter[] = []
  private readonly stats = { admitted: 0, refused: 0, lagging: 0, timedOut: 0 }
  private readonly now: () => number
  private readonly setTimer: (fn: () => void, ms: number) => () => void

  constructor(readonly options: AdmissionOptions) {
    this.now = options.now ?? (() => performance.now())
    this.setTimer =
      options.setTimer ??
      ((fn, ms) => {
        const t = setTimeout(fn, ms)
        return () => clearTimeout(t)
      })
  }

  /** Resolves with the slot's release function, or rejects with OVERLOADED. */
  acquire(): Promise<() => void> {
    const maxLag = this.options.maxLoopLagMs ?? 0
    if (maxLag > 0 && (this.options.loopLag?.() ?? 0) > maxLag) {
      this.stats.refused++
      this.stats.lagging++
      return Promise.reject(overloaded('event loop behind'))
    }
    if (this.inflight < this.options.maxInflight && this.queue.length === 0) return Promise.resolve(this.admit())
    if (this.queue.length >= this.options.maxQueue) {
      this.stats.refused++
      return Promise.reject(overloaded('queue full'))
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        since: this.now(),
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
      // A waiter past its deadline (its timer may not have fired yet on a busy loop) is refused.
      if (this.now() - waiter.since >= this.options.maxWaitMs) {
        this.stats.timedOut++
        waiter.reject(overloaded('waited too long'))
        continue
      }
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
 * Requests that go through admission: everything (API, client files) except the health checks,
 * CORS preflights and SSE streams.
 */
export function needsAdmission(method: string, path: string, accept: string | undefined): boolean {
  if (method === 'OPTIONS' || EXEMPT.has(path)) return false
  // A subscription stream lives for minutes; it must not hold a slot for its lifetime.
  return !accept?.includes('text/event-stream')
}

/**
 * The Hono middleware: a refused request is a 503 `{error, code: "OVERLOADED"}` with
 * Retry-After; on /graphql the body also carries `errors[0].extensions.code`.
 */
export function admission(controller: AdmissionController): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!needsAdmission(c.req.method, c.req.path, c.req.header('accept'))) return next()
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
