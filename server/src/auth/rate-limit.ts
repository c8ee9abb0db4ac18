import { Redis } from 'ioredis'
import { AppError } from '../errors'
import type { Logger } from '../logger'
import { messages } from './messages'

/** One counter: hits since `since`, the last at `last`; it ends at `expiresAt` (ms, injected clock). */
export interface LimitRecord {
  count: number
  since: number
  last: number
  expiresAt: number
}

/**
 * Where the counters live. In memory for one process; in Redis (REDIS_URL) so that every
 * process of a deployment shares them. Times come from the caller's clock, never the store's.
 */
export interface LimitStore {
  readonly kind: 'memory' | 'redis'
  /** The live record of `key` at `now`, or null. */
  get(key: string, now: number): Promise<LimitRecord | null>
  /**
   * Counts one hit at `now`. A record that ended starts over. `sliding`: the record ends
   * `windowMs` after its last hit; otherwise `windowMs` after its first.
   */
  hit(key: string, now: number, windowMs: number, sliding: boolean): Promise<LimitRecord>
  delete(key: string): Promise<void>
  /**
   * A sliding log (the chat limit, modules/chat/chat-limits.ts): takes a slot of `key` at `now`
   * when fewer than the limit were taken in the `windowMs` before, else says in how many ms one
   * frees. The limit is `limit.set` (also kept with the key for the callers that do not know it,
   * for SLOT_LIMIT_TTL_MS), or the one kept, else `limit.fallback`.
   */
  takeSlot(key: string, now: number, windowMs: number, limit: SlotLimit): Promise<Slot>
  close(): Promise<void>
}

/** The limit of a sliding log: set by the caller that knows it, or the kept one with a fallback. */
export type SlotLimit = { set: number } | { fallback: number }

/** A slot taken (`waitMs` 0) or not, and the limit that applied. */
export interface Slot {
  taken: boolean
  waitMs: number
  limit: number
}

/** How long a limit set on a sliding log is kept without being set again. */
export const SLOT_LIMIT_TTL_MS = 24 * 3600_000

/** One key's sliding log in memory: the times of the slots taken (oldest first) and the limit kept. */
class SlotLog {
  sent: number[] = []
  limit: { value: number; until: number } | null = null

  take(now: number, windowMs: number, l: SlotLimit): Slot {
    while (this.sent.length && this.sent[0]! <= now - windowMs) this.sent.shift()
    if ('set' in l) this.limit = { value: l.set, until: now + SLOT_LIMIT_TTL_MS }
    else if (this.limit && this.limit.until <= now) this.limit = null
    const limit = 'set' in l ? l.set : (this.limit?.value ?? l.fallback)
    if (this.sent.length < limit) {
      this.sent.push(now)
      return { taken: true, waitMs: 0, limit }
    }
    return { taken: false, waitMs: Math.max(1, this.sent[this.sent.length - limit]! + windowMs - now), limit }
  }
}

const next = (old: LimitRecord | null | undefined, now: number, windowMs: number, sliding: boolean): LimitRecord => {
  const live = old && old.expiresAt > now ? old : null
  const since = live ? live.since : now
  return { count: (live?.count ?? 0) + 1, since, last: now, expiresAt: sliding ? now + windowMs : since + windowMs }
}

export class MemoryLimitStore implements LimitStore {
  readonly kind = 'memory' as const
  private readonly records = new Map<string, LimitRecord>()
  private readonly logs = new Map<string, SlotLog>()

  constructor(private readonly maxKeys = 100_000) {}

  async takeSlot(key: string, now: number, windowMs: number, limit: SlotLimit) {
    let log = this.logs.get(key)
    if (!log) {
      // One log per channel that sent in this process; the idle ones go when the map fills.
      if (this.logs.size >= this.maxKeys) for (const [k, l] of this.logs) if (!l.sent.some((t) => t > now - windowMs)) this.logs.delete(k)
      log = new SlotLog()
      this.logs.set(key, log)
    }
    return log.take(now, windowMs, limit)
  }

  async get(key: string, now: number) {
    const r = this.records.get(key)
    return r && r.expiresAt > now ? { ...r } : null
  }

