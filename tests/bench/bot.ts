/**
 * Bot throughput and reconnect time against the local Twitch server, on PGlite (and
 * PostgreSQL when TEST_DATABASE_URL is set):
 *   npm run bench:bot [-- --messages 2000]
 * - messages handled per second per channel: viewer lines pushed through EventSub, each one
 *   stored, published and checked for a command (one in ten is a command that answers);
 * - reconnect time: from a dropped socket to a welcomed, re-subscribed session (the first
 *   backoff step is included; BOT_RECONNECT_BASE_MS=100 here).
 * - with PostgreSQL (TEST_DATABASE_URL): one `npm run worker` process with 1,000 and 10,000
 *   channels (`--channels 1000,10000`, `--transport conduit|websocket`, `--rate 200` commands per
 *   second, `--commands 2000`, `--lines 5000` plain lines): its memory per connected
 *   channel (RSS growth over the idle worker) and the p99 time from a viewer's `!ping` to the
 *   bot's reply reaching the local Twitch; the Twitch server and the viewers (the load) run in
 *   this process, the worker in its own. `--skip-single` runs only this part. Every channel must
 *   connect: no progress for `--stall` seconds (180) fails the run with the channels' states.
 *   With TEST_REDIS_URL the worker gets REDIS_URL, as deployed. Heap figures come from the
 *   worker itself (SIGUSR2 logs process.memoryUsage()); each figure is printed with the load.
 *   `--restart` then kills the worker (-9) and times a new one taking the same channels on the
 *   same conduit (whose subscriptions it finds rather than re-creates).
 * Prints figures only; bounded in count and time, stops by itself.
 */
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../server/src/db/client'
import { users } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { FLEET_JWT_SECRET, FLEET_TOKEN_KEY, seedTwitchChannels, spawnWorker, type WorkerProcess } from '../support/bot-fleet'
import { createBotWorker } from '../../server/src/worker/bot-worker'
import { startTwitchServer, type TwitchServer } from '../../server/src/platforms/sandbox/twitch-server'
import { waitFor } from '../support/bot-harness'
import { localPlatformEnv } from '../support/local-platforms'
import { connectChannel } from '../support/connect-flow'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const messages = arg('messages', 2000)
const skipSingle = process.argv.includes('--skip-single')
const drops = arg('drops', 5)

for (const engine of skipSingle ? [] : engines) {
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

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
/** The machine's load (other work shares the cores): `uptime`'s three figures. */
const load = () =>
  `load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`
/** The worker's own figure of its memory (on SIGUSR2 it collects garbage, run with --expose-gc, and logs process.memoryUsage()). */
async function workerMemory(worker: WorkerProcess): Promise<{ rss: number; heapUsed: number; cpuUs: number; statements: number }> {
  const before = worker.output().length
  worker.child.kill('SIGUSR2')
  const line = await waitFor(() => /"heapUsed":(\d+)/.exec(worker.output().slice(before)), 'the worker memory line', 30_000)
  const field = (name: string) => Number(new RegExp(`"${name}":(\\d+)`).exec(worker.output().slice(before))?.[1] ?? 0)
  return { rss: field('rss'), heapUsed: Number(line[1]), cpuUs: field('cpuUs'), statements: field('statements') }
}
/** The process's CPU time so far (µs), from /proc: read without disturbing it (no signal, no collection). */
const cpuUsOf = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(f[11]) + Number(f[12])) * 1_000_000) / 100
}
/**
 * Resolves once the worker is idle: under 10 ms of CPU in a quarter second (its lease rounds and
 * keepalives are far below that). A line is stored before the bot screens and matches it, so
 * "every line stored" comes before the work on the last lines is done.
 */
async function workerIdle(worker: WorkerProcess): Promise<void> {
  const pid = worker.child.pid!
  for (let i = 0; i < 240; i++) {
    const before = cpuUsOf(pid)
    await new Promise((r) => setTimeout(r, 250))
    if (cpuUsOf(pid) - before < 10_000) return
  }
  throw new Error('the worker did not go idle within a minute')
}
/** The worker's warnings and errors, counted by message. */
function warningsOf(output: string): string {
  const counts = new Map<string, number>()
  for (const line of output.split('\n')) {
    const m = /"level":(\d+).*"msg":"([^"]*)"/.exec(line)
    if (m && Number(m[1]) >= 40) counts.set(m[2]!, (counts.get(m[2]!) ?? 0) + 1)
  }
  return [...counts].map(([msg, n]) => `${n}× ${msg}`).join('; ') || 'none'
}
/** Channels' bot states in the database, e.g. "running 913, error 87 (Twitch refused the token; …)". */
async function statesOf(db: Db): Promise<string> {
  const r = (await db.execute(sql`select status, status_reason, count(*)::int as n from channels group by 1, 2 order by 3 desc`)) as unknown as {
    rows: Array<{ status: string; status_reason: string | null; n: number }>
  }
  return r.rows.map((x) => `${x.status} ${x.n}${x.status_reason ? ` (${x.status_reason.slice(0, 160)})` : ''}`).join(', ')
}
const strArg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1]! : fallback
}

