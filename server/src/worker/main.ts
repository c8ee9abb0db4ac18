/**
 * `npm run worker`: the bot worker on its own, for deployments that run the bots apart from
 * the web servers. It needs PostgreSQL (DATABASE_URL: PGlite's data directory belongs to the
 * server, whose inline worker runs the bots in the embedded default) and should have REDIS_URL,
 * so settings changes reach it and chat reaches the dashboards at once; without Redis it
 * re-reads the channels every 5 s and the chatboard shows only the stored history.
 */
import { resolveSecrets } from '../auth/secrets'
import { loadConfigOrExit } from '../config'
import { openDatabase } from '../db/client'
import { dbCounters, installPgSafetyNet } from '../db/resilience'
import { createLogger } from '../logger'
import { createServices } from '../services'
import { createBotWorker } from './bot-worker'

const config = loadConfigOrExit()
const log = createLogger(config.LOG_LEVEL)
installPgSafetyNet(log)
if (!config.DATABASE_URL) {
  log.fatal('npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database the server runs the bots itself (WORKER_INLINE)')
  process.exit(1)
}
if (!config.REDIS_URL) log.warn('REDIS_URL not set: the worker re-reads channels every 5 s and live chat stays in this process')

const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
  log,
})
await database.migrate()
// The leases get their own two connections: renewals stuck behind a busy pool (thousands of
// channels' chat) would let the leases expire, and the fenced bots would stop writing and answering.
const leaseDatabase = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS, log, poolSize: 2 })
const secrets = resolveSecrets(config)
const services = createServices({ config, db: database.db, log, secret: secrets.jwtAccessSecret })
// Several workers share the channels through leases (worker_leases): each channel runs on one of them.
const worker = createBotWorker({
  services,
  config,
  log,
  resyncMs: config.REDIS_URL ? 60_000 : 5_000,
  sync: { tickMs: config.SYNC_TICK_SECONDS * 1000 },
  leases: { db: leaseDatabase.db, ttlMs: config.WORKER_LEASE_TTL_MS, name: config.WORKER_ID },
})
// Operators (and npm run bench:bot) ask a running worker for its memory: `kill -USR2 <pid>`.
// Installed before the start: a signal during a long start (thousands of channels) must not end the process.
process.on('SIGUSR2', () => {
  // Run with --expose-gc, the figure is taken after a full collection (live memory, not garbage).
  ;(globalThis as { gc?: () => void }).gc?.()
  const m = process.memoryUsage()
  // With the CPU time used so far (µs) and the statements sent: the bench's per-channel and per-message figures.
  const cpu = process.cpuUsage()
  log.info(
    {
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      bots: worker.bots.size,
      cpuUs: cpu.user + cpu.system,
      statements: dbCounters.statements,
    },
    'worker memory',
  )
})
await worker.start()
log.info({ holder: worker.leases?.holder, channels: worker.bots.size }, 'worker holds its share of the channels')

let stopping = false
const stop = async () => {
  // A second signal while draining ends the process at once.
  if (stopping) process.exit(1)
  stopping = true
  log.info('worker shutting down: sending the replies it owes')
  await worker.stop({ flushMs: config.SHUTDOWN_TIMEOUT_MS })
  await services.realtime.close()
  await services.limits.close()
  await database.close()
  await leaseDatabase.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
