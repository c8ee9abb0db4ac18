import { spawnSync } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BotWorker } from '../../server/src/worker/bot-worker'
import { type ManualScheduler, startTestWorker, stopTestApp, waitFor } from '../support/bot-harness'
import { startChildServer, type ChildServer } from '../support/child-server'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const CHAT = 'mutation($c: ID!, $v: String!, $t: String!) { sandboxChat(channelId: $c, viewer: $v, badges: [], text: $t) }'

/**
 * A graceful stop of the bot worker sends the replies it already owes (within the chat limit
 * and the deadline) and reads nothing more, so a restart neither loses nor repeats an answer.
 */
describe.each(engines)('bot worker shutdown on %s', (engine) => {
  let t: TestApp
  let worker: BotWorker
  let scheduler: ManualScheduler
  let token: string
  let channelId: number
  const { ok } = gqlCaller(
    () => t,
    () => token,
  )
  const sentReplies = async () => (await t.services.platforms.sandbox!.ready()).server.sent.filter((s) => s.isSent && s.message.startsWith('Hi '))

  /** A fresh worker on the sandbox channel, its chat limit lowered to two lines per 30 s, with replies waiting. */
  async function workerOwingReplies(viewers: string[]) {
    ;({ worker, scheduler } = await startTestWorker(t))
    await waitFor(() => worker.get(channelId)?.isConnected, 'the sandbox bot to connect')
    t.services.chat.limits.setLimit(channelId, 2)
    const before = (await sentReplies()).length
    for (const v of viewers) await ok(CHAT, { c: String(channelId), v, t: '!hi' })
    // Two go out at once; the rest wait in the bot's queue for the limit's window.
    await waitFor(
      async () => (await sentReplies()).length === before + 2 && worker.get(channelId)!.queued === viewers.length - 2,
      'two replies sent, the rest queued',
    )
    return before
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test' })
    token = (await t.loginAs('client')).accessToken
    channelId = Number((await ok('mutation { connectSandboxChannel { id } }')).connectSandboxChannel.id)
    await ok(
      'mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!hi", response: "Hi ${user}!", cooldownSeconds: 0, userCooldownSeconds: 0 }) { id } }',
      {
        c: String(channelId),
      },
    )
  })

  afterAll(() => stopTestApp(t, worker))

  it('sends every reply it owes before it stops, and answers nothing after', async () => {
    const before = await workerOwingReplies(['Ann', 'Bob', 'Cid', 'Dee', 'Eve'])
    const stopped = worker.stop({ flushMs: 60_000 })
    // The chat limit's window passes on the test clock: the three queued replies go out.
    await waitFor(async () => {
      await scheduler.advance(1000)
      return (await sentReplies()).length === before + 5
    }, 'the queued replies')
    await stopped
    expect((await sentReplies()).slice(before).map((s) => s.message)).toEqual(['Hi Ann!', 'Hi Bob!', 'Hi Cid!', 'Hi Dee!', 'Hi Eve!'])
    // Stopped: a viewer's message now gets no answer from this worker (nothing read, nothing sent).
    await ok(CHAT, { c: String(channelId), v: 'Late', t: '!hi' })
    await scheduler.advance(31_000)
    await new Promise((r) => setTimeout(r, 100))
    expect((await sentReplies()).some((s) => s.message === 'Hi Late!')).toBe(false)
  })

  it('gives up at the deadline and says how many lines were left unsent', async () => {
    const before = await workerOwingReplies(['Fay', 'Gus', 'Hal'])
    const stopped = worker.stop({ flushMs: 10_000 })
    // The limit frees a slot only after 30 s; the deadline comes first.
    await waitFor(async () => {
      await scheduler.advance(1000)
      return worker.get(channelId) === undefined
    }, 'the worker to stop at its deadline')
    await stopped
    expect((await sentReplies()).length).toBe(before + 2)
  })
})

/**
 * The compiled server (what `npm start` and production run) drains on SIGTERM: requests in
 * flight are answered, live subscriptions end cleanly, and the process exits 0.
 */
describe('the compiled server on SIGTERM', () => {
  let server: ChildServer
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'))

  beforeAll(async () => {
    // `npm test` built dist/server from these sources just before the tests, and other files'
    // child servers run it meanwhile (TEST_COMPILED_SERVER=1): rebuilding it here (the build
    // empties dist/server first) would pull it from under them. Run alone, build it.
    if (process.env.TEST_COMPILED_SERVER !== '1') {
      const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { encoding: 'utf8' })
      if (built.status !== 0) throw new Error(`build:server failed: ${built.stderr}`)
    }
    server = await startChildServer({
      entry: 'compiled',
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'info', MAX_LOOP_LAG_MS: '0', SHUTDOWN_TIMEOUT_MS: '30000' },
    })
  })

  afterAll(async () => {
    await server?.stop('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers the requests in flight, refuses new connections, ends subscriptions cleanly and exits 0', async () => {
    const credentials = JSON.stringify({ email: server.demo.client.email, password: server.demo.client.password })
    const { accessToken } = (await (
      await fetch(`${server.url}/jwt/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: credentials })
    ).json()) as { accessToken: string }
    // A live subscription (the chatboard's), over SSE.
    const channels = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ query: '{ channels { id } }' }),
    })
    const channelId = ((await channels.json()) as { data: { channels: Array<{ id: string }> } }).data.channels[0]!.id
    const sse = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ query: 'subscription($c: ID!) { chatMessages(channelId: $c) { id } }', variables: { c: channelId } }),
    })
    expect(sse.status).toBe(200)
    const reader = sse.body!.getReader()
    const streamEnd = (async () => {
      for (;;) if ((await reader.read()).done) return 'ended'
    })().catch((e: unknown) => `failed: ${(e as Error).message}`)

    // Eight sign-ins in flight: each has sent its headers and half of its body, so the server
    // has admitted it and waits for the rest, which comes only after the signal.
    const { port } = new URL(server.url)
    const held = Array.from({ length: 8 }, () => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/jwt/login',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(credentials) },
      })
      const status = new Promise<number | string>((resolve) => {
        req.on('response', (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        })
        req.on('error', (e) => resolve(`failed: ${e.message}`))
      })
      req.write(credentials.slice(0, 10))
      return { req, status }
    })
    await waitFor(
      async () => {
        const health = (await (await fetch(`${server.url}/healthz?details`)).json()) as { admission: { inflight: number } }
        return health.admission.inflight >= 8 // (health checks are not counted)
      },
      'the sign-ins to be admitted',
      20_000,
    )

    server.child.kill('SIGTERM')
    await waitFor(() => server.output().includes('shutting down'), 'the server to start draining', 10_000)
    // Draining: no new connection is accepted …
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
    // … and the live subscription has ended cleanly (not cut), so the client reconnects elsewhere.
    expect(await streamEnd).toBe('ended')
    // The requests in flight are finished and answered.
    for (const h of held) h.req.end(credentials.slice(10))
    expect(await Promise.all(held.map((h) => h.status))).toEqual(Array(8).fill(200))
    await waitFor(() => server.exit(), 'the process to exit', 30_000)
    expect(server.exit()).toEqual({ code: 0, signal: null })
    expect(server.output()).toContain('drained')
  })
})
