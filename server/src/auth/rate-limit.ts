/**
 * Counts failures per key in a fixed window. In memory, per process: a deployment with
 * several processes multiplies the allowance by their number (documented in the README).
 */
export class FailureLimiter {
  private readonly counts = new Map<string, { n: number; resetAt: number }>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  isBlocked(keys: string[]): boolean {
    const t = this.now()
    return keys.some((k) => {
      const e = this.counts.get(k)
      return e !== undefined && e.resetAt > t && e.n >= this.limit
    })
  }

  fail(keys: string[]): void {
    const t = this.now()
    if (this.counts.size >= this.maxKeys) this.sweep(t)
    for (const k of keys) {
      const e = this.counts.get(k)
      if (!e || e.resetAt <= t) this.counts.set(k, { n: 1, resetAt: t + this.windowMs })
      else e.n++
    }
  }

  reset(key: string): void {
    this.counts.delete(key)
  }

  private sweep(t: number) {
    for (const [k, e] of this.counts) if (e.resetAt <= t) this.counts.delete(k)
    // Still full of live entries: drop the oldest half rather than grow without bound.
    if (this.counts.size >= this.maxKeys) {
      let drop = Math.floor(this.maxKeys / 2)
      for (const k of this.counts.keys()) {
        if (drop-- <= 0) break
        this.counts.delete(k)
      }
    }
  }
}
