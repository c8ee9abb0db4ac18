import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

const FLOOD = 40
const MAX_INFLIGHT = 2
const MAX_QUEUE = 3

describe.each(engines)('overload on %s', (engine) => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    // A small admission window, and a queue wait long enough that admitted work is never refused for it.
    t = await createTestApp(engine, { MAX_INFLIGHT: String(MAX_INFLIGHT), MAX_QUEUE: String(MAX_QUEUE), QUEUE_TIMEOUT_MS: '60000' })
    token = (await t.loginAs('admin')).accessToken
  })
  afterAll(() => t.close())

  const flood = (make: (i: number) => Response | Promise<Response>) => Promise.all(Array.from({ length: FLOOD }, async (_, i) => make(i)))
  const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })

  it('answers the excess of a REST flood at once with 503 OVERLOADED and Retry-After, the rest normally', async () => {
    const responses = await flood(() => t.app.request('/apps/user/users', { headers: auth() }))
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as Record<string, unknown> })))
    const ok = bodies.filter((b) => b.status === 200)
    const refused = bodies.filter((b) => b.status === 503)
    // Every request reached admission before any finished: the slots and the queue are served, no more.
    expect(ok).toHaveLength(MAX_INFLIGHT + MAX_QUEUE)
    expect(refused).toHaveLength(FLOOD - MAX_INFLIGHT - MAX_QUEUE)
    for (const b of ok) expect(b.body).toHaveProperty('users')
    for (const b of refused) {
      expect(b.retryAfter).toMatch(/^[1-9][0-9]*$/)
      expect(b.body).toEqual({ error: expect.any(String), code: 'OVERLOADED' })
    }
  })

  it('on /graphql the refusal also carries errors[0].extensions.code', async () => {
    const body = JSON.stringify({ query: '{ users(first: 10) { totalCount } }' })
    const responses = await flood(() => t.app.request('/graphql', { method: 'POST', headers: auth(), body }))
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as any })))
    expect(bodies.filter((b) => b.status === 200).every((b) => typeof b.body.data.users.totalCount === 'number' && !b.body.errors)).toBe(true)
    const refused = bodies.filter((b) => b.status !== 200)
    expect(refused).toHaveLength(FLOOD - MAX_INFLIGHT - MAX_QUEUE)
    for (const b of refused) {
      expect(b.status).toBe(503)
      expect(b.retryAfter).not.toBeNull()
      expect(b.body.code).toBe('OVERLOADED')
      expect(b.body.errors[0].extensions.code).toBe('OVERLOADED')
    }
  })

  it('health checks are never queued behind the load, and the slots are all given back', async () => {
    const all = flood(() => t.app.request('/apps/user/users', { headers: auth() }))
    const [health, ready] = await Promise.all([t.app.request('/healthz'), t.app.request('/readyz')])
    expect(health.status).toBe(200)
    expect(ready.status).toBe(200)
    await all
    // The details are for operators: an admin's token (this request has no socket, so it is not loopback).
    const details = (await (await t.app.request('/healthz?details', { headers: auth() })).json()) as { admission: { inflight: number; queued: number } }
    expect(details.admission).toMatchObject({ inflight: 0, queued: 0 })
    // After the flood the server answers normally again.
    expect((await t.app.request('/apps/user/users', { headers: auth() })).status).toBe(200)
  })
})