  async hit(key: string, now: number, windowMs: number, sliding: boolean) {
    if (this.records.size >= this.maxKeys) this.sweep(now)
    const r = next(this.records.get(key), now, windowMs, sliding)
    this.records.delete(key) // re-inserted last: the map's order is the eviction order
    this.records.set(key, r)
    return { ...r }
  }

  async delete(key: string) {
    this.records.delete(key)
  }

  async close() {}

  get size() {
    return this.records.size
  }

  private sweep(now: number) {
    for (const [k, r] of this.records) if (r.expiresAt <= now) this.records.delete(k)
    // Still full of live records: drop the least recently hit half rather than grow without bound.
    let drop = this.records.size - Math.floor(this.maxKeys / 2)
    for (const k of this.records.keys()) {
      if (drop-- <= 0) break
      this.records.delete(k)
    }
  }
}

// One round trip, atomic across processes. Times are the caller's (ARGV), so a test clock
// drives it; Redis' own expiry only collects records some time after they ended.
const HIT_SCRIPT = `
local r = redis.call('HMGET', KEYS[1], 'count', 'since', 'exp')
local now = tonumber(ARGV[1])
local win = tonumber(ARGV[2])
local count = tonumber(r[1])
local since = tonumber(r[2])
local exp = tonumber(r[3])
if (not count) or exp <= now then
  count = 0
  since = now
end
count = count + 1
if ARGV[3] == '1' then exp = now + win else exp = since + win end
redis.call('HSET', KEYS[1], 'count', count, 'since', since, 'last', now, 'exp', exp)
redis.call('PEXPIRE', KEYS[1], math.max(exp - now, 0) + 60000)
return {count, since, now, exp}
`

// The sliding log: a sorted set of the slots' times (members unique per take) and, beside it,
// the limit the caller that knows it set. Both keys carry the same hash tag (Redis Cluster).
const SLOT_SCRIPT = `
local now = tonumber(ARGV[1])
local win = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
if limit then
  redis.call('SET', KEYS[2], limit, 'PX', ARGV[5])
else
  limit = tonumber(redis.call('GET', KEYS[2]) or ARGV[4])
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - win)
local n = redis.call('ZCARD', KEYS[1])
if n < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[6])
  redis.call('PEXPIRE', KEYS[1], win + 60000)
  return {1, 0, limit}
end
local oldest = redis.call('ZRANGE', KEYS[1], n - limit, n - limit, 'WITHSCORES')
return {0, math.max(1, tonumber(oldest[2]) + win - now), limit}
`
let slotSeq = 0

export class RedisLimitStore implements LimitStore {
  readonly kind = 'redis' as const
  private readonly redis: Redis

