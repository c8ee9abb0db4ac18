/**
 * Fencing beyond chat lines: a worker whose lease renewals stall (a paused or partitioned
 * process) and whose channel another worker has taken over writes nothing more for it: no chat
 * history, no command use count, no status (its bot's, nor a reconnect error of the channels
 * service). With its lease back, it writes again.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../server/src/logger'
import { chatMessages } from '../../server/src/modules/chat/chat.tables'
import { chatCommands } from '../../server/src/modules/commands/commands.tables'
import { createBotWorker, type BotWorker } from '../../server/src/worker/bot-worker'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { stopTestApp, waitFor } from '../support/bot-harness'
import { connectChannel } from '../support/connect-flow'
import { engines } from '../support/databases'
import { localPlatformEnv } from '../support/local-platforms'
import { createTestApp, type TestApp } from '../support/test-app'

const BROADCASTER = { id: '4201', login: 'fencecaster', displayName: 'FenceCaster' }
const TTL_MS = 400

describe.each(engines)('bot writes are fenced on %s', (engine) => {
  let t: TestApp
  let twitch: TwitchServer
  let worker: BotWorker
  let channelId: number
  let resume: (() => void) | null = null

  const lines = async () => (await t.database.db.select({ text: chatMessages.text }).from(chatMessages)).map((r) => r.text)
  const uses = async () => (await t.database.db.select({ n: chatCommands.useCount }).from(chatCommands)).map((r) => r.n)

  beforeAll(async () => {
    twitch = await startTwitchServer({ keepaliveSeconds: 600 })
    twitch.addUser(BROADCASTER)
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', ...localPlatformEnv(twitch) })
    t.clock.now = () => new Date()
    worker = createBotWorker({
      services: t.services,
      config: t.config,
      log: createLogger('silent'),
      leases: { db: t.database.db, ttlMs: TTL_MS, name: 'fenced' },
    })
    await worker.start()
    const { accessToken } = await t.loginAs('client')
    twitch.consentAs(BROADCASTER.id)
    channelId = Number(await connectChannel(t, accessToken, twitch, 'twitch'))
    const ok = async (q: string, v: Record<string, unknown>) => {
      const r = await t.gql(q, v, accessToken)
      if (r.body.errors) throw new Error(JSON.stringify(r.body.errors))
    }
    await ok('mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!ping", response: "pong ${user}", cooldownSeconds: 0 }) { id } }', {
      c: String(channelId),
    })
    await ok('mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { id } }', { id: String(channelId) })
  })

  afterAll(async () => {
    resume?.()
    await stopTestApp(t, worker)
    await twitch?.close()
  })

  it('a worker that lost its lease records no chat line, counts no use and reports no status for the channel', async () => {
    await waitFor(() => worker.get(channelId)?.isConnected, 'the bot running', 30_000)
    twitch.chat(BROADCASTER.id, { userId: '9101', login: 'before' }, '!ping')
    await waitFor(() => twitch.sent.some((s) => s.isSent && s.message === 'pong before'), 'the answer while the lease is held')
    await worker.get(channelId)!.idle()
    const usesBefore = await uses()

    // The worker stalls: its lease rounds hang (as in a long pause), the lease expires, another worker takes it.
    const leases = worker.leases!
    leases.renew = () =>
      new Promise<number[]>((resolve) => {
        resume = () => resolve([])
      })
    await new Promise((r) => setTimeout(r, TTL_MS * 2))
    await t.database.db.execute(
      sql`update worker_leases set holder = 'other-worker', epoch = epoch + 1, expires_at = now() + interval '1 hour' where channel_id = ${channelId}`,
    )
    await t.database.db.execute(sql`update channels set status = 'running', status_reason = 'written by the new holder' where id = ${channelId}`)

    const bot = worker.get(channelId)!
    twitch.chat(BROADCASTER.id, { userId: '9102', login: 'after' }, '!ping')
    twitch.goLive(BROADCASTER.id, 'Chess') // a status change the old worker would report
    // Both events reached the old worker's bot, and it refused to write for them.
    await waitFor(() => bot.stats.fenced >= 2, 'both events refused')
    await bot.idle()

    expect(await lines()).toEqual(['!ping', 'pong before']) // only the lines from before the stall
    expect(await uses()).toEqual(usesBefore)
    expect(twitch.sent.some((s) => s.message === 'pong after')).toBe(false)
    const row = await t.services.channels.byId(channelId)
    expect({ status: row!.status, reason: row!.statusReason, live: row!.live }).toEqual({ status: 'running', reason: 'written by the new holder', live: false })
  })

  it('a worker that lost its lease does not write a reconnect error for the channel either', async () => {
    // Still without the lease (the test above): Twitch now refuses the channel's token, even after a refresh.
    twitch.failRequests(BROADCASTER.id, 1000, 401)
    const client = await t.services.platforms.of((await t.services.channels.byId(channelId))!)
    await expect(t.services.channels.actAs(channelId, 'broadcaster', (as) => client.stream(as.token, as.broadcasterId))).rejects.toThrow(
      /reconnect the channel/,
    )
    // (The status is written, or not, before the error is answered.)
    const row = await t.services.channels.byId(channelId)
    expect({ status: row!.status, reason: row!.statusReason }).toEqual({ status: 'running', reason: 'written by the new holder' })
    twitch.failRequests(BROADCASTER.id, 0)
  })
})
