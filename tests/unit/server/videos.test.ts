import { describe, expect, it } from 'vitest'
import { type AppError } from '../../../server/src/errors'
import { checkRange, MAX_RANGE_DAYS, parseHelixDuration } from '../../../server/src/modules/videos/videos.service'

const NOW = new Date('2026-05-10T12:00:00Z')
const DAY = 86_400_000
const codeOf = (f: () => unknown) => {
  try {
    f()
  } catch (e) {
    return (e as AppError).code
  }
  return null
}

describe('videos: Helix durations and date ranges', () => {
  it('reads Helix video durations', () => {
    expect(parseHelixDuration('1h2m3s')).toBe(3723)
    expect(parseHelixDuration('45m')).toBe(2700)
    expect(parseHelixDuration('9s')).toBe(9)
    expect(parseHelixDuration('nonsense')).toBe(0)
  })

  it('defaults to the last days up to now, and keeps a valid range as given', () => {
    expect(checkRange({}, NOW, 30)).toEqual({ from: new Date(NOW.getTime() - 30 * DAY), to: NOW })
    const from = new Date('2026-01-01T00:00:00Z')
    expect(checkRange({ from: from.toISOString(), to: NOW }, NOW, 30)).toEqual({ from, to: NOW })
  })

  it('refuses bad dates, reversed, too long and out-of-range ranges with BAD_USER_INPUT', () => {
    const bad = [
      { from: 'yesterday' },
      { from: NOW, to: new Date(NOW.getTime() - DAY) },
      { from: new Date(NOW.getTime() - (MAX_RANGE_DAYS + 1) * DAY), to: NOW },
      { from: '2010-01-01T00:00:00Z', to: '2010-02-01T00:00:00Z' },
      { from: NOW, to: new Date(NOW.getTime() + 3 * DAY) },
    ]
    for (const range of bad)
      expect(
        codeOf(() => checkRange(range, NOW, 30)),
        JSON.stringify(range),
      ).toBe('BAD_USER_INPUT')
  })
})
