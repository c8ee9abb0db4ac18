/**
 * Signed outgoing webhooks end to end: a follow from the sandbox console reaches a local HTTP
 * receiver signed the Standard Webhooks way (verified with the `standardwebhooks` package, not
 * the product's code); outages are retried with backoff and the same webhook-id; redirects are
 * not followed; private addresses are refused without WEBHOOKS_ALLOW_PRIVATE_ADDRESSES; a stalled
 * process's event goes out again from another one with the same id (the real kill -9 of a server
 * process: webhooks-crash.test.ts); two processes deliver each event once.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { mailOutbox } from '../../server/src/db/schema'
import type { Config } from '../../server/src/config'
import { createLogger } from '../../server/src/logger'
import { createServices, type Services } from '../../server/src/services'
import { webhookDeliveries } from '../../server/src/modules/webhooks/webhooks.tables'
import type { BotWorker } from '../../server/src/worker/bot-worker'
import { startTestWorker, stopTestApp, waitFor } from '../support/bot-harness'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** A local receiver: records every request; `mode` says how it answers. */
async function startReceiver() {
  const state = { mode: 'ok' as 'ok' | 'down' | 'redirect' | 'hang', got: [] as Received[] }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      state.got.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      if (req.url === '/elsewhere') return void res.writeHead(200).end('followed')
      if (state.mode === 'hang') return
      if (state.mode === 'down') return void res.writeHead(503).end('receiver down')
      if (state.mode === 'redirect') return void res.writeHead(302, { location: '/elsewhere' }).end()
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`thanks ${'x'.repeat(10_000)}`)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  return {
    state,
    url,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

const ENDPOINT_FIELDS = 'id url events secret enabled failures disabledReason'
const CREATE = `mutation($c: ID!, $i: WebhookEndpointInput!) { createWebhookEndpoint(channelId: $c, input: $i) { ${ENDPOINT_FIELDS} } }`
const UPDATE = `mutation($id: ID!, $i: WebhookEndpointPatch!) { updateWebhookEndpoint(id: $id, input: $i) { ${ENDPOINT_FIELDS} } }`
const DELIVERIES = `query($e: ID!) { webhookDeliveries(endpointId: $e) { id messageId eventType status attempts responseStatus latencyMs responseExcerpt } }`
const FOLLOW = 'mutation($c: ID!, $v: String!) { sandboxFollow(channelId: $c, viewer: $v) }'

describe.each(engines)('webhooks on %s', (engine) => {
  let t: TestApp
  let worker: BotWorker
  let token: string
  let resellerToken: string
  let channelId: string
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  const extra: Services[] = []

  const { gql, ok, code } = gqlCaller(
    () => t,
    () => token,
  )
  const deliveriesOf = async (endpointId: string) => (await ok(DELIVERIES, { e: endpointId })).webhookDeliveries
  /** Verifies as a receiver whose clock reads the app's (test) clock: the library refuses timestamps 5 minutes off. */
  const verify = (secret: string, r: Received) => {
    vi.useFakeTimers({ toFake: ['Date'], now: t.clock.now() })
    try {
      return new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: any }
    } finally {
      vi.useRealTimers()
    }
  }
  const hooks = () => receiver.state.got.filter((r) => r.path === '/hook')
  /** Another process on the same database (the restart after a crash, a second deliverer). */
  const anotherProcess = (overrides: Partial<Config> = {}) => {
    const s = createServices({
      config: { ...t.config, ...overrides },
      db: t.database.db,
      log: createLogger('silent'),
      secret: t.config.JWT_ACCESS_SECRET!,
      clock: t.clock,
      platforms: t.services.platforms,
    })
    extra.push(s)
    return s
  }

  beforeAll(async () => {
    receiver = await startReceiver()
    t = await createTestApp(engine, {
      PUBLIC_URL: 'http://app.test',
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'on',
      WEBHOOKS_DISABLE_AFTER_FAILURES: '3',
      WEBHOOKS_TIMEOUT_MS: '3000',
    })
    worker = (await startTestWorker(t)).worker
    token = (await t.loginAs('client')).accessToken
    resellerToken = (await t.loginAs('reseller')).accessToken
    channelId = (await ok('mutation { connectSandboxChannel { id } }')).connectSandboxChannel.id
    await waitFor(() => worker.get(Number(channelId))?.isConnected, 'the sandbox bot to connect')
  })
  afterAll(async () => {
    for (const s of extra) await s.webhookDelivery.stop()
    await stopTestApp(t, worker)
    await receiver?.close()
  })
  beforeEach(() => {
    receiver.state.mode = 'ok'
    receiver.state.got = []
  })

  let endpoint: { id: string; secret: string }

  it('validates endpoints with coded errors and keeps them to the channel owner', async () => {
    const bad = async (input: Record<string, unknown>, field: string) => {
      const res = await gql(CREATE, { c: channelId, i: { url: receiver.url, events: ['follow'], ...input } })
      expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
      expect(Object.keys(res.body.errors[0].extensions.fields)).toContain(field)
    }
    await bad({ url: 'ftp://example.com/x' }, 'url')
    await bad({ url: 'not a url' }, 'url')
    await bad({ url: 'https://user:pw@example.com/' }, 'url')
    await bad({ events: [] }, 'events')
    await bad({ events: ['no.such.event'] }, 'events.0')
    expect(await code(CREATE, { c: channelId, i: { url: receiver.url, events: ['follow'] } }, resellerToken)).toBe('NOT_FOUND')
    expect(await code('query($c: ID!) { webhookEndpoints(channelId: $c) { id } }', { c: channelId }, resellerToken)).toBe('NOT_FOUND')
    expect((await ok('query($c: ID!) { webhookEndpoints(channelId: $c) { id } }', { c: channelId })).webhookEndpoints).toEqual([])

    const created = (await ok(CREATE, { c: channelId, i: { url: receiver.url, events: ['follow', 'raid.incoming', 'follow'] } })).createWebhookEndpoint
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(created.events).toEqual(['follow', 'raid.incoming'])
    endpoint = created
    expect(await code(UPDATE, { id: created.id, i: { enabled: false } }, resellerToken)).toBe('NOT_FOUND')
    expect(await code('mutation($e: ID!) { sendTestWebhook(endpointId: $e) }', { e: created.id }, resellerToken)).toBe('NOT_FOUND')
    const types = (await ok('{ webhookEventTypes { type } }')).webhookEventTypes.map((e: { type: string }) => e.type)
    expect(types).toEqual(
      expect.arrayContaining(['follow', 'raid.incoming', 'raid.outgoing', 'stream.online', 'stream.offline', 'command.used', 'moderation.action']),
    )
  })

  it('sends a follow from the sandbox console, signed so standardwebhooks verifies it', async () => {
    await ok(FOLLOW, { c: channelId, v: 'FanOne' })
    await waitFor(async () => (await deliveriesOf(endpoint.id)).length > 0, 'the follow to be queued')
    expect(await t.services.webhookDelivery.tick()).toBe(1)
    expect(hooks()).toHaveLength(1)
    const msg = verify(endpoint.secret, hooks()[0]!)
    expect(msg.type).toBe('follow')
    expect(msg.data).toMatchObject({ channelId, name: 'FanOne' })
    // Signed with another secret, the same request does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(hooks()[0]!.body, hooks()[0]!.headers as Record<string, string>),
    ).toThrow()
    const [d] = await deliveriesOf(endpoint.id)
    expect(d).toMatchObject({ eventType: 'follow', status: 'delivered', attempts: 1, responseStatus: 200 })
    expect(d.messageId).toBe(hooks()[0]!.headers['webhook-id'])
    expect(d.latencyMs).toBeGreaterThanOrEqual(0)
    // The answer is read up to 4 KiB only.
    expect(d.responseExcerpt.length).toBe(4096)
    expect(d.responseExcerpt.startsWith('thanks x')).toBe(true)
  })

  it('retries a receiver outage with backoff and the same webhook-id, then delivers', async () => {
    receiver.state.mode = 'down'
    await ok(FOLLOW, { c: channelId, v: 'FanTwo' })
    await waitFor(async () => (await deliveriesOf(endpoint.id)).length === 2, 'the follow to be queued')
    await t.services.webhookDelivery.tick()
    let [d] = await deliveriesOf(endpoint.id)
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503, responseExcerpt: 'receiver down' })
    // Not due before its backoff (30 s, then 60 s).
    expect(await t.services.webhookDelivery.tick()).toBe(0)
    t.clock.advance(30)
    expect(await t.services.webhookDelivery.tick()).toBe(1)
    t.clock.advance(30)
    expect(await t.services.webhookDelivery.tick()).toBe(0)
    receiver.state.mode = 'ok'
    t.clock.advance(30)
    expect(await t.services.webhookDelivery.tick()).toBe(1)
    ;[d] = await deliveriesOf(endpoint.id)
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200 })
    expect(hooks().map((h) => h.headers['webhook-id'])).toEqual([d.messageId, d.messageId, d.messageId])
    for (const h of hooks()) expect(verify(endpoint.secret, h).data.name).toBe('FanTwo')
    expect((await ok('query($c: ID!) { webhookEndpoints(channelId: $c) { failures } }', { c: channelId })).webhookEndpoints[0].failures).toBe(0)
  })

  it('does not follow a redirect', async () => {
    receiver.state.mode = 'redirect'
    expect(await ok('mutation($e: ID!) { sendTestWebhook(endpointId: $e) }', { e: endpoint.id })).toEqual({ sendTestWebhook: true })
    await t.services.webhookDelivery.tick()
    expect(receiver.state.got.map((r) => r.path)).toEqual(['/hook'])
    const [d] = await deliveriesOf(endpoint.id)
    expect(d).toMatchObject({ eventType: 'webhook.test', status: 'pending', responseStatus: 302 })
    expect(d.responseExcerpt).toMatch(/not followed/)
    // Redeliver sends it again at once, same id.
    receiver.state.mode = 'ok'
    expect((await ok('mutation($d: ID!) { redeliverWebhook(deliveryId: $d) { status } }', { d: d.id })).redeliverWebhook.status).toBe('pending')
    await t.services.webhookDelivery.tick()
    expect(hooks().map((h) => h.headers['webhook-id'])).toEqual([d.messageId, d.messageId])
    expect(verify(endpoint.secret, hooks()[1]!).type).toBe('webhook.test')
  })

  it('refuses private and loopback addresses without WEBHOOKS_ALLOW_PRIVATE_ADDRESSES', async () => {
    const strict = anotherProcess({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: false })
    const userId = (await t.loginAs('client')).userData.id as number
    for (const url of [
      receiver.url,
      'http://[::1]:9/x',
      'http://169.254.169.254/latest',
      'http://10.1.2.3/',
      'http://[fe80::1]/',
      'http://[::ffff:127.0.0.1]/',
    ])
      await expect(strict.webhooks.create(userId, channelId, { url, events: ['follow'] })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' })
    // An endpoint saved while allowed is refused at delivery (the address is checked on each attempt).
    await ok(FOLLOW, { c: channelId, v: 'FanThree' })
    await waitFor(async () => (await deliveriesOf(endpoint.id)).length === 4, 'queued')
    await strict.webhookDelivery.tick()
    expect(hooks()).toEqual([])
    const [d] = await deliveriesOf(endpoint.id)
    expect(d).toMatchObject({ status: 'pending', responseStatus: null })
    expect(d.responseExcerpt).toMatch(/127\.0\.0\.1 is private, loopback or link-local; refused/)
    t.clock.advance(60)
    await t.services.webhookDelivery.tick()
    expect(hooks()).toHaveLength(1)
  })

  it('a stalled attempt goes out again from another process after its lease, with the same webhook-id', async () => {
    await ok(FOLLOW, { c: channelId, v: 'FanFour' })
    await waitFor(async () => (await deliveriesOf(endpoint.id)).length === 5, 'queued')
    const [queued] = await deliveriesOf(endpoint.id)
    // The first process dies mid-send: the receiver got the request but never answered, so no
    // outcome was stored. A new process on the same database sends it again after the lease.
    receiver.state.mode = 'hang'
    const stalled = t.services.webhookDelivery.tick()
    await waitFor(() => hooks().length === 1, 'the first attempt')
    receiver.state.mode = 'ok'
    const restarted = anotherProcess()
    expect(await restarted.webhookDelivery.tick()).toBe(0)
    t.clock.advance(3 + 31)
    expect(await restarted.webhookDelivery.tick()).toBe(1)
    expect(hooks().map((h) => h.headers['webhook-id'])).toEqual([queued.messageId, queued.messageId])
    await stalled
    // The stalled attempt's late outcome (a timeout) does not undo the delivery.
    const [d] = await deliveriesOf(endpoint.id)
    expect(d).toMatchObject({ id: queued.id, status: 'delivered', responseStatus: 200 })
  })

  it('two processes deliver each event once', async () => {
    const other = anotherProcess()
    const channel = Number(channelId)
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 25; i++) await t.services.webhooks.enqueue(tx, channel, 'follow', { login: `bulk${i}` })
    })
    await Promise.all([t.services.webhookDelivery.tick(), other.webhookDelivery.tick(), t.services.webhookDelivery.tick()])
    const ids = hooks().map((h) => h.headers['webhook-id'])
    expect(ids).toHaveLength(25)
    expect(new Set(ids).size).toBe(25)
    const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'))
    expect(rows).toEqual([])
  })

  it('switches an endpoint off after repeated failure and mails its owner', async () => {
    // The test clock has moved past the access token's lifetime.
    token = (await t.loginAs('client')).accessToken
    receiver.state.mode = 'down'
    for (let i = 0; i < 3; i++) {
      await ok('mutation($e: ID!) { sendTestWebhook(endpointId: $e) }', { e: endpoint.id })
      await t.services.webhookDelivery.tick()
    }
    const [e] = (await ok('query($c: ID!) { webhookEndpoints(channelId: $c) { enabled failures disabledReason } }', { c: channelId })).webhookEndpoints
    expect(e).toMatchObject({ enabled: false, failures: 3, disabledReason: 'failed 3 times in a row' })
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'client@demo.local'))
    expect(mails.filter((m) => m.subject === 'A webhook of your channel was switched off')).toHaveLength(1)
    // While off: nothing is queued or sent; switching on resets the count and the queued retries go out.
    expect(await code('mutation($e: ID!) { sendTestWebhook(endpointId: $e) }', { e: endpoint.id })).toBe('CONFLICT')
    receiver.state.mode = 'ok'
    t.clock.advance(3600)
    token = (await t.loginAs('client')).accessToken
    expect(await t.services.webhookDelivery.tick()).toBe(0)
    expect((await ok(UPDATE, { id: endpoint.id, i: { enabled: true } })).updateWebhookEndpoint).toMatchObject({
      enabled: true,
      failures: 0,
      disabledReason: null,
    })
    receiver.state.got = []
    expect(await t.services.webhookDelivery.tick()).toBe(3)
    expect(hooks().map((h) => verify(endpoint.secret, h).type)).toEqual(['webhook.test', 'webhook.test', 'webhook.test'])
  })

  it('queues stream, raid and command events from the sandbox in their own transactions', async () => {
    const events = ['stream.online', 'stream.offline', 'raid.incoming', 'command.used']
    await ok(UPDATE, { id: endpoint.id, i: { events } })
    await ok('mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!hi", response: "Hi ${user}!" }) { id } }', { c: channelId })
    await ok('mutation($c: ID!) { sandboxStream(channelId: $c, online: true, category: "Chess") }', { c: channelId })
    await ok('mutation($c: ID!, $f: String!) { sandboxRaid(channelId: $c, fromChannel: $f, viewers: 12) }', { c: channelId, f: 'FriendlyChannel' })
    await ok('mutation($c: ID!) { sandboxChat(channelId: $c, viewer: "TestViewer", badges: [], text: "!hi") }', { c: channelId })
    const typesQueued = async () => new Set((await deliveriesOf(endpoint.id)).map((d: { eventType: string }) => d.eventType))
    await waitFor(async () => {
      const s = await typesQueued()
      return s.has('stream.online') && s.has('raid.incoming') && s.has('command.used')
    }, 'the events to be queued')
    await ok('mutation($c: ID!) { sandboxStream(channelId: $c, online: false) }', { c: channelId })
    await waitFor(async () => (await typesQueued()).has('stream.offline'), 'stream.offline')
    await t.services.webhookDelivery.tick()
    const byType = new Map(
      hooks()
        .map((h) => verify(endpoint.secret, h))
        .map((m) => [m.type, m.data]),
    )
    expect(byType.get('stream.online')).toMatchObject({ channelId, category: 'Chess' })
    expect(byType.get('raid.incoming')).toMatchObject({ channelId, viewers: 12 })
    expect(byType.get('command.used')).toMatchObject({ channelId, trigger: '!hi', user: 'TestViewer', useCount: 1 })
    expect(byType.get('stream.offline')).toMatchObject({ channelId })
    // One event per change: the bot reports the live state more than once.
    expect(hooks().filter((h) => verify(endpoint.secret, h).type === 'stream.online')).toHaveLength(1)
  })

  it('rotates the secret: the old one stops signing at once, even for events queued before', async () => {
    token = (await t.loginAs('client')).accessToken
    resellerToken = (await t.loginAs('reseller')).accessToken
    const ROTATE = `mutation($id: ID!) { rotateWebhookSecret(id: $id) { ${ENDPOINT_FIELDS} } }`
    expect(await code(ROTATE, { id: endpoint.id }, resellerToken)).toBe('NOT_FOUND')
    await ok('mutation($e: ID!) { sendTestWebhook(endpointId: $e) }', { e: endpoint.id })
    const old = endpoint.secret
    const rotated = (await ok(ROTATE, { id: endpoint.id })).rotateWebhookSecret
    expect(rotated.secret).toMatch(/^whsec_/)
    expect(rotated.secret).not.toBe(old)
    endpoint = rotated
    expect(await t.services.webhookDelivery.tick()).toBe(1)
    const [h] = hooks()
    expect(verify(rotated.secret, h!).type).toBe('webhook.test')
    expect(() => verify(old, h!)).toThrow()
  })

  it('deletes an endpoint with its log', async () => {
    expect(await ok('mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id: endpoint.id })).toEqual({ deleteWebhookEndpoint: true })
    expect(await code(DELIVERIES, { e: endpoint.id })).toBe('NOT_FOUND')
    expect(await t.database.db.select().from(webhookDeliveries)).toEqual([])
  })
})
