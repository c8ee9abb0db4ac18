import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { AbuseLimits, MemoryLimitStore, RateLimitedError, RedisLimitStore, abuseLimitSettings, type LimitStore } from '../../../server/src/auth/rate-limit'
import { loadConfig } from '../../../server/src/config'

const redisUrl = process.env.TEST_REDIS_URL

const stores: Array<[string, () => LimitStore, boolean]> = [
  ['memory', () => new MemoryLimitStore(), true],
  ['redis', () => new RedisLimitStore(redisUrl!, `test-${randomUUID()}:`), Boolean(redisUrl)],
]

/** The seconds a refused call asks to wait, or 0 when it passed. */
async function waitOf(p: Promise<void>): Promise<number> {
  try {
    await p
    return 0
  } catch (e) {
    if (e instanceof RateLimitedError) return e.retryAfterSeconds
    throw e
  }
}

describe.each(stores)('abuse limits in the %s store', (_kind, make, available) => {
  const opened: LimitStore[] = []
  const open = () => {
    const s = make()
    opened.push(s)
    return s
  }
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()))
  })

  describe.skipIf(!available)('', () => {
    it('counts hits in fixed and sliding windows by the injected clock', async () => {
      const store = open()
      expect(await store.get('k', 0)).toBeNull()
      expect(await store.hit('k', 0, 1000, false)).toEqual({ count: 1, since: 0, last: 0, expiresAt: 1000 })
      expect(await store.hit('k', 600, 1000, false)).toEqual({ count: 2, since: 0, last: 600, expiresAt: 1000 })
      expect(await store.get('k', 999)).toMatchObject({ count: 2 })
      expect(await store.get('k', 1000)).toBeNull()
      expect(await store.hit('k', 1000, 1000, false)).toMatchObject({ count: 1, since: 1000 })
      // Sliding: each hit moves the end.
      await store.hit('s', 0, 1000, true)
      expect(await store.hit('s', 900, 1000, true)).toMatchObject({ count: 2, expiresAt: 1900 })
      await store.delete('s')
      expect(await store.get('s', 901)).toBeNull()
    })

    it('keeps a sliding log per key (the chat limit): a limit set is used by the callers that do not know it', async () => {
      const store = open()
      const take = (at: number, limit: { set: number } | { fallback: number }) => store.takeSlot('chat:1', at, 30_000, limit)
      expect(await take(0, { fallback: 20 })).toEqual({ taken: true, waitMs: 0, limit: 20 })
      expect(await take(1, { set: 3 })).toEqual({ taken: true, waitMs: 0, limit: 3 })
      expect(await take(10_000, { fallback: 20 })).toEqual({ taken: true, waitMs: 0, limit: 3 })
      // Full: the oldest slot frees 30 s after it was taken; a slot is over any 30 s, not a fixed window.
      expect(await take(20_000, { fallback: 20 })).toEqual({ taken: false, waitMs: 10_000, limit: 3 })
      expect(await take(30_000, { fallback: 20 })).toEqual({ taken: true, waitMs: 0, limit: 3 })
      expect(await take(30_000, { set: 3 })).toEqual({ taken: false, waitMs: 1, limit: 3 })
      // Other keys count on their own.
      expect(await store.takeSlot('chat:2', 30_000, 30_000, { fallback: 1 })).toEqual({ taken: true, waitMs: 0, limit: 1 })
    })

    const settings = abuseLimitSettings(loadConfig({}))
    const limits = (t: { now: number }) => new AbuseLimits(open(), settings, () => t.now)
    const owner = 'owner@example.com'

    it('delays an attacker growingly per (account, address) and keeps the owner at their usual address signing in', async () => {
      const t = { now: Date.UTC(2026, 0, 1) }
      const l = limits(t)
      // The owner signed in from home before.
      await l.checkLogin(owner, 'home')
      await l.loginSucceeded(owner, 'home')
      // Ten wrong passwords from the attacker's address.
      const waits: number[] = []
      for (let i = 0; i < 10; i++) {
        const wait = await waitOf(l.checkLogin(owner, 'attacker'))
        waits.push(wait)
        if (wait) t.now += wait * 1000
        await l.loginFailed(owner, 'attacker')
      }
      // Five free tries (LOGIN_RATE_LIMIT), then 1 s, 2 s, 4 s, 8 s, 16 s, 32 s …
      expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16])
      expect(await waitOf(l.checkLogin(owner, 'attacker'))).toBe(32)
      // The owner at home is not held up, and neither is the owner from a new address.
      expect(await waitOf(l.checkLogin(owner, 'home'))).toBe(0)
      expect(await waitOf(l.checkLogin(owner, 'cafe'))).toBe(0)
      // The delay never exceeds the window, and the failures are forgotten after it.
      for (let i = 0; i < 30; i++) await l.loginFailed(owner, 'attacker')
      expect(await waitOf(l.checkLogin(owner, 'attacker'))).toBe(settings.loginWindowMs / 1000)
      t.now += settings.loginWindowMs
      expect(await waitOf(l.checkLogin(owner, 'attacker'))).toBe(0)
    })

    it('delays unknown addresses once an account failed from many, but not the addresses it signed in from', async () => {
      const t = { now: Date.UTC(2026, 0, 1) }
      const l = limits(t)
      await l.loginSucceeded(owner, 'home')
      for (let i = 0; i < settings.loginAccountFreeFailures; i++) await l.loginFailed(owner, `bot-${i}`)
      expect(await waitOf(l.checkLogin(owner, 'bot-new'))).toBe(1)
      expect(await waitOf(l.checkLogin(owner, 'home'))).toBe(0)
      expect(await waitOf(l.checkLogin('someone-else@example.com', 'bot-new'))).toBe(0)
    })

    it('refuses a busy address only after many failures over many accounts, and never for accounts that signed in from it', async () => {
      const t = { now: Date.UTC(2026, 0, 1) }
      const l = limits(t)
      await l.loginSucceeded('colleague@example.com', 'office-nat')
      // Users behind one NAT mistyping now and then: far below the ceiling, nobody is refused.
      for (let i = 0; i < 40; i++) await l.loginFailed(`user-${i}@example.com`, 'office-nat')
      expect(await waitOf(l.checkLogin('user-41@example.com', 'office-nat'))).toBe(0)
      // Stuffing many accounts from it reaches the ceiling.
      for (let i = 40; i < settings.loginAddressLimit; i++) await l.loginFailed(`user-${i}@example.com`, 'office-nat')
      expect(await waitOf(l.checkLogin('user-new@example.com', 'office-nat'))).toBeGreaterThan(0)
      expect(await waitOf(l.checkLogin('colleague@example.com', 'office-nat'))).toBe(0)
      expect(await waitOf(l.checkLogin('user-new@example.com', 'elsewhere'))).toBe(0)
    })

    it('limits registrations and reset requests per address and per e-mail for an hour', async () => {
      const t = { now: Date.UTC(2026, 0, 1) }
      const l = limits(t)
      const regs: number[] = []
      for (let i = 0; i < settings.registerPerAddress + 1; i++) regs.push(await waitOf(l.takeRegistration(`new-${i}@example.com`, 'a1')))
      expect(regs.slice(0, -1).every((w) => w === 0)).toBe(true)
      expect(regs.at(-1)).toBe(3600)
      expect(await waitOf(l.takeRegistration('new-x@example.com', 'a2'))).toBe(0)

      const resets: number[] = []
      for (let i = 0; i < settings.resetPerEmail + 1; i++) resets.push(await waitOf(l.takePasswordReset(owner, `addr-${i}`)))
      expect(resets).toEqual([...Array(settings.resetPerEmail).fill(0), 3600])
      t.now += 1800_000
      expect(await waitOf(l.takePasswordReset(owner, 'addr-x'))).toBe(1800)
      t.now += 1800_000
      expect(await waitOf(l.takePasswordReset(owner, 'addr-x'))).toBe(0)
    })
  })
})

