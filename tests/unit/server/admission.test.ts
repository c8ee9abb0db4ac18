import { describe, expect, it } from 'vitest'
import { AdmissionController, needsAdmission } from '../../../server/src/http/admission'
import { isAppError } from '../../../server/src/errors'

/** A controller on a hand-moved clock whose timers fire only when the test says so. */
function setup(maxInflight: number, maxQueue: number, maxWaitMs = 100) {
  let t = 0
  const timers: Array<{ at: number; fn: () => void; live: boolean }> = []
  const controller = new AdmissionController({
    maxInflight,
    maxQueue,
    maxWaitMs,
    retryAfterSeconds: 1,
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
    const controller = new AdmissionController({ maxInflight: 1, maxQueue: 2, maxWaitMs: 50, retryAfterSeconds: 1, now: () => t, setTimer: () => () => {} })
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

describe('AdmissionController and the event loop', () => {
  it('refuses at once while the loop is later than maxLoopLagMs, and admits again when it caught up', async () => {
    let lag = 0
    const controller = new AdmissionController({ maxInflight: 10, maxQueue: 10, maxWaitMs: 100, retryAfterSeconds: 1, maxLoopLagMs: 150, loopLag: () => lag, setTimer: () => () => {} })
    ;(await controller.acquire())()
    lag = 151
    await expect(controller.acquire()).rejects.toSatisfy((e) => codeOf(e) === 'OVERLOADED')
    lag = 150
    ;(await controller.acquire())()
    expect(controller.snapshot()).toMatchObject({ admitted: 2, refused: 1, inflight: 0 })
  })
})

describe('needsAdmission', () => {
  it('exempts health checks, preflights and SSE streams, and admits the rest', () => {
    expect(needsAdmission('GET', '/healthz', undefined)).toBe(false)
    expect(needsAdmission('GET', '/readyz', '*/*')).toBe(false)
    expect(needsAdmission('OPTIONS', '/graphql', undefined)).toBe(false)
    expect(needsAdmission('GET', '/graphql', 'text/event-stream')).toBe(false)
    expect(needsAdmission('POST', '/graphql', 'application/json')).toBe(true)
    expect(needsAdmission('GET', '/apps/user/users', undefined)).toBe(true)
    expect(needsAdmission('POST', '/jwt/login', undefined)).toBe(true)
  })
})
