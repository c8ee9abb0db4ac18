/**
 * Work kept for after the first page (the session sync, the search popup's chunk) waits for the
 * browser's report of that page's paint: a request started before it counts, in Lighthouse's
 * simulation, as work the page waited for (client/src/lib/first-page.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type Entries = { getEntries(): Array<{ startTime: number }> }
let observers: Array<(list: Entries) => void> = []
let now = 0

class FakeObserver {
  static supportedEntryTypes = ['largest-contentful-paint', 'paint']
  constructor(private readonly cb: (list: Entries) => void) {}
  observe() {
    observers.push(this.cb)
  }
  disconnect() {
    observers = observers.filter((o) => o !== this.cb)
  }
}

/** The browser reports a largest-contentful-paint candidate painted at `startTime`. */
const paint = (startTime: number) => {
  for (const o of [...observers]) o({ getEntries: () => [{ startTime }] })
}

async function load() {
  vi.resetModules()
  return import('../../../client/src/lib/first-page')
}

beforeEach(() => {
  vi.useFakeTimers()
  observers = []
  now = 1000
  vi.stubGlobal('performance', { now: () => now })
  vi.stubGlobal('PerformanceObserver', FakeObserver)
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('afterFirstPage', () => {
  it('runs once the browser reports a paint from the first page on, not for an earlier one', async () => {
    const { afterFirstPage, markFirstPageShown } = await load()
    const done = vi.fn()
    afterFirstPage(done)
    markFirstPageShown()
    paint(900) // the loading state's paint, before the page was shown
    await vi.advanceTimersByTimeAsync(10)
    expect(done).not.toHaveBeenCalled()
    paint(1016)
    expect(done).not.toHaveBeenCalled() // in a task after the report, not inside it
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toHaveBeenCalledTimes(1)
    expect(observers).toHaveLength(0)
    // Later callers run at once; a second report changes nothing.
    const later = vi.fn()
    afterFirstPage(later)
    expect(later).toHaveBeenCalledTimes(1)
    paint(2000)
    await vi.advanceTimersByTimeAsync(2000)
    expect(done).toHaveBeenCalledTimes(1)
  })

  it('runs a second later at the latest when no paint is reported (nothing larger was painted)', async () => {
    const { afterFirstPage, markFirstPageShown } = await load()
    const done = vi.fn()
    afterFirstPage(done)
    markFirstPageShown()
    await vi.advanceTimersByTimeAsync(999)
    expect(done).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await vi.advanceTimersByTimeAsync(1) // the task after it
    expect(done).toHaveBeenCalledTimes(1)
    expect(observers).toHaveLength(0)
  })

  it('waits two animation frames where the browser reports no largest-contentful-paint', async () => {
    vi.stubGlobal('PerformanceObserver', undefined)
    const frames: Array<() => void> = []
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb))
    const { afterFirstPage, markFirstPageShown } = await load()
    const done = vi.fn()
    const cancelled = vi.fn()
    afterFirstPage(done)
    afterFirstPage(cancelled)()
    markFirstPageShown()
    frames.shift()!()
    await vi.advanceTimersByTimeAsync(0)
    expect(done).not.toHaveBeenCalled()
    frames.shift()!()
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toHaveBeenCalledTimes(1)
    expect(cancelled).not.toHaveBeenCalled()
  })
})
