/**
 * Bot throughput and reconnect time against the local Twitch server, on PGlite (and
 * PostgreSQL when TEST_DATABASE_URL is set):
 *   npm run bench:bot [-- --messages 2000]
 * - messages handled per second per channel: viewer lines pushed through EventSub, each one
 *   stored, published and checked for a command (one in ten is a command that answers);
 * - reconnect time: from a dropped socket to a welcomed, re-subscribed session (the first
 *   backoff step is included; BOT_RECONNECT_BASE_MS=100 here).
 * Prints figures only; bounded in count and time, stops by itself.
 */
import { createLogger } from '../../server/src/logger'
import { createBotWorker } from '../../server/src/worker/bot-worker'
import { startTwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { waitFor } from '../support/bot-harness'
import { localPlatformEnv } from '../support/local-platforms'
import { connectChannel } from '../support/connect-flow'
import { engines } from '../support/databases'
import { createTestApp } from '../support/test-app'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const messages = arg('messages', 2000)
const drops = arg('drops', 5)

for (const engine of engines) {
  const twitch = await startTwitchServer({ keepaliveSeconds: 600 })
  twitch.addUser({ id: '1', login: 'benchcaster', displayName: 'BenchCaster' })
  const t = await createTestApp(engine, {
    PUBLIC_URL: 'http://app.test',
    ...localPlatformEnv(twitch),
    BOT_RECONNECT_BASE_MS: '100',
  })
  // Real time for the bot (its clock is the wall clock here).
  t.clock.now = () => new Date()
  const log = createLogger('silent')
  const worker = createBotWorker({ services: t.services, config: t.config, log })
  await worker.start()
  const { accessToken } = await t.loginAs('client')
  const gql = async (q: string, v: Record<string, unknown>) => {
    const r = await t.gql(q, v, accessToken)
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors))
    return r.body.data
  }
  twitch.consentAs('1')
  const id = await connectChannel(t, accessToken, twitch, 'twitch')
  await gql('mutation($c: ID!) { createChatCommand(channelId: $c, input: { trigger: "!hi", response: "hi ${user}", cooldownSeconds: 0 }) { id } }', { c: id })
  await gql('mutation($id: ID!) { updateBotPanel(channelId: $id, input: { active: true }) { id } }', { id })
  const bot = await waitFor(() => (worker.get(Number(id))?.isConnected ? worker.get(Number(id)) : undefined), 'bot', 15_000)

  const handled0 = bot.stats.handled
  const t0 = performance.now()
  for (let i = 0; i < messages; i++) {
    twitch.chat('1', { userId: `v${i % 50}`, login: `viewer${i % 50}` }, i % 10 === 0 ? '!hi' : `message ${i}`)
    if (i % 200 === 199) await new Promise((r) => setImmediate(r))
  }
  // Count viewer lines only (the bot's own echoes are handled too, and excluded here).
  await waitFor(() => bot.stats.handled - handled0 >= messages, 'all lines handled', 120_000)
  await bot.idle()
  const seconds = (performance.now() - t0) / 1000
  console.log(
    `${engine.padEnd(8)} bot  ${(messages / seconds).toFixed(0).padStart(6)} messages/s per channel  (${messages} lines, one in ten a command: ${bot.stats.replies} answers queued for the chat limit)`,
  )

  const times: number[] = []
  for (let i = 0; i < drops; i++) {
    const before = bot.eventSub!.welcomes
    const r0 = performance.now()
    twitch.dropSockets()
    await waitFor(() => bot.eventSub!.welcomes > before && bot.isConnected, 'reconnect', 30_000)
    times.push(performance.now() - r0)
  }
  times.sort((a, b) => a - b)
  console.log(
    `${engine.padEnd(8)} bot  reconnect after a drop: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms  (${drops} drops; backoff 50–100 ms included)`,
  )
  await worker.stop()
  await t.services.realtime.close()
  await t.close()
  await twitch.close()
}
