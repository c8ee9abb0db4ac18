import { Redis } from 'ioredis'
import type { Logger } from '../../logger'

/**
 * The places of an overlay's open streams over every server process (REDIS_URL): one sorted set
 * per overlay and kind, a member per open stream scored with the moment its place expires.
 * Taking a place first drops the expired ones, so a process that died without giving its
 * places back frees them after `ttlMs`; the process holding a stream renews it (overlay-hub.ts,
 * with its keep-alive ping) well before that. Times are Redis' own clock (TIME), so processes
 * whose clocks differ still agree.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
`
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1
`

export interface OverlaySlots {
  /** A place for stream `id` in `scope` unless `max` are taken over all processes. */
  take(scope: string, id: string, max: number): Promise<boolean>
  /** Keeps the places of these open streams (per scope). */
  renew(held: Map<string, string[]>): Promise<void>
  give(scope: string, id: string): Promise<void>
  close(): Promise<void>
}

export function createRedisOverlaySlots(opts: { url: string; log: Logger; ttlMs: number; prefix?: string }): OverlaySlots {
  const prefix = opts.prefix ?? 'channel-assistant:overlay-open:'
  const redis = new Redis(opts.url, { lazyConnect: true, maxRetriesPerRequest: 2, commandTimeout: 1000 })
  redis.on('error', (err: Error) => opts.log.warn({ err: err.message }, 'overlay places: Redis error'))
  const ttl = String(opts.ttlMs)
  return {
    async take(scope, id, max) {
      return (await redis.eval(TAKE, 1, prefix + scope, String(max), ttl, id)) === 1
    },
    async renew(held) {
      if (held.size === 0) return
      const batch = redis.pipeline()
      for (const [scope, ids] of held) if (ids.length) batch.eval(RENEW, 1, prefix + scope, ttl, ...ids)
      await batch.exec()
    },
    async give(scope, id) {
      await redis.zrem(prefix + scope, id)
    },
    async close() {
      if (redis.status === 'wait' || redis.status === 'end') return redis.disconnect()
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
