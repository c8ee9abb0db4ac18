/**
 * A bot whose start fails is started again: Twitch away for a moment (503) is retried with a
 * capped, jittered backoff until the bot runs and answers `!ping`; a refused token (401 even after
 * a refresh) is permanent: reported in the channel's status and not retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../server/src/logger'
import { createBotWorker, type BotWorker } from '../../server/src/worker/bot-worker'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { ManualScheduler, stopTestApp, waitFor } from '../support/bot-harness'
import { connectChannel } from '../support/connect-flow'
import { engines } from '../support/databases'
import { localPlatformEnv } from '../support/local-platforms'
import { createTestApp, type TestApp } from '../support/test-app'

const BROADCASTER = { id: '4101', login: 'retrycaster', displayName: 'RetryCaster' }

describe.each(engines)('bot start retries on %s', (engine) => {
  let t: TestApp
  let twitch: TwitchServer
  let worker: BotWorker
  let scheduler: ManualScheduler
  let token: string
  let channelId: number

  const ok = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await t.gql(query, variables, token)
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors))
    return res.body.data
  }
  // Off means off: without Autostart either (a channel with Autostart keeps a bot waiting for the stream).
  const setActive = (active: boolean) =>
    ok('mutation($id: ID!, $a: Boolean!) { updateBotPanel(channelId: $id, input: { active: $a, autostart: $a }) { id } }', { id: String(channelId), a: active })
  const status = async () => {
    const row = await t.services.channels.byId(channelId)
    return { state: row!.status, reason: row!.statusReason }
  }
  const streamCalls = () => twitch.state.requests['/streams'] ?? 0

  beforeAll(async () => {
    const now = () => (t ? t.clock.t : Date.now())
    twitch = await startTwitchServer({ now, keepaliveSeconds: 600 })
    twitch.addUser(BROADCASTER)
    t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', ...localPlatformEnv(twitch) })
    scheduler = new ManualScheduler(t.clock)
    worker = createBotWorker({
      services: t.services,
      config: t.config,
      log: createLogger(process.env.RETRY_DEBUG ? 'debug' : 'silent'),
      scheduler,
      random: () => 0.5,
    })
    await worker.start()
    token = (await t.loginAs('client')).accessToken
    twitch.consentAs(BROADCASTER.id)
    channelId = Number(await connectChannel(t, token, twitch, 'twitch'))
    await ok('mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!ping", response: "pong ${user}", cooldownSeconds: 0 }) { id } }', {
      c: String(channelId),
    })
    // A new channel may come with Autostart (a bot waiting for the stream): every test starts from no bot.
    await setActive(false)
    await waitFor(async () => !worker.get(channelId) && (await worker.settled(), !worker.get(channelId)), 'no bot for the channel')
  })

  afterAll(async () => {
    await stopTestApp(t, worker)
    await twitch?.close()
  })

  it('starts again after transient failures, with growing delays, until the bot runs and answers', async () => {
    // Twitch answers 503 to the first three start attempts (each fails at its first Helix call, GET /streams).
    twitch.failRequests(BROADCASTER.id, 3, 503, '/streams')
    const calls0 = streamCalls()
    await setActive(true)
    await waitFor(() => worker.retryAttempts(channelId) === 1, 'the first failed start')
    expect(worker.get(channelId)?.isConnected).toBe(false)
    expect(await waitFor(async () => ((await status()).state === 'connecting' && (await status()).reason) || null, 'the retry in the status')).toBe(
      'Could not start: get stream: Service Unavailable; trying again in 0.8 s',
    )

    // The next attempt waits for its backoff (base 1 s, equal jitter at 0.5: 0.75 s), not earlier.
    await scheduler.advance(700)
    expect(streamCalls() - calls0).toBe(1)
    // Then each failed attempt waits twice as long as the one before, until the start succeeds.
    const reasons = ['Could not start: get stream: Service Unavailable; trying again in 0.8 s']
    // A due attempt starts as the clock moves; the worker settles once it has failed and set the next
    // timer (its status written), or started the bot. The loop ends with a start that did not fail.
    for (let i = 0; i < 200 && worker.retryAttempts(channelId) > 0; i++) {
      await scheduler.advance(100)
      await worker.settled()
      const { state, reason } = await status()
      if (state === 'connecting' && reason && reason !== reasons.at(-1)) reasons.push(reason)
    }
    expect(reasons.map((r) => r.replace(/.*trying again in /, ''))).toEqual(['0.8 s', '1.5 s', '3 s'])
    await waitFor(() => worker.get(channelId)?.isConnected, 'the bot running after the failures')
    expect(streamCalls() - calls0).toBe(4)
    expect(worker.retryAttempts(channelId)).toBe(0)
    await waitFor(async () => (await status()).state === 'running', 'status running')
    twitch.chat(BROADCASTER.id, { userId: '9001', login: 'viewer9' }, '!ping')
    await waitFor(() => twitch.sent.some((s) => s.isSent && s.message === 'pong viewer9'), 'the answer to !ping')
  })

  it('does not retry a permanent failure (a refused token): the status says to reconnect', async () => {
    await setActive(false)
    await waitFor(() => !worker.get(channelId), 'the bot stopped')
    twitch.failRequests(BROADCASTER.id, 1000, 401)
    const calls0 = streamCalls()
    await setActive(true)
    const s = await waitFor(async () => ((await status()).state === 'error' ? status() : null), 'the error status')
    expect(s.reason).toBe('Twitch refused the token; reconnect the channel')
    expect(worker.retryAttempts(channelId)).toBe(0)
    const after = streamCalls()
    expect(after - calls0).toBe(2) // the call, and once more after a refresh
    await scheduler.advance(10 * 60_000)
    expect(streamCalls()).toBe(after)
    expect((await status()).state).toBe('error')
    twitch.failRequests(BROADCASTER.id, 0)
  })

  it('stops retrying when the bot is switched off meanwhile', async () => {
    token = (await t.loginAs('client')).accessToken // the test clock moved past the last one's expiry
    await setActive(false)
    await waitFor(() => !worker.get(channelId), 'the bot stopped')
    twitch.failRequests(BROADCASTER.id, 1000, 503)
    await setActive(true)
    await waitFor(() => worker.retryAttempts(channelId) === 1, 'a failed start')
    await setActive(false)
    await waitFor(() => worker.retryAttempts(channelId) === 0 && !worker.get(channelId), 'the retry forgotten')
    const calls = streamCalls()
    await scheduler.advance(10 * 60_000)
    expect(streamCalls()).toBe(calls)
    twitch.failRequests(BROADCASTER.id, 0)
  })
})
