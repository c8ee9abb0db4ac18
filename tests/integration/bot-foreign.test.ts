import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { channels } from '../../server/src/modules/channels/channels.tables'
import { followerEvents } from '../../server/src/modules/followers/followers.tables'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { createBotWorker, type BotWorker } from '../../server/src/worker/bot-worker'
import { REFUSED_RETRY_MS } from '../../server/src/worker/channel-bot'
import { botLinesOf, startTestWorker, stopTestApp, waitFor, type ManualScheduler } from '../support/bot-harness'
import { FLEET_TOKEN_KEY, seedTwitchChannels, type FleetChannel } from '../support/bot-fleet'
import { engines, type Engine } from '../support/databases'
import { localPlatformEnv } from '../support/local-platforms'
import { createTestApp, type TestApp } from '../support/test-app'

/** The fleet's scopes and the followers' one, so channel.follow is subscribed too. */
const SCOPES = ['user:read:chat', 'user:write:chat', 'user:bot', 'channel:bot', 'moderation:read', 'moderator:read:followers']

async function ownerId(t: TestApp): Promise<number> {
  const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.local'))
  return owner!.id
}

/**
 * Issue 34: the bot against a Twitch that is not agreeable (the local one with its fault hooks):
 * a refused subscription, another broadcaster's events, an error that a stream event must not
 * hide, the owner's own command with no bot account of their own.
 */
describe.each(engines)('the bot against a platform that refuses and misdelivers, on %s', (engine) => {
  let twitch: TwitchServer
  let t: TestApp
  let worker: BotWorker
  let scheduler: ManualScheduler
  let ch: FleetChannel
  const login = 'fleet710000'
  const row = async () => (await t.database.db.select().from(channels).where(eq(channels.id, ch.channelId)))[0]!
  const follower = async (userId: string) =>
    (
      await t.database.db
        .select()
        .from(followerEvents)
        .where(and(eq(followerEvents.channelId, ch.channelId), eq(followerEvents.followerId, userId)))
    ).length
  const sent = (text: string) => twitch.sent.filter((s) => s.isSent && s.message === text).length

  beforeAll(async () => {
    twitch = await startTwitchServer({ keepaliveSeconds: 600 })
    t = await createTestApp(engine, { ...localPlatformEnv(twitch), CHANNEL_TOKEN_KEY: FLEET_TOKEN_KEY })
    ch = (await seedTwitchChannels(t.database.db, twitch, await ownerId(t), 1, 710_000, SCOPES))[0]!
    // Twitch refuses chat: the bot (here the broadcaster's account) lacks what channel.chat.message needs.
    twitch.refuseSubscription('channel.chat.message', { status: 403, message: 'The user is not a moderator of the channel' })
    ;({ worker, scheduler } = await startTestWorker(t))
  })

  afterAll(async () => {
    await stopTestApp(t, worker)
    await twitch?.close()
  })

  it('keeps the session and the other subscriptions when one is refused, and the status names it with the fix', async () => {
    const status = await waitFor(async () => {
      const r = await row()
      return r.statusCode === 'SUBSCRIPTION_FORBIDDEN' ? r : null
    }, 'the refusal on the status')
    expect(status.status).toBe('running')
    expect(status.statusArgs).toMatchObject({ types: 'channel.chat.message', bot: login })
    expect(status.statusReason).toContain(`Make the bot a moderator: /mod ${login}`)
    const types = twitch.subscriptions().map((s) => s.type)
    expect(types).toContain('stream.online')
    expect(types).toContain('channel.follow')
    expect(types).not.toContain('channel.chat.message')
    // The other events keep coming on the same session.
    twitch.follow(ch.broadcasterId, { userId: '9001', login: 'fan1' })
    await waitFor(async () => (await follower('9001')) === 1, 'the follow recorded')
    twitch.goLive(ch.broadcasterId)
    await waitFor(async () => (await row()).live, 'the stream online')
    expect(worker.get(ch.channelId)!.eventSub!.welcomes).toBe(1)
    expect(await row()).toMatchObject({ status: 'running', statusCode: 'SUBSCRIPTION_FORBIDDEN' })
    // The owner acts (/mod): the slow retry subscribes it and the status clears.
    twitch.refuseSubscription('channel.chat.message', null)
    await scheduler.advance(REFUSED_RETRY_MS)
    await waitFor(async () => (await row()).statusCode === null, 'the status cleared')
    expect((await row()).status).toBe('running')
    expect(twitch.subscriptions().map((s) => s.type)).toContain('channel.chat.message')
    twitch.chat(ch.broadcasterId, { userId: '9100', login: 'viewer' }, '!ping')
    await waitFor(() => sent('pong viewer') === 1, 'the command answered')
  })

  it("answers the owner's own command when the bot speaks as the broadcaster, and knows its own lines", async () => {
    twitch.chat(ch.broadcasterId, { userId: ch.broadcasterId, login, badges: ['broadcaster'] }, '!ping')
    await waitFor(() => sent(`pong ${login}`) === 1, "the owner's command answered")
    await waitFor(async () => (await botLinesOf(t, ch.channelId)).includes(`pong ${login}`), "the reply's echo stored as the bot's")
    await worker.get(ch.channelId)!.idle()
    expect(sent(`pong ${login}`)).toBe(1)
  })

  it("changes nothing for another broadcaster's events", async () => {
    expect((await row()).live).toBe(true)
    const other = { broadcaster_user_id: '999', broadcaster_user_login: 'other', broadcaster_user_name: 'Other' }
    twitch.sendForeignEvent(ch.broadcasterId, 'stream.offline', other)
    twitch.sendForeignEvent(ch.broadcasterId, 'channel.follow', {
      ...other,
      user_id: '9002',
      user_login: 'elsewhere',
      user_name: 'elsewhere',
      followed_at: new Date().toISOString(),
    })
    twitch.sendForeignEvent(ch.broadcasterId, 'channel.chat.message', {
      ...other,
      chatter_user_id: '9003',
      chatter_user_login: 'stranger',
      chatter_user_name: 'stranger',
      message_id: 'foreign-1',
      message: { text: '!ping', fragments: [] },
      badges: [],
    })
    // A follow of this channel after them: once it is stored, the events before it were handled.
    twitch.follow(ch.broadcasterId, { userId: '9004', login: 'fan2' })
    await waitFor(async () => (await follower('9004')) === 1, 'the own follow recorded')
    await worker.get(ch.channelId)!.idle()
    expect((await row()).live).toBe(true)
    expect(await follower('9002')).toBe(0)
    expect(sent('pong stranger')).toBe(0)
  })

  it('takes a revocation Twitch refuses as a failure (disconnect logs it), not as done', async () => {
    const [token] = twitch.tokenOf(ch.broadcasterId)
    twitch.failRevoke(400)
    await expect(t.services.platforms.twitch.revoke(token!)).rejects.toThrow(/revoke token/)
    twitch.failRevoke(null)
    expect(twitch.revoked).not.toContain(token)
    expect(twitch.tokenOf(ch.broadcasterId)).toContain(token)
  })

  it('keeps an error on the status over the next stream event until it is resolved', async () => {
    twitch.goOffline(ch.broadcasterId)
    await waitFor(async () => !(await row()).live, 'the stream offline')
    // The owner revoked the app at Twitch: the channels service finds out at its next Helix call.
    twitch.revokeAll()
    const call = t.services.channels.actAs(ch.channelId, 'broadcaster', (as) => t.services.platforms.twitch.stream(as.token, as.broadcasterId))
    await expect(call).rejects.toThrow(/reconnect the channel/)
    expect(await row()).toMatchObject({ status: 'error', statusCode: 'RECONNECT_NEEDED' })
    twitch.goLive(ch.broadcasterId)
    await waitFor(async () => (await row()).live, 'the stream online again')
    await worker.get(ch.channelId)!.idle()
    expect(await row()).toMatchObject({ status: 'error', statusCode: 'RECONNECT_NEEDED', live: true })
  })
})

