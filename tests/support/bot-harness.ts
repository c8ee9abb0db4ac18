import type { TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
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

/** Polls until `check` holds (bounded: fails after `ms`); never asserts on elapsed time. */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, ms = 8000): Promise<NonNullable<T>> {
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

/** The app's configuration for a local Twitch: its application and base URLs. */
export const twitchEnv = (twitch: TwitchServer): Record<string, string> => ({
  TWITCH_CLIENT_ID: twitch.clientId,
  TWITCH_CLIENT_SECRET: twitch.clientSecret,
  TWITCH_API_URL: twitch.apiUrl,
  TWITCH_AUTH_URL: twitch.authUrl,
  TWITCH_EVENTSUB_WS_URL: twitch.eventSubUrl,
})
