import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSse } from '../support/bot-harness'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

const FLOOD = 40
const MAX_INFLIGHT = 2
const MAX_QUEUE = 3
const MAX_STREAMS = 2

/** Keeps the event loop busy for `ms` (a stall: GC, a slow callback, a busy machine). */
function stall(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until) {
    /* busy */
  }
}

describe.each(engines)('overload on %s', (engine) => {
  let t: TestApp
  let token: string
  let reseller: string
  // A built client of one script.
  const dist = mkdtempSync(join(tmpdir(), 'overload-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)')
  beforeAll(async () => {
    // A small admission window, a queue wait (and target) long enough that admitted work is
    // never refused for it, and refusals for a loop 20 ms late (while requests are queued).
    t = await createTestApp(engine, {
      MAX_INFLIGHT: String(MAX_INFLIGHT),
      MAX_QUEUE: String(MAX_QUEUE),
      QUEUE_TIMEOUT_MS: '60000',
      QUEUE_TARGET_MS: '60000',
      MAX_LOOP_LAG_MS: '20',
      MAX_STREAMS_PER_CALLER: String(MAX_STREAMS),
      CLIENT_DIST: dist,
    })
    token = (await t.loginAs('admin')).accessToken
    reseller = (await t.loginAs('reseller')).accessToken
  })
  afterAll(async () => {
    await t.close()
    rmSync(dist, { recursive: true, force: true })
  })

  const flood = (make: (i: number) => Response | Promise<Response>) => Promise.all(Array.from({ length: FLOOD }, async (_, i) => make(i)))
  const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })

  it('answers the excess of a REST flood at once with 503 OVERLOADED and Retry-After, the rest normally', async () => {
    const responses = await flood(() => t.app.request('/apps/user/users', { headers: auth() }))
    const bodies = await Promise.all(
      responses.map(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as Record<string, unknown> })),
    )
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

  it('a request that only says it accepts an event stream is admitted like any other (no bypass)', async () => {
    const headers = { ...auth(), accept: 'text/event-stream' }
    const body = JSON.stringify({ query: '{ users(first: 10) { totalCount } }' })
    const responses = await flood((i) =>
      i % 2 ? t.app.request('/graphql', { method: 'POST', headers, body }) : t.app.request('/apps/user/users', { headers }),
    )
    expect(responses.filter((r) => r.status === 503)).toHaveLength(FLOOD - MAX_INFLIGHT - MAX_QUEUE)
  })

  it("never refuses the built client's files, in a flood or while the event loop is behind with nobody queued", async () => {
    const responses = await flood((i) => (i % 2 ? t.app.request('/assets/app-1.js') : t.app.request('/apps/user/users', { headers: auth() })))
    expect(responses.filter((_, i) => i % 2).map((r) => r.status)).toEqual(Array(FLOOD / 2).fill(200))
    expect(responses.filter((r) => r.status === 503).length).toBeGreaterThan(0)
    // One late sample with an empty queue is no overload: an API call is admitted too.
    stall(100)
    const [script, api] = await Promise.all([t.app.request('/assets/app-1.js'), t.app.request('/apps/user/users', { headers: auth() })])
    expect([script.status, api.status]).toEqual([200, 200])
  })

  it('live subscriptions hold no slot, and one caller holds at most MAX_STREAMS_PER_CALLER of them', async () => {
    const subscribe = (bearer: string) =>
      t.app.request('/graphql', {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ query: 'subscription { supportChatEvents { kind } }' }),
      })
    /** A stream that started (its first bytes, the keep-alive comment, were read). */
    const open = async (bearer: string) => {
      const res = await subscribe(bearer)
      expect([res.status, res.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/event-stream')])
      const reader = res.body!.getReader()
      await reader.read()
      return reader
    }
    const streams = [await open(reseller), await open(reseller), await open(token)]
    // More live streams than slots, and the slots are free.
    expect((await t.app.request('/apps/user/users', { headers: auth() })).status).toBe(200)
    // The reseller's third is refused with a code; ending one gives its place back.
    const third = await subscribe(reseller)
    expect(third.status).toBe(429)
    expect(await readSse(third, (d) => d.errors?.[0]?.extensions?.code)).toBe('TOO_MANY_STREAMS')
    await streams[0]!.cancel()
    streams[0] = await open(reseller)
    for (const s of streams) await s.cancel()
  })

  it('on /graphql the refusal also carries errors[0].extensions.code', async () => {
    const body = JSON.stringify({ query: '{ users(first: 10) { totalCount } }' })
    const responses = await flood(() => t.app.request('/graphql', { method: 'POST', headers: auth(), body }))
    const bodies = await Promise.all(
      responses.map(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as any })),
    )
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