  constructor(
    url: string,
    private readonly prefix = 'channel-assistant:limit:',
    log?: Logger,
  ) {
    // Connects on first use (a worker process never counts anything); a slow Redis fails the
    // call within a second instead of holding the sign-in.
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, commandTimeout: 1000 })
    this.redis.on('error', (err: Error) => log?.warn({ err }, 'abuse limits: Redis error'))
  }

  /** Redis down: the limited call is refused as SERVICE_UNAVAILABLE (503), never let through unlimited. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The abuse limits store (Redis) did not answer; try again shortly.')
    }
  }

  get(key: string, now: number) {
    return this.call(async () => {
      const [count, since, last, exp] = await this.redis.hmget(this.prefix + key, 'count', 'since', 'last', 'exp')
      if (count === null || exp === null || Number(exp) <= now) return null
      return { count: Number(count), since: Number(since), last: Number(last), expiresAt: Number(exp) }
    })
  }

  hit(key: string, now: number, windowMs: number, sliding: boolean) {
    return this.call(async () => {
      const [count, since, last, exp] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, now, windowMs, sliding ? '1' : '0')) as number[]
      return { count: count!, since: since!, last: last!, expiresAt: exp! }
    })
  }

  async delete(key: string) {
    await this.call(() => this.redis.del(this.prefix + key))
  }

  takeSlot(key: string, now: number, windowMs: number, limit: SlotLimit) {
    return this.call(async () => {
      const k = `${this.prefix}{${key}}`
      const set = 'set' in limit ? String(limit.set) : ''
      const fallback = 'fallback' in limit ? String(limit.fallback) : ''
      const member = `${now}:${process.pid}:${++slotSeq}:${Math.random().toString(36).slice(2, 8)}`
      const [taken, waitMs, kept] = (await this.redis.eval(
        SLOT_SCRIPT,
        2,
        `${k}:slots`,
        `${k}:limit`,
        now,
        windowMs,
        set,
        fallback,
        SLOT_LIMIT_TTL_MS,
        member,
      )) as number[]
      return { taken: taken === 1, waitMs: waitMs!, limit: kept! }
    })
  }

  async close() {
    if (this.redis.status === 'wait' || this.redis.status === 'end') return this.redis.disconnect()
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}

export function createLimitStore(opts: { redisUrl?: string; log?: Logger; prefix?: string }): LimitStore {
  if (!opts.redisUrl) return new MemoryLimitStore()
  opts.log?.info('abuse limits kept in Redis')
  return new RedisLimitStore(opts.redisUrl, opts.prefix, opts.log)
}

/** RATE_LIMITED with the seconds to wait; both doors send them as `Retry-After`. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    fields?: Record<string, string[]>,
  ) {
    super('RATE_LIMITED', messages.tooManyAttempts, fields)
  }

  override toGraphQL() {
    const e = super.toGraphQL()
    const http = { status: this.status, headers: { 'Retry-After': String(this.retryAfterSeconds) } }
    Object.assign(e.extensions, { http, retryAfter: this.retryAfterSeconds })
    return e
  }
}

export const isRateLimited = (e: unknown): e is RateLimitedError => e instanceof RateLimitedError

export interface AbuseLimitSettings {
  /** Failures of one account from one address before delays start. */
  loginFreeFailures: number
  /** Failures are forgotten this long after the last one; also the longest delay. */
  loginWindowMs: number
  /** The first delay; each further failure doubles it. */
  loginBaseDelayMs: number
  /** Failures of one account from every address before unknown addresses are delayed. */
  loginAccountFreeFailures: number
  /** Failures from one address (over every account) before it is refused, except where it signed in before. */
  loginAddressLimit: number
  /** How long an address that signed in to an account stays "known" to it. */
  rememberMs: number
  /** Registrations per address, and attempts per e-mail, per hour. */
  registerPerAddress: number
  registerPerEmail: number
  /** Reset mails per e-mail, and requests per address, per hour. */
  resetPerEmail: number
  resetPerAddress: number
  /** Mails one account may cause per hour (invoices, invitations, mailbox, feedback replies, e-mail change notices). */
  mailPerAccount: number
}

const HOUR = 3600_000

export function abuseLimitSettings(config: {
  LOGIN_RATE_LIMIT: number
  LOGIN_RATE_WINDOW: number
  LOGIN_ACCOUNT_LIMIT: number
  LOGIN_ADDRESS_LIMIT: number
  REGISTER_RATE_LIMIT: number
  PASSWORD_RESET_RATE_LIMIT: number
  MAIL_RATE_LIMIT: number
}): AbuseLimitSettings {
  return {
    loginFreeFailures: config.LOGIN_RATE_LIMIT,
    loginWindowMs: config.LOGIN_RATE_WINDOW * 1000,
    loginBaseDelayMs: 1000,
    loginAccountFreeFailures: config.LOGIN_ACCOUNT_LIMIT,
    loginAddressLimit: config.LOGIN_ADDRESS_LIMIT,
    rememberMs: 30 * 24 * HOUR,
    registerPerAddress: config.REGISTER_RATE_LIMIT,
    registerPerEmail: Math.max(3, Math.ceil(config.REGISTER_RATE_LIMIT / 2)),
    resetPerEmail: config.PASSWORD_RESET_RATE_LIMIT,
    resetPerAddress: config.PASSWORD_RESET_RATE_LIMIT * 10,
    mailPerAccount: config.MAIL_RATE_LIMIT,
  }
}

/**
 * The abuse limits of sign-in, registration and password reset.
 *
 * Sign-in counts failures per (account, address) with growing delays: after
 * `loginFreeFailures` each failure doubles the wait (1 s, 2 s, 4 s … up to the window), so
 * a guesser from one address gets a handful of tries an hour, and the owner signing in from
 * another address is not affected. Failures of one account over every address (many
 * addresses guessing together) delay only addresses the account never signed in from; a
 * busy address (a NAT, an office) is refused only after `loginAddressLimit` failures over
 * many accounts, and even then not for accounts that signed in from it before.
 */