describe.skipIf(!redisUrl)('abuse limits through Redis', () => {
  it('are shared by two processes', async () => {
    const prefix = `test-${randomUUID()}:`
    const a = new RedisLimitStore(redisUrl!, prefix)
    const b = new RedisLimitStore(redisUrl!, prefix)
    try {
      const settings = abuseLimitSettings(loadConfig({}))
      const t = { now: Date.UTC(2026, 0, 1) }
      const first = new AbuseLimits(a, settings, () => t.now)
      const second = new AbuseLimits(b, settings, () => t.now)
      for (let i = 0; i < settings.loginFreeFailures; i++) await (i % 2 ? first : second).loginFailed('x@example.com', 'addr')
      expect(await waitOf(first.checkLogin('x@example.com', 'addr'))).toBe(1)
      expect(await waitOf(second.checkLogin('x@example.com', 'addr'))).toBe(1)
      // One account's mails count over both processes: the allowance is for the deployment, not per process.
      for (let i = 0; i < settings.mailPerAccount; i++) await (i % 2 ? first : second).takeMail(7)
      expect(await waitOf(first.takeMail(7))).toBe(3600)
      expect(await waitOf(second.takeMail(8))).toBe(0)
    } finally {
      await a.close()
      await b.close()
    }
  })
})

describe('the mail allowance', () => {
  it('counts each account on its own, per fixed hour', async () => {
    const t = { now: Date.UTC(2026, 0, 1) }
    const settings = abuseLimitSettings(loadConfig({ MAIL_RATE_LIMIT: '3' }))
    const limits = new AbuseLimits(new MemoryLimitStore(), settings, () => t.now)
    for (let i = 0; i < 3; i++) expect(await waitOf(limits.takeMail(1))).toBe(0)
    t.now += 600_000
    expect(await waitOf(limits.takeMail(1))).toBe(3000)
    expect(await waitOf(limits.takeMail(2))).toBe(0)
    t.now += 3000_000
    expect(await waitOf(limits.takeMail(1))).toBe(0)
  })
})

describe('the memory store', () => {
  it('stays bounded', async () => {
    const store = new MemoryLimitStore(100)
    for (let i = 0; i < 1000; i++) await store.hit(`k${i}`, 0, 1_000_000, false)
    expect(store.size).toBeLessThanOrEqual(100)
  })
})

describe('a Redis store that cannot be reached', () => {
  it('refuses the limited call as SERVICE_UNAVAILABLE rather than letting it through unlimited', { timeout: 20_000 }, async () => {
    // Port 1 on the loopback: nothing listens there.
    const store = new RedisLimitStore('redis://127.0.0.1:1')
    try {
      const limits = new AbuseLimits(store, abuseLimitSettings(loadConfig({})), () => 0)
      await expect(limits.checkLogin('x@example.com', 'addr')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    } finally {
      await store.close()
    }
  })
})
