import { describe, expect, it } from 'vitest'
import { AdmissionController, needsAdmission, type AdmissionOptions } from '../../../server/src/http/admission'
import { isAppError } from '../../../server/src/errors'

/** A controller on a hand-moved clock whose timers fire only when the test says so; `lag` is the loop lag it reads. */
function setup(maxInflight: number, maxQueue: number, maxWaitMs = 100, more: Partial<AdmissionOptions> = {}) {
  let t = 0
  const timers: Array<{ at: number; fn: () => void; live: boolean }> = []
  const controller = new AdmissionController({
    maxInflight,
    maxQueue,
    maxWaitMs,
    queueTargetMs: maxWaitMs,
    retryAfterSeconds: 1,
    ...more,
    now: () => t,
    setTimer: (fn, ms) => {
      const timer = { at: t + ms, fn, live: true }
      timers.push(timer)
      return () => {
        timer.live = false
      }
    },
  })
  const advance = (ms: number) => {
    t += ms
    for (const timer of timers) {
      if (!timer.live || timer.at > t) continue
      timer.live = false
      timer.fn()
    }
  }
  return { controller, advance }
}

const settle = () => new Promise((r) => setImmediate(r))
const codeOf = (e: unknown) => (isAppError(e) ? e.code : String(e))

describe('AdmissionController', () => {
  it('admits up to maxInflight at once, queues up to maxQueue, refuses the rest with OVERLOADED', async () => {
    const { controller } = setup(2, 1)
    const a = await controller.acquire()
    await controller.acquire()
    const queued = controller.acquire()
    await expect(controller.acquire()).rejects.toSatisfy((e) => codeOf(e) === 'OVERLOADED')
    expect(controller.snapshot()).toMatchObject({ inflight: 2, queued: 1, refused: 1 })
    a()
    const c = await queued
    expect(controller.snapshot()).toMatchObject({ inflight: 2, queued: 0, admitted: 3 })
    c()
    expect(controller.snapshot().inflight).toBe(1)
  })

  it('serves the queue first come, first served', async () => {
    const { controller } = setup(1, 3)
    const first = await controller.acquire()
    const order: number[] = []
    const waiters = [1, 2, 3].map((n) => controller.acquire().then((release) => (order.push(n), release)))
    first()
    for (const w of waiters) (await w)()
    expect(order).toEqual([1, 2, 3])
  })

  it('refuses a queued request once it has waited maxWaitMs, and it no longer takes a place', async () => {
    const { controller, advance } = setup(1, 1, 100)
    const held = await controller.acquire()
    const waiting = controller.acquire()
    advance(99)
    await settle()
    expect(controller.snapshot().queued).toBe(1)
    advance(1)
    await expect(waiting).rejects.toSatisfy((e) => codeOf(e) === 'OVERLOADED')
    expect(controller.snapshot()).toMatchObject({ queued: 0, timedOut: 1, inflight: 1 })
    held()
    expect(controller.snapshot().inflight).toBe(0)
  })

  it('refuses a waiter that is past its deadline when a slot frees before its timer ran (busy loop)', async () => {
    let t = 0
    const controller = new AdmissionController({
      maxInflight: 1,
      maxQueue: 2,
      maxWaitMs: 50,
      queueTargetMs: 50,
      retryAfterSeconds: 1,
      now: () => t,
      setTimer: () => () => {},
    })
    const held = await controller.acquire()
    const late = controller.acquire()
    t = 40
    const fresh = controller.acquire()
    t = 60
    held()
    await expect(late).rejects.toSatisfy((e) => codeOf(e) === 'OVERLOADED')
    const release = await fresh
    expect(controller.snapshot()).toMatchObject({ inflight: 1, queued: 0, timedOut: 1 })
    release()
  })

  it('releasing twice frees one slot only', async () => {
    const { controller } = setup(2, 0)
    const a = await controller.acquire()
    await controller.acquire()
    a()
    a()
    expect(controller.snapshot().inflight).toBe(1)
  })

  it('with maxQueue 0, refuses at once when every slot is taken', async () => {
    const { controller } = setup(1, 0)
    await controller.acquire()
    await expect(controller.acquire()).rejects.toSatisfy((e) => codeOf(e) === 'OVERLOADED')
  })
})

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'admitted',
    (e: unknown) => codeOf(e),
  )

