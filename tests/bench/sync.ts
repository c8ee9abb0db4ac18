/**
 * The cost of the per-channel sync schedule for many connected channels, against the local
 * Twitch server, on PGlite (and PostgreSQL when TEST_DATABASE_URL is set):
 *   npm run bench:sync [-- --channels 1000 --live 0.2 --hours 2]
 * Connects N Twitch channels (real OAuth round trips against the local server), makes a share
 * of them live, then runs the sync scheduler on an injected clock for the given simulated
 * hours (a tick every 10 simulated seconds, as in production) and prints:
 * - platform requests per channel per hour (all channels; live and offline ones apart);
 * - database row writes per channel per hour (inserts and updates), and rows stored per channel
 *   per day (net new rows over the hours run, scaled to 24 h at that live share, plus the one
 *   follower-total row per channel and day);
 * - 429s met and runs put off for the rate-limit budget.
 * Prints figures only; bounded in count and time, stops by itself.
 */
import { eq, sql } from 'drizzle-orm'
import { users } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { streamSessions, viewerSamples } from '../../server/src/modules/analytics/analytics.tables'
import { channels } from '../../server/src/modules/channels/channels.tables'
import { followerEvents } from '../../server/src/modules/followers/followers.tables'
import { startTwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { createSyncScheduler } from '../../server/src/worker/sync-scheduler'
import { ManualScheduler } from '../support/bot-harness'
import { engines } from '../support/databases'
import { localPlatformEnv } from '../support/local-platforms'
import { createTestApp, type TestApp } from '../support/test-app'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const N = arg('channels', 1000)
const liveShare = arg('live', 0.2)
const hours = arg('hours', 2)
const TICK_S = 10

/** Rows in the tables the schedule fills, but follower_totals (one row per channel and UTC day, by design, updated in between). */
async function countRows(t: TestApp) {
  const db = t.database.db
  const n = async (table: typeof followerEvents | typeof streamSessions | typeof viewerSamples) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n
  return (await n(followerEvents)) + (await n(streamSessions)) + (await n(viewerSamples))
}

for (const engine of engines) {
  const ref: { t?: TestApp } = {}
  const twitch = await startTwitchServer({ now: () => (ref.t ? ref.t.clock.t : Date.now()), keepaliveSeconds: 600, tokenTtlSeconds: 7 * 86_400 })
  const t = await createTestApp(engine, { PUBLIC_URL: 'http://app.test', ...localPlatformEnv(twitch) })
  ref.t = t
  const db = t.database.db
  // One owner with the Custom plan (no channel limit) and an active licence.
  const [owner] = await db.update(users).set({ package: 'Custom' }).where(eq(users.email, 'client@demo.local')).returning({ id: users.id })
  const c0 = performance.now()
  for (let i = 0; i < N; i++) {
    const id = String(100_000 + i)
    twitch.addUser({ id, login: `caster${i}`, displayName: `Caster${i}` })
    for (let f = 0; f < 5; f++) twitch.follow(id, { userId: `${id}-f${f}`, login: `fan${f}` })
    twitch.consentAs(id)
    const start = await t.services.channels.startConnection(owner!.id, 'twitch')
    const back = await twitch.authorize(start.authorizeUrl)
    const to = await t.services.channels.completeConnection(
      'twitch',
      { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
      start.binding,
    )
    const pendingId = new URL(to, 'http://x').searchParams.get('confirm')
    if (!pendingId) throw new Error(`connect ${i}: ${to}`)
    await t.services.channels.confirmConnection(owner!.id, pendingId)
    // Connecting calls Helix once (GET /users): keep within its 800 points per minute.
    t.clock.advance(0.1)
  }
  const connectSeconds = (performance.now() - c0) / 1000
  const all = await db.select({ id: channels.id, platformUserId: channels.platformUserId }).from(channels)
  const live = all.slice(0, Math.round(all.length * liveShare))
  for (const c of live) {
    twitch.goLive(c.platformUserId, 'Just Chatting')
    twitch.setViewers(c.platformUserId, 10 + (c.id % 90))
    // The bot reports the stream live (as it would from stream.online).
    await db.update(channels).set({ live: true }).where(eq(channels.id, c.id))
  }

  const scheduler = new ManualScheduler(t.clock)
  const sync = createSyncScheduler({
    scheduler,
    platforms: t.services.platforms,
    log: createLogger('silent'),
    targets: () => t.services.analytics.syncTargets(),
    random: Math.random,
    concurrency: 4,
  })
  sync.register(t.services.followers.syncJob)
  sync.register(t.services.analytics.viewersJob)

  // Warm-up: one interval of follower reads (the first reads backfill the newest followers), not counted.
  for (let s = 0; s < 3600; s += TICK_S) {
    t.clock.advance(TICK_S)
    await sync.tick()
  }
  const req0 = { ...sync.stats.byJob.followers! }
  const view0 = { ...(sync.stats.byJob.viewers ?? { requests: 0, rows: 0, runs: 0 }) }
  const stats0 = { ...sync.stats }
  const helix0 = twitch.requests.length
  const rows0 = await countRows(t)
  const w0 = performance.now()
  for (let s = 0; s < hours * 3600; s += TICK_S) {
    t.clock.advance(TICK_S)
    await sync.tick()
  }
  const wall = (performance.now() - w0) / 1000
  const followersReq = sync.stats.byJob.followers!.requests - req0.requests
  const viewersReq = sync.stats.byJob.viewers!.requests - view0.requests
  const requests = twitch.requests.length - helix0
  const writes = sync.stats.rows - stats0.rows
  const stored = (await countRows(t)) - rows0
  const perHour = (n: number, channelsCount: number) => (n / channelsCount / hours).toFixed(2)
  const liveN = Math.max(1, live.length)
  console.log(
    `${engine.padEnd(8)} sync  ${all.length} channels (${live.length} live), ${hours} simulated h in ${wall.toFixed(1)} s wall (connecting took ${connectSeconds.toFixed(1)} s)`,
  )
  console.log(
    `${engine.padEnd(8)} sync  platform requests per channel per hour: ${perHour(requests, all.length)} on average; live ${(Number(perHour(viewersReq, liveN)) + Number(perHour(followersReq, all.length))).toFixed(2)}, offline ${perHour(followersReq, all.length)}`,
  )
  // Stored per day: what the hours run added, scaled to 24 h, plus the one follower_totals row per channel and day.
  const perDay = (n: number) => ((n / hours) * 24 + 1).toFixed(1)
  console.log(
    `${engine.padEnd(8)} sync  database row writes per channel per hour: ${perHour(writes, all.length)}; rows stored per channel per day: ${perDay(stored / all.length)} on average (a channel live all day ${perDay(stored / liveN)}, an offline one 1.0)`,
  )
  console.log(
    `${engine.padEnd(8)} sync  429s: ${sync.stats.rateLimited - stats0.rateLimited}, runs put off for the budget: ${sync.stats.deferred - stats0.deferred}, failures: ${sync.stats.failures - stats0.failures}`,
  )
  await sync.stop()
  await t.services.realtime.close()
  await t.close()
  await twitch.close()
}
