import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createPasswordHasher, isWeakPassword } from '../../../server/src/auth/passwords'
import { Semaphore } from '../../../server/src/semaphore'
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
  // What `openssl rand -base64 48` and `openssl rand -base64 32` print.
  const secret = randomBytes(48).toString('base64')
  const key = randomBytes(32).toString('base64')

  it('refuses to start in production without a signing secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError)
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: secret, CHANNEL_TOKEN_KEY: key })).not.toThrow()
  })

  it('requires a well-formed CHANNEL_TOKEN_KEY in production (platform tokens are encrypted with it)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: secret })).toThrow(/CHANNEL_TOKEN_KEY/)
    expect(() => loadConfig({ CHANNEL_TOKEN_KEY: 'too-short' })).toThrow(/CHANNEL_TOKEN_KEY/)
  })

  it.each([
    ['32 × "a"', 'a'.repeat(32)],
    ['"changeme" × 4', 'changeme'.repeat(4)],
    ['a short pattern', 'abc123'.repeat(8)],
    ['words and a year', 'MySuperSecretPasswordForTheDashboard2026!'],
    ['a long run', `${randomBytes(48).toString('base64')}aaaaaaaa`],
    ['too short for 256 bits', randomBytes(24).toString('base64')],
  ])('refuses a weak JWT_ACCESS_SECRET in production (%s) and says how to make one', (_name, weak) => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: weak, CHANNEL_TOKEN_KEY: key })).toThrow(
      /JWT_ACCESS_SECRET is too weak.*openssl rand -base64 48/,
    )
    // Development and tests take it.
    expect(() => loadConfig({ JWT_ACCESS_SECRET: weak.padEnd(32, 'x') })).not.toThrow()
  })

  it.each([['ab'.repeat(32)], ['0'.repeat(64)], [Buffer.alloc(32, 7).toString('base64')]])(
    'refuses a patterned CHANNEL_TOKEN_KEY in production (%s)',
    (weak) => {
      expect(() => loadConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: secret, CHANNEL_TOKEN_KEY: weak })).toThrow(
        /CHANNEL_TOKEN_KEY is too weak.*openssl rand -base64 32/,
      )
    },
  )

  it('takes random keys that happen to hold a short run or a typed-looking sequence', () => {
    // Both turn up in about 1 of 1,000 random hex keys: refusing them made generated keys fail at random.
    const key = `${randomBytes(27).toString('hex')}fffff12345`
    expect(key).toHaveLength(64)
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: secret, CHANNEL_TOKEN_KEY: key })).not.toThrow()
  })

  it('takes real random secrets every time (hex and base64, both variables)', () => {
    for (let i = 0; i < 200; i++) {
      const env = {
        NODE_ENV: 'production',
        JWT_ACCESS_SECRET: randomBytes(48).toString(i % 2 ? 'hex' : 'base64'),
        CHANNEL_TOKEN_KEY: randomBytes(32).toString(i % 2 ? 'hex' : 'base64'),
      }
      expect(() => loadConfig(env)).not.toThrow()
    }
  })

  it('has no demo accounts in production unless asked for twice', () => {
    const prod = { NODE_ENV: 'production', JWT_ACCESS_SECRET: secret, CHANNEL_TOKEN_KEY: key }
    expect(loadConfig(prod).DEMO).toBe(false)
    expect(loadConfig({}).DEMO).toBe(true)
    expect(() => loadConfig({ ...prod, DEMO: 'on' })).toThrow(/DEMO_IN_PRODUCTION=yes/)
    expect(loadConfig({ ...prod, DEMO: 'on', DEMO_IN_PRODUCTION: 'yes' }).DEMO).toBe(true)
  })

  it('takes CURRENCY as an ISO 4217 code (USD by default) and refuses anything else', () => {
    expect(loadConfig({}).CURRENCY).toBe('USD')
    expect(loadConfig({ CURRENCY: ' eur ' }).CURRENCY).toBe('EUR')
    expect(() => loadConfig({ CURRENCY: 'EURO' })).toThrow(/CURRENCY/)
    expect(() => loadConfig({ CURRENCY: 'XYZ' })).toThrow(/CURRENCY/)
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
