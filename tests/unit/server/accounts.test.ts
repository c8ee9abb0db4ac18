import { describe, expect, it } from 'vitest'
import { createSigner, deriveKey } from '../../../server/src/auth/signing'
import { CountCache } from '../../../server/src/db/count-cache'
import { generateLicenceKey, KEY_ALPHABET, maskLicenceKey, normalizeLicenceKey } from '../../../server/src/modules/licences/keys'
import { daysBetween, deriveLicence } from '../../../server/src/modules/users/user-view'

const KEY = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/

describe('licence keys', () => {
  it('are 16 symbols of an unambiguous alphabet in four groups, from the CSPRNG', () => {
    expect(KEY_ALPHABET).toHaveLength(32)
    expect(KEY_ALPHABET).not.toMatch(/[01IO]/)
    const keys = new Set(Array.from({ length: 2000 }, () => generateLicenceKey()))
    expect(keys.size).toBe(2000)
    for (const k of keys) expect(k).toMatch(KEY)
    expect(generateLicenceKey(() => Buffer.alloc(16, 0))).toBe('AAAA-AAAA-AAAA-AAAA')
    expect(generateLicenceKey(() => Buffer.alloc(16, 255))).toBe('9999-9999-9999-9999')
  })

  it('are read back whatever the case, spaces and dashes; anything else is no key', () => {
    expect(normalizeLicenceKey(' abcd efgh-jkmn pqrs ')).toBe('ABCD-EFGH-JKMN-PQRS')
    expect(normalizeLicenceKey('ABCD-EFGH-JKMN-PQR0')).toBeUndefined()
    expect(normalizeLicenceKey('ABCD')).toBeUndefined()
    expect(normalizeLicenceKey('x'.repeat(100))).toBeUndefined()
    expect(maskLicenceKey('ABCD-EFGH-JKMN-PQRS')).toBe('ABCD-****-****-****')
  })
})

describe('user list derivations (spec section 3)', () => {
  const licence = { id: 1, licensekey: 'ABCD-EFGH-JKMN-PQRS', totalDays: 30, licensebeginning: '2026-01-01' }

  it('counts whole UTC days', () => {
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(0)
    expect(daysBetween('2026-01-01', '2026-03-01')).toBe(59)
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2)
  })

  it('derives duration, durationTotal, status and licenseKey', () => {
    expect(deriveLicence('Starter', licence, true, '2026-01-11')).toEqual({
      licenseKey: 'ABCD-EFGH-JKMN-PQRS',
      duration: 20,
      durationTotal: 30,
      status: 'active',
    })
    expect(deriveLicence('Starter', licence, false, '2026-02-05')).toEqual({
      licenseKey: 'ABCD-EFGH-JKMN-PQRS',
      duration: -5,
      durationTotal: 30,
      status: 'inactive',
    })
    expect(deriveLicence('None', licence, true, '2026-01-11')).toEqual({ licenseKey: 'None', duration: 1, durationTotal: 1, status: false })
    // No licence runs: inactive, whatever the bot panel says (one definition of active, active-client.ts).
    expect(deriveLicence('Pro', null, true, '2026-01-11')).toEqual({ licenseKey: 'None', duration: 0, durationTotal: 0, status: 'inactive' })
  })
})

describe('CountCache', () => {
  it('counts once per key and window, shares a count in flight, and forgets on clear', async () => {
    let t = 0
    let calls = 0
    const cache = new CountCache(5000, () => t)
    const count = async () => ++calls
    const [a, b] = await Promise.all([cache.get('k', count), cache.get('k', count)])
    expect([a, b, calls]).toEqual([1, 1, 1])
    t = 4999
    expect(await cache.get('k', count)).toBe(1)
    t = 5000
    expect(await cache.get('k', count)).toBe(2)
    expect(await cache.get('other', count)).toBe(3)
    cache.clear()
    expect(await cache.get('k', count)).toBe(4)
  })

  it('does not keep a failed count, nor one that raced with a write', async () => {
    const cache = new CountCache(5000, () => 0)
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cache.get('k', async () => 7)).toBe(7)
    let release!: (n: number) => void
    const slow = cache.get('r', () => new Promise<number>((r) => (release = r)))
    cache.clear()
    release(1)
    expect(await slow).toBe(1)
    expect(await cache.get('r', async () => 2)).toBe(2)
  })
})

describe('link signing', () => {
  it('derives a key per purpose and verifies only what it signed', () => {
    const secret = 'a-secret-a-secret-a-secret-a-secret-0000'
    expect(deriveKey(secret, 'a').equals(deriveKey(secret, 'b'))).toBe(false)
    expect(deriveKey(secret, 'a')).toHaveLength(32)
    const s = createSigner(secret, 'x')
    expect(s.verify('data', s.sign('data'))).toBe(true)
    expect(s.verify('data', createSigner(secret, 'y').sign('data'))).toBe(false)
    expect(s.verify('data', createSigner('another-secret-another-secret-another', 'x').sign('data'))).toBe(false)
    expect(s.verify('data2', s.sign('data'))).toBe(false)
    expect(s.verify('data', '')).toBe(false)
    expect(s.verify('data', 'x'.repeat(500))).toBe(false)
  })
})
