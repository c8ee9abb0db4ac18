/**
 * Crash durability on PGlite (the default engine): kill -9 under a write load, restart on the
 * same data directory, every acknowledged write present. Two cycles here;
 * `npm run bench:durability` runs more and prints the figures.
 */
import { describe, expect, it } from 'vitest'
import { runCrashCycles } from '../support/crash-cycles'

describe('crash durability on PGlite', () => {
  it('keeps every acknowledged write across kill -9 and restart (2 cycles)', { timeout: 180_000 }, async () => {
    const cycles = await runCrashCycles({ cycles: 2, writesPerCycle: 15 })
    for (const c of cycles) {
      expect(c.acknowledged).toBeGreaterThanOrEqual(15)
      expect(c.lostUsers).toEqual([])
      expect(c.lostProfile).toBe(false)
      expect(Object.keys(c.failed).filter((k) => k !== '503 SERVICE_UNAVAILABLE')).toEqual([])
    }
  })
})
