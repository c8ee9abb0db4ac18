import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RedisLimitStore } from '../../server/src/auth/rate-limit'
import { createLogger } from '../../server/src/logger'
import { ChatLimits } from '../../server/src/modules/chat/chat-limiter'
import { createServices, type Services } from '../../server/src/services'
import { createBotWorker, type BotWorker } from '../../server/src/worker/bot-worker'
import { ManualScheduler, stopTestApp, waitFor } from '../support/bot-harness'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

const redisUrl = process.env.TEST_REDIS_URL
const CHAT = 'mutation($c: ID!, $v: String!, $t: String!) { sandboxChat(channelId: $c, viewer: $v, badges: [], text: $t) }'
const SEND = 'mutation($c: ID!, $m: String!) { sendChatMessage(channelId: $c, message: $m) { ok } }'
const HI =
  'mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!hi", response: "Hi ${user}!", cooldownSeconds: 0, userCooldownSeconds: 0 }) { id } }'

/**
 * One chat limit per channel whoever sends as its bot: the chatboard and the giveaways (web
 * process) and the bot's replies (worker). With Redis the two run as two processes here (two
 * service sets on one database and one Redis, each with its own connection, sharing the
 * sandbox platform as two processes share Twitch); without Redis as one process (the inline
 * worker). The channel's limit is lowered to 3 to see it bite.
 */
const setups = [
  ...engines.map((engine) => ({ name: `two processes on one Redis (${engine})`, engine, redis: true })),
  { name: 'one process without Redis (pglite)', engine: 'pglite' as const, redis: false },
]

describe.each(setups)('the chat limit: $name', ({ engine, redis }) => {
  let t: TestApp
  let botSide: Services
  let worker: BotWorker
  let scheduler: ManualScheduler
  let token: string
  let channelId: number
  const { ok, code } = gqlCaller(
    () => t,
    () => token,
  )
  const replies = async () =>
    (await t.services.platforms.sandbox!.ready()).server.sent.filter((s) => s.isSent && s.message.startsWith('Hi ')).map((s) => s.message)

  beforeAll(async () => {
    const prefix = `test-chat-${randomUUID()}:`
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test' }, redis ? { limitStore: new RedisLimitStore(redisUrl!, prefix) } : {})
    token = (await t.loginAs('client')).accessToken
    channelId = Number((await ok('mutation { connectSandboxChannel { id } }')).connectSandboxChannel.id)
    await ok(HI, { c: String(channelId) })
    // The worker's process: its own services (its own Redis connection) on the same database, platform and pub/sub.
    botSide = redis
      ? createServices({
          config: t.config,
          db: t.database.db,
          log: createLogger('silent'),
          secret: t.config.JWT_ACCESS_SECRET!,
          clock: t.clock,
          platforms: t.services.platforms,
          realtime: t.services.realtime,
          limitStore: new RedisLimitStore(redisUrl!, prefix),
        })
      : t.services
    expect([t.services.chat.limits.kind, botSide.chat.limits.kind]).toEqual(redis ? ['redis', 'redis'] : ['memory', 'memory'])
    scheduler = new ManualScheduler(t.clock)
    worker = createBotWorker({ services: botSide, config: t.config, log: createLogger('silent'), scheduler, random: () => 0.5 })
    await worker.start()
    await waitFor(() => worker.get(channelId)?.isConnected, 'the sandbox bot to connect')
    // Found a moderator at its start (100 on Twitch): lowered for the test.
    botSide.chat.limits.setLimit(channelId, 3)
  })

  afterAll(async () => {
    if (botSide && botSide !== t.services) await botSide.limits.close()
    await stopTestApp(t, worker)
  })

  it("counts the chatboard's lines and the bot's replies against the one limit", async () => {
    expect((await ok(SEND, { c: String(channelId), m: 'Welcome, everyone' })).sendChatMessage.ok).toBe(true)
    expect((await ok(SEND, { c: String(channelId), m: 'The stream starts soon' })).sendChatMessage.ok).toBe(true)
    // Two slots taken by the web process: the bot's first reply takes the third, its second waits.
    await ok(CHAT, { c: String(channelId), v: 'Ann', t: '!hi' })
    await ok(CHAT, { c: String(channelId), v: 'Bob', t: '!hi' })
    await waitFor(async () => (await replies()).includes('Hi Ann!') && worker.get(channelId)!.queued === 1, "Ann's reply sent, Bob's waiting")
    expect(await replies()).toEqual(['Hi Ann!'])
    // The window is full for the chatboard too (the bot's limit reached the web process with its reply).
    expect(await code(SEND, { c: String(channelId), m: 'One more' })).toBe('RATE_LIMITED')
    // 30 s later on the test clock the oldest slots free: Bob's reply goes out.
    await waitFor(async () => {
      await scheduler.advance(1000)
      return (await replies()).includes('Hi Bob!')
    }, "Bob's reply once the window moved on")
    expect(await replies()).toEqual(['Hi Ann!', 'Hi Bob!'])
  })
})

describe('the chat limit while its shared store does not answer', () => {
  it('counts in this process alone instead of holding lines back, and asks the store again later', { timeout: 20_000 }, async () => {
    // Nothing listens on port 1: every call to the store fails (within its one-second timeout).
    const store = new RedisLimitStore('redis://127.0.0.1:1', `test-chat-${randomUUID()}:`)
    const limits = new ChatLimits(store, createLogger('silent'))
    try {
      limits.setLimit(7, 2)
      const now = Date.now()
      expect((await limits.take(7, now)).taken).toBe(true)
      expect((await limits.take(7, now + 1)).taken).toBe(true)
      expect(await limits.take(7, now + 2)).toMatchObject({ taken: false, limit: 2 })
      expect((await limits.take(7, now + 30_001)).taken).toBe(true)
      // Another channel keeps its own count.
      expect((await limits.take(8, now + 3)).taken).toBe(true)
    } finally {
      await store.close()
    }
  })
})
