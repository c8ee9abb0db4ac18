import { describe, expect, it } from 'vitest'
import { createPasswordHasher, isWeakPassword, Semaphore } from '../../../server/src/auth/passwords'
import { ConfigError, loadConfig } from '../../../server/src/config'

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters by default (19 MiB, t=2, p=1)', async () => {
    const config = loadConfig({})
    const hasher = createPasswordHasher({ memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_ITERATIONS })
    const h = await hasher.hash('correct horse battery')
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await hasher.verify(h, 'correct horse battery')).toBe(true)
    expect(await hasher.verify(h, 'wrong')).toBe(false)
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false)
    expect(await hasher.verifyDummy('anything')).toBe(false)
  })

  it.each([
    ['short', true],
    ['aaaaaaaaaaaa', true],
    ['Password', true],
    ['x'.repeat(129), true],
    ['a-good-passphrase', false],
  ])('isWeakPassword(%s) is %s', (pw, weak) => {
    expect(isWeakPassword(pw)).toBe(weak)
  })
})

describe('Semaphore', () => {
  it('never runs more jobs at once than its limit', async () => {
    const gate = new Semaphore(2)
    let running = 0
    let peak = 0
    const job = () =>
      gate.run(async () => {
        running++
        peak = Math.max(peak, running)
        await new Promise((r) => setTimeout(r, 5))
        running--
      })
    await Promise.all(Array.from({ length: 10 }, job))
    expect(peak).toBe(2)
  })
})

describe('config', () => {
  it('refuses to start in production without a signing secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError)
    const key = 'ab'.repeat(32)
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: 'x'.repeat(40), CHANNEL_TOKEN_KEY: key })).not.toThrow()
  })

  it('requires a well-formed CHANNEL_TOKEN_KEY in production (platform tokens are encrypted with it)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: 'x'.repeat(40) })).toThrow(/CHANNEL_TOKEN_KEY/)
    expect(() => loadConfig({ CHANNEL_TOKEN_KEY: 'too-short' })).toThrow(/CHANNEL_TOKEN_KEY/)
  })

  it('rejects bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/)
    expect(() => loadConfig({ JWT_ACCESS_SECRET: 'short' })).toThrow(/JWT_ACCESS_SECRET/)
  })

  it('reads DEMO=off as false and defaults the token lifetimes to the spec', () => {
    const c = loadConfig({ DEMO: 'off' })
    expect(c.DEMO).toBe(false)
    expect([c.ACCESS_TOKEN_TTL, c.REFRESH_TOKEN_IDLE_TTL, c.REFRESH_TOKEN_ABSOLUTE_TTL]).toEqual([600, 600, 43200])
  })
})
