import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { Logger } from '../logger'

export interface LoopDelay {
  /** Milliseconds, over the last completed window. */
  p50: number
  p99: number
  max: number
}

/**
 * Event-loop delay of this process (PGlite, argon2 callbacks, GraphQL and JSON all share it),
 * in windows of `windowMs`: the last window is read by /healthz; a window whose worst delay
 * passes `warnMs` is logged with `context()` (admission figures), so a stall leaves a trace.
 */
export function startLoopMonitor(opts: { log: Logger; windowMs?: number; warnMs?: number; context?: () => object }) {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  const ms = (ns: number) => Math.round(ns / 1e5) / 10
  let last: LoopDelay = { p50: 0, p99: 0, max: 0 }
  const timer = setInterval(() => {
    last = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }
    histogram.reset()
    if (last.max >= (opts.warnMs ?? 250)) opts.log.warn({ eventLoopDelay: last, ...opts.context?.() }, 'event loop stalled')
  }, opts.windowMs ?? 5000)
  timer.unref()
  return {
    last: () => last,
    stop() {
      clearInterval(timer)
      histogram.disable()
    },
  }
}

/**
 * The event loop's lag right now, ms: how late a `intervalMs` timer is, including the time it
 * is overdue at this moment (read from a request handler while the loop is behind, the timer
 * has not run yet). Cheap enough to read on every request.
 */
export function startLagProbe(intervalMs = 20) {
  let expected = performance.now() + intervalMs
  let last = 0
  const timer = setInterval(() => {
    const now = performance.now()
    last = Math.max(0, now - expected)
    expected = now + intervalMs
  }, intervalMs)
  timer.unref()
  return {
    lag: () => Math.max(last, performance.now() - expected),
    stop: () => clearInterval(timer),
  }
}
