/**
 * PostgreSQL connection loss under load, against a child-process server on a throwaway
 * cluster of our own (initdb/pg_ctl; nothing shared is touched): its connections terminated
 * `--rounds` times (pg_terminate_backend), then a full restart (pg_ctl stop -m fast, start).
 * Prints requests sent, failed (by status and code), recovery times, whether the pool healed,
 * and writes lost.
 *   npm run bench:dbloss -- [--rounds 5] [--down 1000] [--workers 4] [--pause 10]   (workers: closed loops; pause between requests, ms)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../../server/src/config'
import { startChildServer } from '../support/child-server'
import {
  admissionCounts,
  lostWrites,
  recoveryMs,
  refusalReasons,
  signIn,
  startLoad,
  unexpectedFailures,
  type AdmissionCounts,
  type LoadStats,
} from '../support/load'
import { connectionsTo, terminateConnections } from '../support/pg-admin'
import { clusterUnavailableReason, createCluster } from '../support/pg-cluster'

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, down: { type: 'string', default: '1000' }, workers: { type: 'string' }, pause: { type: 'string' } },
})
const loadOptions = { workers: values.workers ? Number(values.workers) : undefined, pauseMs: values.pause ? Number(values.pause) : undefined }
const rounds = Number(values.rounds)
const downMs = Number(values.down)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const fmt = (ms: number) => `${Math.round(ms)} ms`

const reason = clusterUnavailableReason()
if (reason) {
  console.error(`cannot make a throwaway PostgreSQL cluster: ${reason}`)
  process.exit(2)
}
const cluster = await createCluster()
const dataDir = mkdtempSync(join(tmpdir(), 'dbloss-'))
// With the deployed default of MAX_LOOP_LAG_MS (the test servers turn it off): a lost
// connection must not show as refusals for loop lag.
const server = await startChildServer({ env: { DATABASE_URL: cluster.url, DATA_DIR: dataDir, MAX_LOOP_LAG_MS: String(loadConfig({}).MAX_LOOP_LAG_MS) } })
const alive = () => server.exit() === null
const summary = async (label: string, s: LoadStats, seconds: number, admitted: AdmissionCounts) => {
  console.log(
    `${label}: sent ${s.sent} (${(s.sent / seconds).toFixed(0)}/s), ok ${s.ok}, failed ${JSON.stringify(s.failed)}, transport errors ${s.transportErrors}`,
  )
  console.log(`  admission: ${refusalReasons(admitted, await admissionCounts(server.url))}`)
  const odd = unexpectedFailures(s)
  if (Object.keys(odd).length) console.log(`  failures other than a coded 503: ${JSON.stringify(odd)}  <-- FAILURE`)
}
let failed = false
try {
  const admin = await signIn(server.url, server.demo.admin)

  // 1. Repeated pg_terminate_backend under load.
  let admitted = await admissionCounts(server.url)
  let load = await startLoad(server.url, server.demo, loadOptions)
  let t0 = performance.now()
  await sleep(2000)
  const recoveries: number[] = []
  let terminated = 0
  for (let i = 0; i < rounds; i++) {
    const at = performance.now()
    terminated += await terminateConnections(cluster.url, 'postgres')
    recoveries.push(await recoveryMs(server.url, admin, at, alive))
    await sleep(2000)
  }
  let stats = await load.stop()
  let lost = await lostWrites(server.url, server.demo, stats)
  const healed = (await connectionsTo(cluster.url, 'postgres')) > 0
  console.log(`\npg_terminate_backend × ${rounds} (${terminated} connections) under load`)
  await summary('  requests', stats, (performance.now() - t0) / 1000, admitted)
  console.log(`  recovery (terminate → next normal read): ${recoveries.map(fmt).join(', ')}; max ${fmt(Math.max(...recoveries))}`)
  console.log(`  pool healed: ${healed ? 'yes' : 'no'}; process alive: ${alive() ? 'yes' : 'NO'}`)
  console.log(
    `  acknowledged writes: ${stats.createdIds.length} users + ${stats.profile.lastAcked} profile; lost: ${lost.users.length + (lost.profile ? 1 : 0)}`,
  )
  failed ||= !alive() || !healed || lost.users.length > 0 || lost.profile || Object.keys(unexpectedFailures(stats)).length > 0

  // 2. A full restart: stop (fast), down for `downMs`, start.
  admitted = await admissionCounts(server.url)
  load = await startLoad(server.url, server.demo, loadOptions)
  t0 = performance.now()
  await sleep(2000)
  const stopAt = performance.now()
  await cluster.stop('fast')
  await sleep(downMs)
  await cluster.start()
  const upAt = performance.now()
  const recovery = await recoveryMs(server.url, admin, upAt, alive)
  await sleep(2000)
  stats = await load.stop()
  lost = await lostWrites(server.url, server.demo, stats)
  console.log(`\nPostgreSQL stop -m fast, ${downMs} ms down, start, under load`)
  await summary('  requests', stats, (performance.now() - t0) / 1000, admitted)
  console.log(`  database away (stop → back up): ${fmt(upAt - stopAt)}; recovery (up → next normal read): ${fmt(recovery)}`)
  console.log(`  pool healed: ${(await connectionsTo(cluster.url, 'postgres')) > 0 ? 'yes' : 'no'}; process alive: ${alive() ? 'yes' : 'NO'}`)
  console.log(
    `  acknowledged writes: ${stats.createdIds.length} users + ${stats.profile.lastAcked} profile; lost: ${lost.users.length + (lost.profile ? 1 : 0)}`,
  )
  failed ||= !alive() || lost.users.length > 0 || lost.profile || Object.keys(unexpectedFailures(stats)).length > 0
} finally {
  await server.stop()
  await cluster.destroy()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exitCode = failed ? 1 : 0
