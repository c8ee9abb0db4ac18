/** Time and timers, injectable so tests move the clock by hand. */
export interface Scheduler {
  /** Milliseconds since the epoch. */
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms)
    t.unref?.()
    return t
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}

/**
 * Exponential backoff with jitter ("equal jitter"): attempt n waits between half and all of
 * min(max, base × 2^(n-1)), so many bots dropped at once do not reconnect in step.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}

/**
 * At most `limit` tasks at once, the others waiting in order: the worker's channel (re)loads, so
 * starting a thousand bots does not open a thousand database queries at once on a pool of ten
 * (they would time out, and the starts fail).
 */
export function createGate(limit: number) {
  let active = 0
  const waiting: Array<() => void> = []
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
      else active++
      try {
        return await task()
      } finally {
        const next = waiting.shift()
        if (next) next()
        else active--
      }
    },
    get waiting() {
      return waiting.length
    },
  }
}