/** `npm run worker` against the local Twitch and the test app's database, as the bench runs it (`name`: its WORKER_ID). */
function benchWorker(name: string, twitch: TwitchServer, t: TestApp, transport: string): WorkerProcess {
  return spawnWorker(
    name,
    {
      ...localPlatformEnv(twitch),
      DATABASE_URL: t.config.DATABASE_URL!,
      DATA_DIR: '/tmp/bench-bot-worker',
      LOG_LEVEL: 'info',
      TWITCH_EVENTSUB_TRANSPORT: transport,
      TWITCH_CONDUIT_SHARDS: '1',
      WORKER_LEASE_TTL_MS: '5000',
      // As deployed (main.ts warns without it): without Redis the worker re-reads every channel every 5 s.
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    },
    // BENCH_CPU_PROF=<dir>: the worker writes a V8 CPU profile there (stopped with SIGTERM so it can write it).
    ['--expose-gc', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
  )
}

/**
 * A restart: the worker is killed (-9, its leases expire after the TTL), every status is set
 * back, and a new worker starts on the same channels and the same conduit, whose subscriptions
 * exist. Prints the time from its spawn until every channel says running, its CPU per channel
 * (its own start included) and the subscriptions it created (POSTs) per channel.
 */
async function restartPhase(n: number, transport: string, twitch: TwitchServer, t: TestApp, old: WorkerProcess): Promise<WorkerProcess> {
  old.child.kill('SIGKILL')
  await old.exited
  await t.database.db.execute(sql`update channels set status = 'stopped', status_reason = null`)
  const posts0 = twitch.state.eventSubRequests
  const r0 = performance.now()
  const worker = benchWorker('bench-restart', twitch, t, transport)
  const running = async () =>
    Number(
      ((await t.database.db.execute(sql`select count(*)::int as n from channels where status = 'running'`)) as unknown as { rows: Array<{ n: number }> })
        .rows[0]!.n,
    )
  const marks = new Map<number, number>()
  await waitFor(
    async () => {
      const c = await running()
      for (const share of [0.1, 0.5]) if (!marks.has(share) && c >= n * share) marks.set(share, performance.now())
      return c >= n
    },
    `${n} channels running after the restart`,
    30 * 60_000,
  ).catch(async (e: unknown) => {
    throw new Error(`RESTART: ${(e as Error).message}\n  channel states: ${await statesOf(t.database.db)}\n  worker warnings: ${warningsOf(worker.output())}`)
  })
  const seconds = (performance.now() - r0) / 1000
  // Its figures are taken once its start is done (its own start counted in them).
  await waitFor(() => worker.output().includes('worker holds its share'), 'the restarted worker started', 120_000)
  const figures = await workerMemory(worker)
  const at = (share: number) => (((marks.get(share) ?? performance.now()) - r0) / 1000).toFixed(1)
  console.log(
    `postgres worker  ${String(n).padStart(6)} channels (${transport})  restart (kill -9, new worker, same conduit): all running ${seconds.toFixed(1)} s after the spawn (10 % at ${at(0.1)} s, 50 % at ${at(0.5)} s; the old leases expire after 5 s); worker CPU ${(figures.cpuUs / 1000 / n).toFixed(2)} ms and ${(figures.statements / n).toFixed(1)} statements per channel (its own start included), ${((twitch.state.eventSubRequests - posts0) / n).toFixed(1)} subscriptions created per channel (${load()})`,
  )
  return worker
}

/** One worker process, `n` channels, viewers' commands paced at `rate` per second: memory per channel and p99 reply time. */
async function fleet(n: number, transport: string) {
  const twitch = await startTwitchServer({ keepaliveSeconds: 600 })
  twitch.state.rate = { limit: 1e9, remaining: 1e9, resetAt: Math.ceil(Date.now() / 1000) + 86_400 }
  const t = await createTestApp('postgres', { ...localPlatformEnv(twitch), CHANNEL_TOKEN_KEY: FLEET_TOKEN_KEY, JWT_ACCESS_SECRET: FLEET_JWT_SECRET })
  const worker = benchWorker('bench', twitch, t, transport)
  let restarted: WorkerProcess | null = null
  try {
    await waitFor(() => worker.output().includes('worker holds its share'), 'the idle worker', 120_000).catch((e: unknown) => {
      throw new Error(`${(e as Error).message}\n${worker.output().slice(-2000)}`)
    })
    await new Promise((r) => setTimeout(r, 2000))
    const idleFigures = await workerMemory(worker)
    const idleHeap = idleFigures.heapUsed
    const idle = rssOf(worker.child.pid!)
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.local'))
    const t0 = performance.now()
    const channels = await seedTwitchChannels(t.database.db, twitch, owner!.id, n)
    const chatSubs = () =>
      transport === 'conduit'
        ? twitch.conduitSubscriptionCount('channel.chat.message')
        : twitch.subscriptions().filter((x) => x.type === 'channel.chat.message').length
    // Every channel must connect: no progress for `stallS` seconds fails the run, saying what the channels report.
    const stallS = arg('stall', 180)
    let last = { count: -1, at: performance.now() }
    // waitFor retries a check that throws: a stall ends the wait, and is thrown after it.
    let stalled: Error | null = null
    // When 10 % and 50 % of the channels were connected (channels/s at each step: linear or not).
    const marks = new Map<number, number>()
    const progress = setInterval(
      () => console.error(`  … ${chatSubs()} of ${n} channels connected (${load()})`, process.env.BENCH_DEBUG ? worker.output().slice(-1500) : ''),
      10_000,
    )
    try {
      await waitFor(
        () => {
          const c = chatSubs()
          for (const share of [0.1, 0.5]) if (!marks.has(share) && c >= n * share) marks.set(share, performance.now())
          if (c !== last.count) last = { count: c, at: performance.now() }
          else if (performance.now() - last.at > stallS * 1000) stalled = new Error(`stalled at ${c} of ${n} connected for ${stallS} s`)
          return c >= n || stalled
        },
        `${n} channels connected`,
        60 * 60_000,
      )
        .then(() => {
          if (stalled) throw stalled
        })
        .catch(async (e: unknown) => {
          throw new Error(
            `NOT ALL CHANNELS CONNECTED (${chatSubs()} of ${n}): ${(e as Error).message}\n  channel states: ${await statesOf(t.database.db)}\n  worker warnings: ${warningsOf(worker.output())}`,
          )
        })
    } finally {
      clearInterval(progress)
    }
    const connectS = (performance.now() - t0) / 1000
    await new Promise((r) => setTimeout(r, 3000))
    const loadedFigures = await workerMemory(worker)
    const loadedHeap = loadedFigures.heapUsed
    const loaded = rssOf(worker.child.pid!)
    const connectLoad = load()
    const rateAt = (share: number) => ((n * share) / (((marks.get(share) ?? performance.now()) - t0) / 1000)).toFixed(0)
    console.log(
      `postgres worker  ${String(n).padStart(6)} channels (${transport})  connect: ${rateAt(0.1)} channels/s at 10 %, ${rateAt(0.5)} at 50 %, ${(n / connectS).toFixed(0)} at 100 % (goal: 10,000 in ≤ 30 s, i.e. ≥ 333/s, flat); worker CPU ${((loadedFigures.cpuUs - idleFigures.cpuUs) / 1000 / n).toFixed(2)} ms and ${((loadedFigures.statements - idleFigures.statements) / n).toFixed(1)} database statements per channel connected`,
    )

    // Throughput: plain viewer lines (no command) spread over the channels, as fast as the worker takes them.
    const lines = Math.min(arg('lines', 5000), n * 20)
    const countLines = async () =>
      Number(
        ((await t.database.db.execute(sql`select count(*)::int as n from chat_messages where not from_bot`)) as unknown as { rows: Array<{ n: number }> })
          .rows[0]!.n,
      )
    if (lines > 0) await linesPhase()
    async function linesPhase() {
      const stored0 = await countLines()
      const before = await workerMemory(worker)
      const l0 = performance.now()
      for (let i = 0; i < lines; i++) {
        twitch.chat(channels[(i * 7919) % n]!.broadcasterId, { userId: `w${i % 500}`, login: `watcher${i % 500}` }, `line ${i} of the bench`)
        if (i % 100 === 99) await new Promise((r) => setImmediate(r))
      }
      await waitFor(async () => (await countLines()) - stored0 >= lines, 'every line stored', 600_000)
      const storedS = (performance.now() - l0) / 1000
      // The CPU and statements after the last line's screening and matching, not only its storing.
      await workerIdle(worker)
      const linesS = (performance.now() - 250 - l0) / 1000
      const after = await workerMemory(worker)
      console.log(
        `postgres worker  ${String(n).padStart(6)} channels (${transport})  chat lines: ${(lines / linesS).toFixed(0)} messages/s per worker (all stored in ${storedS.toFixed(1)} s, handled in ${linesS.toFixed(1)} s), worker CPU ${((after.cpuUs - before.cpuUs) / 1000 / lines).toFixed(3)} ms and ${((after.statements - before.statements) / lines).toFixed(2)} statements per message (goal ≤ 0.1 ms CPU; ${lines} lines, stored, published, filtered, matched; ${load()})`,
      )
    }

    // Reply arrival times, as the local Twitch receives the bot's messages.
    const arrived = new Map<string, number>()
    const push = twitch.sent.push.bind(twitch.sent)
    twitch.sent.push = (...items) => {
      for (const it of items) if (it.message.startsWith('pong ')) arrived.set(it.message.slice(5), performance.now())
      return push(...items)
    }
    const commands = Math.min(arg('commands', 2000), n * 2)
    const rate = arg('rate', 200)
    const sentAt = new Map<string, number>()
    const beforeCommands = await workerMemory(worker)
    for (let i = 0; i < commands; i++) {
      const c = channels[(i * 7919) % n]!
      const viewer = `q${i}`
      sentAt.set(viewer, performance.now())
      twitch.chat(c.broadcasterId, { userId: `v${i}`, login: viewer }, '!ping')
      if (i % 20 === 19) await new Promise((r) => setTimeout(r, (20 / rate) * 1000))
    }
    await waitFor(() => arrived.size >= commands, 'every reply', 300_000).catch((e: unknown) => {
      throw new Error(`NOT EVERY COMMAND ANSWERED (${arrived.size} of ${commands}): ${(e as Error).message}\n  worker warnings: ${warningsOf(worker.output())}`)
    })
    const afterCommands = await workerMemory(worker)
    const times = [...sentAt].map(([v, at]) => arrived.get(v)! - at).sort((a, b) => a - b)
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1)
    console.log(
      `postgres worker  ${String(n).padStart(6)} channels (${transport})  ${((loaded - idle) / n / 1024).toFixed(1)} KiB RSS, ${((loadedHeap - idleHeap) / n / 1024).toFixed(1)} KiB heap per connected channel (RSS idle ${(idle / 2 ** 20).toFixed(0)} MiB → ${(loaded / 2 ** 20).toFixed(0)} MiB, heap ${(idleHeap / 2 ** 20).toFixed(0)} → ${(loadedHeap / 2 ** 20).toFixed(0)} MiB; all ${n} connected in ${connectS.toFixed(0)} s, ${connectLoad})`,
    )
    console.log(
      `postgres worker  ${String(n).padStart(6)} channels (${transport})  !ping → reply: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms (goal ≤ 100 ms at 200/s), max ${p(1)} ms; worker CPU ${((afterCommands.cpuUs - beforeCommands.cpuUs) / 1000 / commands).toFixed(2)} ms per command and reply  (${commands} commands at ${rate}/s over ${Math.min(n, commands)} channels; ${load()})`,
    )
    // --restart: the worker is killed (-9) and a new one takes the same channels on the same conduit.
    if (process.argv.includes('--restart')) restarted = await restartPhase(n, transport, twitch, t, worker)
  } finally {
    for (const w of [worker, restarted]) {
      if (!w?.alive()) continue
      w.child.kill(process.env.BENCH_CPU_PROF ? 'SIGTERM' : 'SIGKILL')
      await w.exited
    }
    await t.close()
    await twitch.close()
  }
}

if (process.env.TEST_DATABASE_URL) {
  const transport = strArg('transport', 'conduit')
  for (const n of strArg('channels', '1000,10000').split(',').map(Number)) await fleet(n, transport)
} else console.log('worker fleet: skipped (needs TEST_DATABASE_URL: the worker runs in its own process on PostgreSQL)')
