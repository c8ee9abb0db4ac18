/**
 * Overlay connections (modules/alerts), printed, not a timed test:
 *   npm run bench:overlays -- [--connections 5000] [--rounds 5]
 * The app on PGlite serves over real HTTP in this process; a child process opens the SSE
 * connections (10 per channel, the per-channel bound, so connections/10 channels). Prints the
 * server's memory per open connection (heap + external + array buffers after a GC, and RSS):
 * the growth from a tenth of the connections open (code paths warm, the database's buffers
 * settled) to all of them, divided by the connections added; then publishes one alert to
 * every channel per round and prints the delivery latency (publish → received by the client
 * process) p50/p99/max over all connections, and the server's share: from the first publish
 * until every stream has been written, and its CPU time (after one warm-up round, not counted).
 * Goals (issue 37): ≤ 20 KiB per connection at 5,000, fan-out p99 ≤ 200 ms.
 */
import { fork } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg } from 'node:os'
import { listen } from '../../server/src/http/listen'
import { users } from '../../server/src/db/schema'
import { channels } from '../../server/src/modules/channels/channels.tables'
import { MAX_OVERLAYS_PER_CHANNEL } from '../../server/src/modules/alerts/overlay-hub'
import { createTestApp } from '../support/test-app'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]?.replace(/_/g, '')) : fallback
}
const CONNECTIONS = arg('connections', 5000)
const ROUNDS = arg('rounds', 5)
const CHANNELS = Math.ceil(CONNECTIONS / MAX_OVERLAYS_PER_CHANNEL)
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) console.warn('run with --expose-gc (npm run bench:overlays does) for exact memory figures')

// Connections open in a burst: the admission queue takes them all (each stream gives its slot back once open).
const t = await createTestApp('pglite', { MAX_QUEUE: '100000', QUEUE_TIMEOUT_MS: '120000', QUEUE_TARGET_MS: '120000', MAX_LOOP_LAG_MS: '0' })
const [owner] = await t.database.db.select({ id: users.id }).from(users).limit(1)
const rows = await t.database.db
  .insert(channels)
  .values(
    Array.from({ length: CHANNELS }, (_, i) => ({
      userId: owner!.id,
      platform: 'twitch' as const,
      platformUserId: `bench-${i}`,
      login: `bench${i}`,
      displayName: `Bench${i}`,
    })),
  )
  .returning({ id: channels.id })
const paths: string[] = []
for (const r of rows) {
  const o = await t.services.alerts.overlayOf(r.id)
  for (let k = 0; k < MAX_OVERLAYS_PER_CHANNEL && paths.length < CONNECTIONS; k++) paths.push(`/overlay/${o.key}/events`)
}
const server = await listen(t.app.fetch, { ...t.config, PORT: 0, HOST: '127.0.0.1', MAX_CONNECTIONS_PER_ADDRESS: CONNECTIONS * 2 })
const port = (server.address() as AddressInfo).port

const clients = fork(new URL('./overlay-clients.mjs', import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
const next = (kind: string) =>
  new Promise<{ kind: string; received?: number[]; status?: string }>((resolve) => {
    const on = (m: { kind: string }) => {
      if (m.kind === kind || m.kind === 'refused') {
        clients.off('message', on)
        resolve(m)
      }
    }
    clients.on('message', on)
  })
const openPaths = async (some: string[]) => {
  clients.send({ kind: 'open', port, paths: some })
  const opened = await next('open')
  if (opened.kind === 'refused') throw new Error(`a connection was refused: ${opened.status}`)
  await new Promise((r) => setTimeout(r, 1000))
}
const memory = () => {
  gc?.()
  const m = process.memoryUsage()
  return { js: m.heapUsed + m.external + m.arrayBuffers, rss: m.rss }
}
// From a warm start: a tenth open first (their code paths loaded, the database's buffers grown), then the rest.
const warm = Math.floor(CONNECTIONS / 10)
await openPaths(paths.slice(0, warm))
const before = memory()
await openPaths(paths.slice(warm))
const after = memory()
const added = CONNECTIONS - warm
const kib = (n: number) => (n / 1024).toFixed(1)
console.log(`overlay connections: ${CONNECTIONS} on ${CHANNELS} channels (${MAX_OVERLAYS_PER_CHANNEL} per channel), one process, PGlite`)
console.log(
  `memory per connection (${warm} → ${CONNECTIONS} open): ${kib((after.js - before.js) / added)} KiB (heap + external), ${kib((after.rss - before.rss) / added)} KiB (RSS); goal ≤ 20 KiB`,
)

const latencies: number[] = []
/** Per round: from the first publish until the server has written the alert to every stream (its share of the latency). */
const written: number[] = []
/** Per round: the server process's CPU time (user + system) for it, which a busy shared machine does not stretch. */
const cpu: number[] = []
// A first round (-1) warms the fan-out's code paths (JIT) and is not counted.
for (let round = -1; round < ROUNDS; round++) {
  const sent = Date.now()
  const cpuBefore = process.cpuUsage()
  for (const r of rows) {
    t.services.pubsub.publish('overlay', String(r.id), {
      kind: 'alert',
      id: `bench-${round}-${r.id}`,
      type: 'cheer',
      text: `bench ${sent}`,
      durationMs: 1000,
      sound: null,
      imageUrl: null,
      test: true,
    })
  }
  // The in-memory pub/sub delivers in microtasks: by the next turn of the loop every stream has been written.
  await new Promise((r) => setImmediate(r))
  const used = process.cpuUsage(cpuBefore)
  const allWritten = Date.now() - sent
  await new Promise((r) => setTimeout(r, 1500))
  clients.send('report')
  const got = (await next('report')).received ?? []
  if (round < 0) {
    console.log(`warm-up round: ${got.length}/${CONNECTIONS} delivered (not counted)`)
    continue
  }
  written.push(allWritten)
  cpu.push(Math.round((used.user + used.system) / 1000))
  latencies.push(...got)
  console.log(`round ${round + 1}: ${got.length}/${CONNECTIONS} delivered`)
}
latencies.sort((a, b) => a - b)
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN
console.log(`fan-out latency over ${latencies.length} deliveries: p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${latencies.at(-1)} ms; goal p99 ≤ 200 ms`)
console.log(`server side: every stream written ${written.join(', ')} ms after the first publish, using ${cpu.join(', ')} ms of CPU (per round)`)
console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (shared)`,
)
clients.send('exit')
server.closeAllConnections()
server.close()
await t.close()
process.exit(0)
