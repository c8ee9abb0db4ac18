import { and, asc, eq } from 'drizzle-orm'
import { chatMessages } from '../../server/src/modules/chat/chat.tables'
import { createLogger } from '../../server/src/logger'
import { createBotWorker, type BotWorker } from '../../server/src/worker/bot-worker'
import type { TestApp } from './test-app'
import type { Scheduler } from '../../server/src/worker/scheduler'
import type { TestClock } from './test-app'

/** Timers on the test clock: nothing fires until the test advances it. */
export class ManualScheduler implements Scheduler {
  private seq = 0
  private timers = new Map<number, { at: number; fn: () => void }>()

  constructor(private readonly clock: TestClock) {}

  now = () => this.clock.t

  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq
    this.timers.set(id, { at: this.clock.t + Math.max(0, ms), fn })
    return id
  }

  clearTimeout = (h: unknown) => {
    this.timers.delete(h as number)
  }

  get pending() {
    return this.timers.size
  }

  /**
   * Whether a timer is set to fire exactly `ms` from now: the code under test has armed it, so
   * moving the clock by `ms` fires it (waited for instead of a fixed pause before `advance`).
   */
  armedFor(ms: number): boolean {
    const at = this.clock.t + ms
    for (const timer of this.timers.values()) if (timer.at === at) return true
    return false
  }

  /** Moves the clock by `ms`, firing due timers in order (each gets a moment for its I/O). */
  async advance(ms: number) {
    const target = this.clock.t + ms
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined
      for (const e of this.timers) if (e[1].at <= target && (!next || e[1].at < next[1].at)) next = e
      if (!next) break
      this.timers.delete(next[0])
      this.clock.t = Math.max(this.clock.t, next[1].at)
      next[1].fn()
      await new Promise((r) => setTimeout(r, 5))
    }
    this.clock.t = target
  }
}

/**
 * Polls until `check` holds (bounded: fails after `ms`); never asserts on elapsed time. The
 * bound only ends a test that would hang: 20 s, since with two test files at a time a Kick
 * connection once took longer than the former 8 s on CI.
 */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, ms = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms
  let last: unknown
  for (;;) {
    try {
      const v = await check()
      if (v) return v as NonNullable<T>
    } catch (e) {
      last = e
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Reads a yoga SSE response until `match` returns something for one of its events. */
export async function readSse<T>(res: Response, match: (data: any) => T | undefined, ms = 8000): Promise<T> {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const deadline = Date.now() + ms
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ done: true; value: undefined }>((r) => setTimeout(() => r({ done: true, value: undefined }), Math.max(1, deadline - Date.now()))),
      ])
      if (chunk.done) break
      buffer += decoder.decode(chunk.value, { stream: true })
      let i: number
      while ((i = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, i)
        buffer = buffer.slice(i + 2)
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join('\n')
        if (!data) continue
        const found = match(JSON.parse(data))
        if (found !== undefined) return found
      }
    }
    throw new Error('no matching SSE event')
  } finally {
    await reader.cancel().catch(() => {})
  }
}

/** The bot worker on a test app, driven by a manual scheduler (timers move with the app's clock). */
export async function startTestWorker(t: TestApp): Promise<{ worker: BotWorker; scheduler: ManualScheduler }> {
  const scheduler = new ManualScheduler(t.clock)
  const worker = createBotWorker({ services: t.services, config: t.config, log: createLogger('silent'), scheduler, random: () => 0.5 })
  await worker.start()
  return { worker, scheduler }
}

/** Stops the worker, pub/sub and the app (each may be missing when set-up failed). */
export async function stopTestApp(t: TestApp | undefined, worker: BotWorker | undefined): Promise<void> {
  await worker?.stop()
  await t?.services.realtime.close()
  await t?.close()
}

/** What the bot said in a channel's chat, as stored (oldest first). */
export async function botLinesOf(t: TestApp, channelId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ text: chatMessages.text })
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, channelId), eq(chatMessages.fromBot, true)))
    // In the order they were stored: without it PostgreSQL may return an updated row last.
    .orderBy(asc(chatMessages.id))
  return rows.map((l) => l.text)
}
