import { describe, expect, it } from 'vitest'
import { checkRange } from '../../../server/src/modules/analytics/analytics.service'
import { thankedNames } from '../../../server/src/modules/followers/followers.service'

describe('thank-you names', () => {
  it('names one, a few, or a few and the number of the others', () => {
    expect(thankedNames(['Ann'])).toBe('Ann')
    expect(thankedNames(['Ann', 'Bo'])).toBe('Ann and Bo')
    expect(thankedNames(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo and Cy')
    expect(thankedNames(['Ann', 'Bo', 'Cy', 'Di'])).toBe('Ann, Bo, Cy and 1 other')
    expect(thankedNames(Array.from({ length: 200 }, (_, i) => `Fan${i}`))).toBe('Fan0, Fan1, Fan2 and 197 others')
    expect(thankedNames(['x'.repeat(40)])).toHaveLength(25)
  })
})

describe('dashboard date ranges', () => {
  const now = new Date('2026-06-15T12:00:00Z')
  const at = (s: string) => new Date(s)
  it('accepts up to 400 days ending by tomorrow', () => {
    expect(() => checkRange({ from: at('2025-06-01T00:00:00Z'), to: at('2026-06-16T00:00:00Z') }, now)).not.toThrow()
  })
  it.each([
    ['start after end', '2026-06-10T00:00:00Z', '2026-06-01T00:00:00Z', /before the end/],
    ['before 2010', '2009-12-01T00:00:00Z', '2010-01-02T00:00:00Z', /before 2010/],
    ['in the future', '2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z', /future/],
    ['too long', '2024-01-01T00:00:00Z', '2026-06-01T00:00:00Z', /at most 400 days/],
  ])('refuses a range %s with BAD_USER_INPUT', (_name, from, to, message) => {
    expect(() => checkRange({ from: at(from), to: at(to) }, now)).toThrow(message)
    try {
      checkRange({ from: at(from), to: at(to) }, now)
    } catch (e) {
      expect((e as { code: string }).code).toBe('BAD_USER_INPUT')
    }
  })
})
