import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../server/src/logger'
import { MAX_OVERLAYS_PER_CHANNEL, MAX_PREVIEWS_PER_CHANNEL } from '../../server/src/modules/alerts/overlay-hub'
import { createRedisOverlaySlots } from '../../server/src/modules/alerts/overlay-slots'
import { waitFor } from '../support/bot-harness'
import { startChildServer, type ChildServer } from '../support/child-server'
import { freshDatabase, type TestDatabase } from '../support/databases'
import { collectEvents } from '../support/sse'

const pgUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
const missing = [pgUrl ? '' : 'TEST_DATABASE_URL', redisUrl ? '' : 'TEST_REDIS_URL'].filter(Boolean)
const skipReason = missing.length ? ` (skipped: set ${missing.join(' and ')})` : ''

const OVERLAY = 'query($c: ID!) { channel(id: $c) { overlay { path } } }'
const UPDATE = `mutation($c: ID!, $i: AlertSettingsInput!) { updateAlertSettings(channelId: $c, type: cheer, input: $i) { template } }`
const TEST_ALERT = 'mutation($c: ID!) { sendTestAlert(channelId: $c, type: cheer) }'

/**
 * Overlays over two real server processes sharing PostgreSQL and Redis (issue 37): an alert
 * raised through one reaches an overlay held by the other, and the per-channel bound on open
 * overlays counts the streams of both.
 */
describe.skipIf(missing.length > 0)(`overlays over two server processes${skipReason}`, () => {
  let database: TestDatabase
  let a: ChildServer
  let b: ChildServer
  let token: string
  let channelId: string
  let path: string
  const open: Array<{ close(): unknown }> = []

  const gql = async (server: ChildServer, query: string, variables: Record<string, unknown>) => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    })
    const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] }
    expect(body.errors).toBeUndefined()
    return body.data!
  }
  const request = (server: ChildServer, query = '') => fetch(`${server.url}${path}/events${query}`)
  const openOn = async (server: ChildServer, query = '') => {
    const res = await request(server, query)
    expect(res.status).toBe(200)
    const stream = collectEvents(res)
    open.push(stream)
    await waitFor(() => stream.events.some((e) => e.kind === 'hello'), 'the hello event')
    return stream
  }

  beforeAll(async () => {
    database = await freshDatabase('postgres')
    const env = { DATABASE_URL: database.url!, REDIS_URL: redisUrl!, WORKER_INLINE: 'off', SANDBOX: 'off' }
    // Two servers starting from the sources on a shared, busy machine: a generous bound on each start.
    a = await startChildServer({ env, readyTimeoutMs: 120_000 })
    b = await startChildServer({ env, demo: a.demo, readyTimeoutMs: 120_000 })
    // The demo client's channel, connected behind the servers' backs (no platform here).
    const sql = new pg.Client({ connectionString: database.url })
    await sql.connect()
    const made = await sql.query<{ id: string }>(
      `insert into channels (user_id, platform, platform_user_id, login, display_name)
       select id, 'twitch', $2, 'overlaytest', 'OverlayTest' from users where email = $1 returning id`,
      [a.demo.client.email, `overlay-${randomUUID()}`],
    )
    await sql.end()
    channelId = made.rows[0]!.id
    const login = await fetch(`${a.url}/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: a.demo.client.email, password: a.demo.client.password }),
    })
    token = ((await login.json()) as { accessToken: string }).accessToken
    path = (await gql(a, OVERLAY, { c: channelId })).channel.overlay.path
  }, 300_000)

  afterAll(async () => {
    for (const s of open) await s.close()
    await Promise.all([a?.stop(), b?.stop()])
    await database?.drop()
  })

  it('an alert raised through one process reaches the overlay held by the other', async () => {
    const overlay = await openOn(b)
    // A template of this run only: what arrives on B was raised by A now, not by another test on this Redis.
    const marker = `gg-${randomUUID().slice(0, 8)}`
    await gql(a, UPDATE, {
      c: channelId,
      i: { chat: false, overlay: true, template: `${marker} \${user}`, minimum: 0, durationMs: 5000, sound: null, imageUrl: null },
    })
    // B's subscription reaches Redis asynchronously after its hello: raise until one arrives (bounded).
    await waitFor(async () => {
      await gql(a, TEST_ALERT, { c: channelId })
      await new Promise((r) => setTimeout(r, 200))
      return overlay.alerts().length > 0
    }, 'the alert raised through A on the overlay held by B')
    expect(overlay.alerts()[0]).toMatchObject({ kind: 'alert', type: 'cheer', text: `${marker} TestViewer`, test: true })
  })

  it('bounds the open overlays of a channel over both processes, previews apart; a closed one frees its place for either', async () => {
    for (const s of open.splice(0)) await s.close()
    // The earlier stream's place is given back when its connection closes.
    await waitFor(async () => {
      const res = await request(a)
      await res.body?.cancel()
      if (res.status !== 200) return false
      return true
    }, 'the earlier places given back')
    const held = []
    const half = MAX_OVERLAYS_PER_CHANNEL / 2
    for (let i = 0; i < MAX_OVERLAYS_PER_CHANNEL; i++) held.push(await openOn(i < half ? a : b))
    for (const server of [a, b]) {
      const refused = await request(server)
      expect(refused.status).toBe(429)
      expect(((await refused.json()) as { code: string }).code).toBe('RATE_LIMITED')
    }
    // Previews are counted apart (the editor's frame), also over both processes.
    for (let i = 0; i < MAX_PREVIEWS_PER_CHANNEL; i++) await openOn(i % 2 ? a : b, '?preview=1')
    expect((await request(b, '?preview=1')).status).toBe(429)
    expect((await request(a, '?preview=1')).status).toBe(429)

    // One closed on B: A may open one, and then neither more.
    await held[MAX_OVERLAYS_PER_CHANNEL - 1]!.close()
    await waitFor(async () => {
      const res = await request(a)
      if (res.status !== 200) {
        await res.body?.cancel()
        return false
      }
      open.push(collectEvents(res))
      return true
    }, 'the place freed on B taken through A')
    expect((await request(b)).status).toBe(429)
  })
})

/** The shared places themselves (overlay-slots.ts), on the test Redis. */
describe.skipIf(!redisUrl)('overlay places in Redis', () => {
  it('frees the places of a process that stopped renewing them (a crash) after their time, and a given place at once', async () => {
    const slots = createRedisOverlaySlots({ url: redisUrl!, log: createLogger('silent'), ttlMs: 300, prefix: `test-${randomUUID()}:` })
    try {
      expect(await slots.take('s', 'one', 2)).toBe(true)
      expect(await slots.take('s', 'two', 2)).toBe(true)
      expect(await slots.take('s', 'three', 2)).toBe(false)
      await slots.give('s', 'two')
      expect(await slots.take('s', 'three', 2)).toBe(true)
      // Nobody renews 'one' and 'three': after their 300 ms both places are free (polled, bounded).
      await waitFor(async () => (await slots.take('s', 'four', 2)) && (await slots.take('s', 'five', 2)), 'the expired places taken again')
      expect(await slots.take('s', 'six', 2)).toBe(false)
      // A renewal keeps only places still held: a given one is not brought back.
      await slots.give('s', 'five')
      await slots.renew(new Map([['s', ['four', 'five']]]))
      expect(await slots.take('s', 'seven', 2)).toBe(true)
    } finally {
      await slots.close()
    }
  })
})
