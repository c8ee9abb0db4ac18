import { randomUUID } from 'node:crypto'
import type { Logger } from '../logger'
import type { CacheInvalidation, Realtime } from './pubsub'

type What = CacheInvalidation['what']

/**
 * Cache invalidation across processes. A write drops this process's caches at once (`changed`
 * runs the local handlers before returning) and, with the pub/sub in Redis (REDIS_URL),
 * publishes on `cacheInvalidation` so every other server process drops the same entries when
 * the message arrives: a role change or a new user made through one process is seen by the
 * others within a pub/sub round trip, not only when their cache entries expire. In memory (one
 * process) nothing is published. A lost message (Redis down) costs at most the caches' own
 * lifetimes (PRINCIPAL_CACHE_MS, COUNT_CACHE_TTL, PLANS_CACHE_MS).
 */
export function createInvalidations(realtime: Realtime, log: Logger) {
  const origin = randomUUID()
  const handlers = new Map<What, Array<() => void>>()
  const run = (what: What) => {
    for (const h of handlers.get(what) ?? []) h()
  }
  let listening: { return?: () => unknown } | null = null
  if (realtime.kind === 'redis') {
    const events = realtime.pubsub.subscribe('cacheInvalidation')[Symbol.asyncIterator]()
    listening = events
    void (async () => {
      for (;;) {
        const next = await events.next()
        if (next.done) return
        if (next.value.origin !== origin) run(next.value.what)
      }
    })().catch((e: unknown) => log.warn({ err: e }, 'cache invalidations: listener ended'))
  }
  return {
    /** Runs `handler` whenever `what` changed, in this process or (through Redis) in another. */
    on(what: What, handler: () => void) {
      handlers.set(what, [...(handlers.get(what) ?? []), handler])
    },
    /** `what` changed here: drop it in this process now, and in every other one. */
    changed(what: What) {
      run(what)
      if (realtime.kind === 'redis') realtime.pubsub.publish('cacheInvalidation', { origin, what })
    },
    close() {
      void listening?.return?.()
    },
  }
}

export type Invalidations = ReturnType<typeof createInvalidations>
