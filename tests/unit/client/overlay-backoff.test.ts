import { describe, expect, it } from 'vitest'
import { FIRST_PAUSE_MS, MAX_PAUSE_MS, reconnectPause } from '../../../client/src/features/alerts/overlay/backoff'

describe("the overlay's pause before reopening its feed", () => {
  it('is drawn at random up to a bound that doubles with each failure, capped at a minute', () => {
    const least = reconnectPause(0, () => 0)
    expect(least).toBeGreaterThan(0)
    // The bound after n failures: the pause with random() just below 1, less the least pause.
    const bound = (failures: number) => reconnectPause(failures, () => 0.999999) - least
    expect(bound(0)).toBeCloseTo(FIRST_PAUSE_MS, -1)
    expect(bound(1)).toBeCloseTo(2 * FIRST_PAUSE_MS, -1)
    expect(bound(3)).toBeCloseTo(8 * FIRST_PAUSE_MS, -1)
    expect(bound(20)).toBeCloseTo(MAX_PAUSE_MS, -1)
    expect(reconnectPause(3, () => 0.5)).toBe(least + 4 * FIRST_PAUSE_MS)
  })

  it('spreads a crowd: a thousand overlays failing together do not come back together', () => {
    const pauses = Array.from({ length: 1000 }, () => reconnectPause(0))
    const tenths = new Set(pauses.map((p) => Math.floor(p / 100)))
    // Over about a second, in tenths: nearly every tenth has some, none has most.
    expect(tenths.size).toBeGreaterThanOrEqual(9)
    const crowd = Math.max(...[...tenths].map((s) => pauses.filter((p) => Math.floor(p / 100) === s).length))
    expect(crowd).toBeLessThan(300)
  })
})
