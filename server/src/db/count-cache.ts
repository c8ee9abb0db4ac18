/**
 * Exact counts are the slow part of a paged list over a million rows, so a list's `total`
 * is cached per filter for a few seconds (per process): one count per filter and window,
 * shared by concurrent requests (single flight), dropped at once by this process's own
 * writes. Another process's writes show after at most `ttlMs`.
 */
export class CountCache {
  private readonly entries = new Map<string, { at: number; value: Promise<number> }>()
  private generation = 0

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 1000,
  ) {}

  get(key: string, count: () => Promise<number>): Promise<number> {
    const t = this.now()
    const hit = this.entries.get(key)
    if (hit && t - hit.at < this.ttlMs) return hit.value
    if (this.entries.size >= this.maxKeys) {
      for (const [k, e] of this.entries) if (t - e.at >= this.ttlMs) this.entries.delete(k)
      if (this.entries.size >= this.maxKeys) this.entries.clear()
    }
    const generation = this.generation
    const value = count()
    const entry = { at: t, value }
    this.entries.set(key, entry)
    // A failed count is not remembered; nor is one that raced with a write.
    value.then(
      () => {
        if (generation !== this.generation && this.entries.get(key) === entry) this.entries.delete(key)
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key)
      },
    )
    return value
  }

  /** Forgets every count (after a write that may change any of them). */
  clear(): void {
    this.generation++
    this.entries.clear()
  }
}
