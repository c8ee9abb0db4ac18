import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * /healthz is public and minimal; its details (event-loop delay, admission figures) are for
 * operators: on the machine itself, with an admin's token, or everywhere with HEALTH_DETAILS=public.
 */
describe.each(engines)('/healthz?details on %s', (engine) => {
  let t: TestApp
  let server: ReturnType<typeof serve>
  let base: string
  const tokens = {} as Record<'admin' | 'reseller' | 'client', string>
  const FROM_OUTSIDE = { 'x-forwarded-for': '203.0.113.9' }

  beforeAll(async () => {
    t = await createTestApp(engine)
    for (const role of ['admin', 'reseller', 'client'] as const) tokens[role] = (await t.loginAs(role)).accessToken
    server = await new Promise((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await t.close()
  })

  const details = async (headers: Record<string, string>, over: 'socket' | 'in-process' = 'socket') => {
    const res = over === 'socket' ? await fetch(`${base}/healthz?details`, { headers }) : await t.app.request('/healthz?details', { headers })
    expect(res.status).toBe(200)
    return (await res.json()) as Record<string, unknown>
  }

  it('answers anyone else with the minimal body: a relayed or in-process caller, a client, a reseller, a bad token', async () => {
    const minimal = { status: 'ok' }
    expect(await details(FROM_OUTSIDE)).toEqual(minimal)
    expect(await details({}, 'in-process')).toEqual(minimal)
    expect(await details({ forwarded: 'for=203.0.113.9' })).toEqual(minimal)
    for (const role of ['client', 'reseller'] as const)
      expect(await details({ ...FROM_OUTSIDE, authorization: `Bearer ${tokens[role]}` }), role).toEqual(minimal)
    expect(await details({ ...FROM_OUTSIDE, authorization: 'Bearer not-a-token' })).toEqual(minimal)
    expect(await (await fetch(`${base}/healthz`, { headers: FROM_OUTSIDE })).json()).toEqual(minimal)
  })

  it('gives the details on loopback (not relayed) and to an admin from anywhere', async () => {
    const full = { status: 'ok', eventLoopDelayMs: expect.anything(), admission: expect.objectContaining({ inflight: expect.any(Number) }) }
    expect(await details({})).toEqual(full)
    expect(await details({ ...FROM_OUTSIDE, authorization: `Bearer ${tokens.admin}` })).toEqual(full)
    expect(await details({ authorization: `Bearer ${tokens.admin}` }, 'in-process')).toEqual(full)
  })
})

describe('/healthz?details with HEALTH_DETAILS=public', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engines[0]!, { HEALTH_DETAILS: 'public' })
  })
  afterAll(() => t.close())

  it('gives the details to anyone', async () => {
    const res = await t.app.request('/healthz?details', { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(await res.json()).toMatchObject({ status: 'ok', admission: expect.any(Object) })
  })
})
