/**
 * A webhook across a real kill -9 (issue 32): the server runs as a child process (the demo's
 * entry point, tests/support/child-server.ts); a follow from the sandbox console is queued and
 * the process starts sending it, the receiver takes the request and never answers, and the
 * process is killed with SIGKILL before any outcome is stored. A new process on the same data
 * (PGlite's data directory, or the PostgreSQL database) sends it again once the dead process's
 * lease ends: the receiver gets it with the same webhook-id, verified with the `standardwebhooks`
 * package, and the delivery log shows it delivered once.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { startChildServer, type ChildServer } from '../support/child-server'
import { engines, freshDatabase } from '../support/databases'

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** Polls `check` until it holds, for at most `ms` (a bound on the test, not a figure). */
async function eventually(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`not within ${ms} ms: ${what}`)
}

describe.each(engines)('webhooks across a kill -9 on %s', (engine) => {
  it('a follow queued and being sent when the server is killed is delivered after the restart, with the same webhook-id', { timeout: 300_000 }, async () => {
    // The receiver: records every request; while `hang`, answers none (the first process dies mid-send).
    const state = { hang: true, got: [] as Received[], held: [] as ServerResponse[] }
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        state.got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
        if (state.hang) return void state.held.push(res)
        res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks')
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`

    const dataDir = mkdtempSync(join(tmpdir(), 'webhooks-crash-'))
    const database = engine === 'postgres' ? await freshDatabase('postgres') : undefined
    const env = {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url! } : {}),
      SANDBOX: 'on',
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'on',
      // The dead process's lease (the attempt's timeout and the margin) ends 8 s after it claimed the event.
      WEBHOOKS_TIMEOUT_MS: '5000',
      WEBHOOKS_LEASE_MARGIN_MS: '3000',
      WEBHOOKS_TICK_MS: '100',
    }
    let server: ChildServer | undefined
    try {
      server = await startChildServer({ env })
      const demo = server.demo
      const gql = async (query: string, variables: Record<string, unknown> = {}) => {
        const res = await fetch(`${server!.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query, variables }),
        })
        const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] }
        if (body.errors) throw new Error(JSON.stringify(body.errors))
        return body.data!
      }
      const signIn = async () => {
        const res = await fetch(`${server!.url}/jwt/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: demo.client.email, password: demo.client.password }),
        })
        return ((await res.json()) as { accessToken: string }).accessToken
      }
      let token = await signIn()

      const channelId = (await gql('mutation { connectSandboxChannel { id } }')).connectSandboxChannel.id as string
      await eventually(
        async () => (await gql('query($c: ID!) { channel(id: $c) { status { state } } }', { c: channelId })).channel.status.state === 'running',
        60_000,
        'the sandbox bot to run',
      )
      const endpoint = (
        await gql('mutation($c: ID!, $i: WebhookEndpointInput!) { createWebhookEndpoint(channelId: $c, input: $i) { id secret } }', {
          c: channelId,
          i: { url: hookUrl, events: ['follow'] },
        })
      ).createWebhookEndpoint as { id: string; secret: string }
      const deliveries = async () =>
        (await gql('query($e: ID!) { webhookDeliveries(endpointId: $e) { messageId eventType status attempts } }', { e: endpoint.id })).webhookDeliveries as {
          messageId: string
          eventType: string
          status: string
          attempts: number
        }[]

      await gql('mutation($c: ID!) { sandboxFollow(channelId: $c, viewer: "CrashFan") }', { c: channelId })
      // The event is stored and the first process is sending it: the receiver has the request, unanswered.
      // Killed at once, well within the attempt's timeout: no outcome of it is stored.
      await eventually(() => state.got.length === 1, 60_000, 'the first attempt to reach the receiver')
      await server.stop('SIGKILL')
      const firstId = state.got[0]!.headers['webhook-id']
      expect(firstId).toMatch(/^msg_/)
      expect(server.exit()).toEqual({ code: null, signal: 'SIGKILL' })
      for (const res of state.held) res.destroy()
      state.hang = false

      server = await startChildServer({ env, demo })
      token = await signIn()
      await eventually(async () => (await deliveries())[0]?.status === 'delivered', 120_000, 'the delivery after the restart')

      // Every request the receiver got is the one event, with one id, and verifies with the endpoint's secret.
      expect(state.got.length).toBeGreaterThanOrEqual(2)
      expect(new Set(state.got.map((r) => r.headers['webhook-id']))).toEqual(new Set([firstId]))
      for (const r of state.got) {
        const event = new Webhook(endpoint.secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> }
        expect(event.type).toBe('follow')
        expect(event.data).toMatchObject({ channelId, login: expect.stringMatching(/^crashfan$/i) })
      }
      const after = await deliveries()
      expect(after).toHaveLength(1)
      expect(after[0]).toMatchObject({ messageId: firstId, eventType: 'follow', status: 'delivered' })
    } finally {
      await server?.stop()
      await new Promise<void>((r) => {
        receiver.closeAllConnections()
        receiver.close(() => r())
      })
      await database?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