/** TWITCH_EVENTSUB_TRANSPORT=conduit with a shard assignment that keeps failing. */
describe.each(engines)('a conduit whose shards are never assigned, on %s', (engine: Engine) => {
  let twitch: TwitchServer
  let t: TestApp | undefined
  let worker: BotWorker | undefined

  afterAll(async () => {
    await stopTestApp(t, worker)
    await twitch?.close()
  })

  /** A worker on a fresh app with this shard error; answers once `start()` resolved. */
  async function startWith(error: { code: string; message: string }, env: Record<string, string>) {
    await stopTestApp(t, worker)
    await twitch?.close()
    twitch = await startTwitchServer({ keepaliveSeconds: 600 })
    twitch.failShardAssignment(error)
    t = await createTestApp(engine, {
      ...localPlatformEnv(twitch),
      CHANNEL_TOKEN_KEY: FLEET_TOKEN_KEY,
      TWITCH_EVENTSUB_TRANSPORT: 'conduit',
      TWITCH_CONDUIT_SHARDS: '1',
      BOT_RECONNECT_BASE_MS: '50',
      ...env,
    })
    t.clock.now = () => new Date()
    const [ch] = await seedTwitchChannels(t.database.db, twitch, await ownerId(t), 1, 720_000, SCOPES)
    worker = createBotWorker({ services: t.services, config: t.config, log: createLogger('silent') })
    await worker.start()
    return ch!
  }

  /** The bot runs over a WebSocket session of its own: connected, "running", and it answers. */
  async function runsWithoutConduit(ch: FleetChannel) {
    expect(worker!.conduit).toBeNull()
    await waitFor(() => worker!.get(ch.channelId)?.isConnected, 'the bot connected')
    await waitFor(async () => {
      const [r] = await t!.database.db.select().from(channels).where(eq(channels.id, ch.channelId))
      return r?.status === 'running'
    }, 'the status running')
    twitch.chat(ch.broadcasterId, { userId: '9200', login: 'viewer' }, '!ping')
    await waitFor(() => twitch.sent.some((s) => s.isSent && s.message === 'pong viewer'), 'the command answered')
  }

  it('gives the conduit up at once on a permanent shard error and runs the bots on their own sessions', async () => {
    // The bound is far away: only the error's being permanent can end the wait before the test's own timeout.
    const ch = await startWith({ code: '404', message: 'The conduit was not found' }, { TWITCH_CONDUIT_START_TIMEOUT_MS: '600000' })
    await runsWithoutConduit(ch)
  })

  it('gives the conduit up after the bound when the shard error may pass', async () => {
    const ch = await startWith({ code: '503', message: 'Service Unavailable' }, { TWITCH_CONDUIT_START_TIMEOUT_MS: '500' })
    await runsWithoutConduit(ch)
  })
})
