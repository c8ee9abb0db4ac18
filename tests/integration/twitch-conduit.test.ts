import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { createBotWorker, type BotWorker } from '../../server/src/worker/bot-worker'
import { stopTestApp, waitFor } from '../support/bot-harness'
import { FLEET_TOKEN_KEY, seedTwitchChannels, type FleetChannel } from '../support/bot-fleet'
import { localPlatformEnv } from '../support/local-platforms'
import { createTestApp, type TestApp } from '../support/test-app'

const CHANNELS = 6

/**
 * TWITCH_EVENTSUB_TRANSPORT=conduit against the local Twitch: one conduit, two shards (WebSocket
 * sessions), every channel's subscriptions on the conduit with an app token; commands are
 * answered once; a dropped network re-points the shards without re-subscribing.
 */
describe('Twitch EventSub conduit transport', () => {
  let twitch: TwitchServer
  let t: TestApp
  let worker: BotWorker
  let fleet: FleetChannel[]
  const pongs = (viewer: string) => twitch.sent.filter((s) => s.isSent && s.message === `pong ${viewer}`).length

  beforeAll(async () => {
    twitch = await startTwitchServer({ keepaliveSeconds: 600 })
    t = await createTestApp('pglite', {
      ...localPlatformEnv(twitch),
      CHANNEL_TOKEN_KEY: FLEET_TOKEN_KEY,
      TWITCH_EVENTSUB_TRANSPORT: 'conduit',
      TWITCH_CONDUIT_SHARDS: '2',
      BOT_RECONNECT_BASE_MS: '50',
    })
    t.clock.now = () => new Date()
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.local'))
    fleet = await seedTwitchChannels(t.database.db, twitch, owner!.id, CHANNELS)
    worker = createBotWorker({ services: t.services, config: t.config, log: createLogger('silent') })
    await worker.start()
    await waitFor(() => fleet.every((c) => worker.get(c.channelId)?.isConnected), 'every bot attached to the conduit')
  })

  afterAll(async () => {
    await stopTestApp(t, worker)
    await twitch?.close()
  })

  it('runs every channel through one conduit with two shards and answers each command once', async () => {
    const [conduit, ...others] = twitch.conduits()
    expect(others).toEqual([])
    expect(conduit!.shards.map((s) => s.status)).toEqual(['enabled', 'enabled'])
    // Subscriptions belong to the conduit: none on a session, two sockets for all channels.
    expect(twitch.subscriptions()).toEqual([])
    expect(twitch.connectedSessions()).toBe(2)
    expect(
      conduit!.subscriptions
        .filter((s) => s.type === 'channel.chat.message')
        .map((s) => s.condition.broadcaster_user_id)
        .sort(),
    ).toEqual(fleet.map((c) => c.broadcasterId).sort())
    for (const c of fleet) twitch.chat(c.broadcasterId, { userId: `u${c.channelId}`, login: `a${c.channelId}` }, '!ping')
    await waitFor(() => fleet.every((c) => pongs(`a${c.channelId}`) === 1), 'every command answered')
    const delivered = twitch.conduits()[0]!.delivered
    // Viewer lines and the bot's own echoes, all through the shards.
    expect([...delivered.values()].reduce((a, b) => a + b, 0)).toBe(CHANNELS * 2)
    expect(worker.conduit!.unrouted).toBe(0)
  })

  it('re-points its shards after a network drop and keeps the subscriptions (no re-subscribing)', async () => {
    const requests = twitch.state.eventSubRequests
    const sessionsBefore = twitch.conduits()[0]!.shards.map((s) => s.sessionId)
    const welcomes = worker.conduit!.welcomes
    twitch.dropSockets()
    await waitFor(() => worker.conduit!.welcomes >= welcomes + 2 && twitch.conduits()[0]!.shards.every((s) => s.status === 'enabled'), 'both shards back')
    const after = twitch.conduits()[0]!.shards.map((s) => s.sessionId)
    for (let i = 0; i < after.length; i++) expect(after[i]).not.toBe(sessionsBefore[i])
    expect(twitch.state.eventSubRequests).toBe(requests)
    for (const c of fleet) twitch.chat(c.broadcasterId, { userId: `u${c.channelId}`, login: `b${c.channelId}` }, '!ping')
    await waitFor(() => fleet.every((c) => pongs(`b${c.channelId}`) === 1), 'every command answered after the drop')
    expect(fleet.every((c) => pongs(`a${c.channelId}`) === 1)).toBe(true)
  })

  it("a restarted worker finds the conduit's subscriptions (one listing) and creates none of them again", async () => {
    const posts = twitch.state.eventSubRequests
    const lists = twitch.state.requests['/eventsub/subscriptions'] ?? 0
    const subscriptions = twitch.conduits()[0]!.subscriptions.length
    await worker.stop()
    worker = createBotWorker({ services: t.services, config: t.config, log: createLogger('silent') })
    await worker.start()
    await waitFor(() => fleet.every((c) => worker.get(c.channelId)?.isConnected), 'every bot attached again')
    expect(twitch.conduits().map((c) => c.subscriptions.length)).toEqual([subscriptions])
    expect(twitch.state.eventSubRequests).toBe(posts)
    expect(worker.conduit!.counts).toEqual({ found: subscriptions, created: 0, reused: subscriptions })
    expect((twitch.state.requests['/eventsub/subscriptions'] ?? 0) - lists).toBe(1)
    for (const c of fleet) twitch.chat(c.broadcasterId, { userId: `u${c.channelId}`, login: `r${c.channelId}` }, '!ping')
    await waitFor(() => fleet.every((c) => pongs(`r${c.channelId}`) === 1), 'every command answered after the restart')
  })

  it('speaks the documented Helix shapes: app token only, per-shard errors, conduit transport', async () => {
    const form = (body: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    })
    const app = (await (
      await fetch(`${twitch.authUrl}/token`, form({ client_id: twitch.clientId, client_secret: twitch.clientSecret, grant_type: 'client_credentials' }))
    ).json()) as {
      access_token: string
    }
    const helix = (method: string, path: string, token: string, body?: unknown) =>
      fetch(`${twitch.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'client-id': twitch.clientId, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      })
    const userToken = twitch.tokenOf(fleet[0]!.broadcasterId)[0]!
    expect((await helix('GET', '/eventsub/conduits', userToken)).status).toBe(401)
    const created = (await (await helix('POST', '/eventsub/conduits', app.access_token, { shard_count: 3 })).json()) as {
      data: Array<{ id: string; shard_count: number }>
    }
    expect(created.data[0]!.shard_count).toBe(3)
    const patched = (await (
      await helix('PATCH', '/eventsub/conduits/shards', app.access_token, {
        conduit_id: created.data[0]!.id,
        shards: [
          { id: '0', transport: { method: 'websocket', session_id: 'nope' } },
          { id: '7', transport: { method: 'websocket', session_id: 'nope' } },
        ],
      })
    ).json()) as { data: unknown[]; errors: Array<{ id: string }> }
    expect(patched.data).toEqual([])
    expect(patched.errors.map((e) => e.id)).toEqual(['0', '7'])
    const sub = {
      type: 'stream.online',
      version: '1',
      condition: { broadcaster_user_id: fleet[0]!.broadcasterId },
      transport: { method: 'conduit', conduit_id: created.data[0]!.id },
    }
    expect((await helix('POST', '/eventsub/subscriptions', userToken, sub)).status).toBe(401)
    expect((await helix('POST', '/eventsub/subscriptions', app.access_token, sub)).status).toBe(202)
    // Get EventSub Subscriptions: the app's conduit subscriptions, oldest first, 100 a page, one filter at most.
    for (let i = 0; i < 60; i++) {
      const online = { ...sub, condition: { broadcaster_user_id: `9${i}` } }
      expect((await helix('POST', '/eventsub/subscriptions', app.access_token, online)).status).toBe(202)
    }
    type Listed = { data: Array<{ id: string; status: string; type: string; condition: Record<string, string>; transport: { conduit_id?: string } }> }
    type ListBody = Listed & { total: number; total_cost: number; max_total_cost: number; pagination: { cursor?: string } }
    const list = async (query: string, token = app.access_token) => (await (await helix('GET', `/eventsub/subscriptions${query}`, token)).json()) as ListBody
    const all = twitch.conduits().flatMap((c) => c.subscriptions)
    const first = await list('?status=enabled')
    expect(first.data.length).toBe(100)
    expect(first.total).toBe(all.length)
    expect(first).toMatchObject({ total_cost: 0, max_total_cost: 10_000 })
    const pages = [first]
    while (pages.at(-1)!.pagination.cursor) pages.push(await list(`?status=enabled&after=${pages.at(-1)!.pagination.cursor}`))
    expect(pages.flatMap((p) => p.data.map((x) => x.id))).toEqual(all.map((x) => x.id))
    expect(pages.flatMap((p) => p.data).every((x) => x.status === 'enabled' && !!x.transport.conduit_id)).toBe(true)
    expect((await helix('GET', '/eventsub/subscriptions?status=enabled&type=stream.online', app.access_token)).status).toBe(400)
    expect((await list('?type=channel.chat.message')).data.length).toBe(CHANNELS)
    const mine = await list(`?user_id=${fleet[0]!.broadcasterId}`)
    expect(mine.data.length).toBeGreaterThan(0)
    expect(mine.data.every((x) => Object.values(x.condition).includes(fleet[0]!.broadcasterId))).toBe(true)
    expect((await list(`?subscription_id=${all[3]!.id}`)).data.map((x) => x.id)).toEqual([all[3]!.id])
    expect((await list('?status=authorization_revoked')).data).toEqual([])
    // A user token lists that user's WebSocket subscriptions: none here.
    expect((await list('', userToken)).data).toEqual([])
    expect((await helix('DELETE', `/eventsub/conduits?id=${created.data[0]!.id}`, app.access_token)).status).toBe(204)
  })
})