export class AbuseLimits {
  constructor(
    private readonly store: LimitStore,
    private readonly settings: AbuseLimitSettings,
    private readonly now: () => number,
  ) {}

  get kind() {
    return this.store.kind
  }

  private delayFor(count: number, free: number): number {
    if (count < free) return 0
    const { loginBaseDelayMs: base, loginWindowMs: max } = this.settings
    return Math.min(max, base * 2 ** Math.min(count - free, 40))
  }

  private blocked(until: number, t: number): number {
    return until > t ? Math.ceil((until - t) / 1000) : 0
  }

  private refuse(seconds: number, fields?: Record<string, string[]>): never {
    throw new RateLimitedError(Math.max(1, seconds), fields)
  }

  /** Throws RateLimitedError when this sign-in must wait; call before checking the password. */
  async checkLogin(account: string, address: string): Promise<void> {
    const t = this.now()
    const s = this.settings
    const fields = { email: [messages.tooManyAttempts] }
    const pair = await this.store.get(`login:pair:${address}|${account}`, t)
    if (pair) {
      const wait = this.blocked(pair.last + this.delayFor(pair.count, s.loginFreeFailures), t)
      if (wait) this.refuse(wait, fields)
    }
    if (await this.store.get(`login:known:${address}|${account}`, t)) return
    const [acct, addr] = await Promise.all([this.store.get(`login:account:${account}`, t), this.store.get(`login:address:${address}`, t)])
    if (acct) {
      const wait = this.blocked(acct.last + this.delayFor(acct.count, s.loginAccountFreeFailures), t)
      if (wait) this.refuse(wait, fields)
    }
    if (addr && addr.count >= s.loginAddressLimit) this.refuse(this.blocked(addr.expiresAt, t), fields)
  }

  async loginFailed(account: string, address: string): Promise<void> {
    const t = this.now()
    const w = this.settings.loginWindowMs
    await Promise.all([
      this.store.hit(`login:pair:${address}|${account}`, t, w, true),
      this.store.hit(`login:account:${account}`, t, w, true),
      this.store.hit(`login:address:${address}`, t, w, false),
    ])
  }

  /** Forgets the pair's failures and remembers the address for the account. */
  async loginSucceeded(account: string, address: string): Promise<void> {
    const t = this.now()
    await Promise.all([
      this.store.delete(`login:pair:${address}|${account}`),
      this.store.hit(`login:known:${address}|${account}`, t, this.settings.rememberMs, true),
    ])
  }

  /** Counts one registration attempt; throws RateLimitedError past the hourly limits. */
  async takeRegistration(email: string, address: string): Promise<void> {
    const s = this.settings
    await this.take(
      [
        [`register:address:${address}`, s.registerPerAddress],
        [`register:email:${email}`, s.registerPerEmail],
      ],
      { email: [messages.tooManyAttempts] },
    )
  }

  /** Counts one password-reset request; throws RateLimitedError past the hourly limits. */
  async takePasswordReset(email: string, address: string): Promise<void> {
    const s = this.settings
    await this.take([
      [`reset:address:${address}`, s.resetPerAddress],
      [`reset:email:${email}`, s.resetPerEmail],
    ])
  }

  /**
   * Counts one mail an account causes (to anyone, through the outbox or into a mailbox);
   * throws RateLimitedError past `mailPerAccount` an hour, so no account can use the
   * product's sender to flood an address or an inbox.
   */
  async takeMail(userId: number): Promise<void> {
    await this.take([[`mail:account:${userId}`, this.settings.mailPerAccount]])
  }

  /** Fixed hourly windows, counted in order (the address before the e-mail, so a refused address does not use up an e-mail's allowance). */
  private async take(limits: Array<[string, number]>, fields?: Record<string, string[]>) {
    const t = this.now()
    for (const [key, limit] of limits) {
      const r = await this.store.hit(key, t, HOUR, false)
      if (r.count > limit) this.refuse(this.blocked(r.expiresAt, t), fields)
    }
  }

  close() {
    return this.store.close()
  }
}
