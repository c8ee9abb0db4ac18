/**
 * At most `limit` jobs at once, the others waiting in order. A finishing job hands its slot
 * straight to the next waiter, so a job arriving meanwhile cannot slip in and exceed the limit.
 * Used to bound password hashing to the cores and the bot worker's channel (re)loads to what its
 * database pool can serve.
 */
export class Semaphore {
  private active = 0
  private readonly waiting: Array<() => void> = []
  constructor(private readonly limit: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.active++
    try {
      return await job()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}