describe('AdmissionController sheds a standing queue only (CoDel-style)', () => {
  it('a queue that drains within the target sheds nothing, however long it stands (closed-loop clients)', async () => {
    const { controller, advance } = setup(2, 10, 1000, { queueTargetMs: 50, intervalMs: 100 })
    let running = [await controller.acquire(), await controller.acquire()]
    let waiting = [controller.acquire(), controller.acquire(), controller.acquire()]
    // Five seconds of clients that send again as soon as they are answered: each waits 40 ms.
    for (let step = 0; step < 125; step++) {
      advance(40)
      for (const release of running) release()
      running = await Promise.all(waiting.slice(0, 2))
      waiting = [waiting[2]!, controller.acquire(), controller.acquire()]
    }
    expect(controller.snapshot()).toMatchObject({ refused: 0, standing: 0, timedOut: 0, queued: 3 })
  })

  it('a queue standing above the target for an interval refuses arrivals at once, until it drains', async () => {
    const { controller, advance } = setup(1, 10, 1000, { queueTargetMs: 50, intervalMs: 100 })
    const held = await controller.acquire()
    const first = controller.acquire()
    advance(60) // the head waited past the target, but the queue has not stood for an interval
    const second = controller.acquire()
    advance(40)
    await expect(controller.acquire()).rejects.toSatisfy((e) => codeOf(e) === 'OVERLOADED')
    expect(controller.snapshot()).toMatchObject({ standing: 1, refused: 1, queued: 2 })
    held()
    const firstRelease = await first // it waited 100 ms, past the target: the queue still stands
    advance(20)
    expect(await refusal(controller.acquire())).toBe('OVERLOADED') // `second` has waited 60 ms
    firstRelease()
    ;(await second)() // the queue has drained: arrivals are admitted at once again
    ;(await controller.acquire())()
    expect(controller.snapshot()).toMatchObject({ standing: 2, inflight: 0, queued: 0 })
  })
})

describe('AdmissionController and the event loop', () => {
  const lagging = (lag: () => number, more: Partial<AdmissionOptions> = {}) =>
    setup(1, 10, 1000, { queueTargetMs: 500, intervalMs: 100, maxLoopLagMs: 150, loopLag: lag, ...more })

  it('a lagging loop with nobody queued refuses nothing (a busy machine, a GC pause is no overload)', async () => {
    const { controller, advance } = lagging(() => 1000)
    for (let i = 0; i < 20; i++) {
      ;(await controller.acquire())()
      advance(50)
    }
    expect(controller.snapshot()).toMatchObject({ admitted: 20, refused: 0, lagging: 0 })
  })

  it('refuses for lag only while requests have been queued for the interval, and admits again once the queue drains', async () => {
    let lag = 1000
    const { controller, advance } = lagging(() => lag)
    const held = await controller.acquire()
    const queued = controller.acquire()
    advance(99)
    const alsoQueued = controller.acquire() // queued for 99 ms only: one sample of lag is not enough
    advance(1)
    await expect(controller.acquire()).rejects.toSatisfy((e) => codeOf(e) === 'OVERLOADED')
    lag = 150
    const atTheLimit = controller.acquire() // not later than maxLoopLagMs: it waits
    lag = 1000
    expect(controller.snapshot()).toMatchObject({ lagging: 1, refused: 1, queued: 3 })
    held()
    ;(await queued)()
    ;(await alsoQueued)()
    ;(await atTheLimit)()
    // Drained: the loop is still late, but nobody waits.
    ;(await controller.acquire())()
    expect(controller.snapshot()).toMatchObject({ lagging: 1, inflight: 0, queued: 0 })
  })
})

describe('needsAdmission', () => {
  const built = (path: string) => path === '/assets/index-abc.js' || path === '/favicon.svg'
  it("exempts health checks, preflights and the built client's files, and admits the rest", () => {
    expect(needsAdmission('GET', '/healthz', built)).toBe(false)
    expect(needsAdmission('GET', '/readyz', built)).toBe(false)
    expect(needsAdmission('OPTIONS', '/graphql', built)).toBe(false)
    expect(needsAdmission('GET', '/assets/index-abc.js', built)).toBe(false)
    expect(needsAdmission('HEAD', '/favicon.svg', built)).toBe(false)
    expect(needsAdmission('POST', '/assets/index-abc.js', built)).toBe(true)
    expect(needsAdmission('GET', '/assets/made-up.js', built)).toBe(true)
    expect(needsAdmission('POST', '/graphql', built)).toBe(true)
    expect(needsAdmission('GET', '/apps/user/users', built)).toBe(true)
    expect(needsAdmission('POST', '/jwt/login')).toBe(true)
  })

  it('leaves the overlay event streams to their own lane (alerts.rest.ts), and only them', () => {
    expect(needsAdmission('GET', '/overlay/abc_-DEF/events')).toBe(false)
    expect(needsAdmission('GET', '/overlay/abc_-DEF')).toBe(true)
    expect(needsAdmission('POST', '/overlay/abc_-DEF/events')).toBe(true)
    expect(needsAdmission('GET', '/overlay/a/b/events')).toBe(true)
    expect(needsAdmission('GET', '/overlay/abc/events/x')).toBe(true)
  })
})
