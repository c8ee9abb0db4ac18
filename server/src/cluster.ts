import cluster, { type Worker } from 'node:cluster'
import { resolveSecrets } from './auth/secrets'
import { createPasswordHasher } from './auth/passwords'
import type { Config } from './config'
import type { DemoAccount, DemoSeeding } from './demo-seeding'
import type { Logger } from './logger'
import { resolveTokenKey } from './modules/channels/token-box'
import { openConfiguredDatabase, seedOnStart } from './server'

/** The environment variable a forked server process reads its index from (0 runs the background duties). */
export const WORKER_INDEX_ENV = 'CLUSTER_WORKER_INDEX'

/** A process that dies this soon after its start counts towards a crash loop (restarts then back off). */
const STABLE_MS = 10_000
const MAX_BACKOFF_MS = 30_000

/**
 * WEB_CONCURRENCY=N: this (primary) process migrates and seeds once, then forks N server
 * processes that share the port (node:cluster hands each new connection to one of them in
 * turn) and serves nothing itself. A process that dies is replaced under the same index (at
 * once; after repeated quick deaths with a growing delay, at most 30 s). SIGTERM or SIGINT
 * drains every process (each runs the single-process shutdown of server.ts) and exits 0 when
 * all of them did; a second signal kills them at once.
 */
export async function runPrimary(
  config: Config,
  log: Logger,
  opts: { onDemoAccounts?: (accounts: DemoAccount[]) => void; demo?: DemoSeeding } = {},
): Promise<void> {
  const n = config.WEB_CONCURRENCY
  // Secrets a first start generates are made here, once, and handed to every process alike.
  const secrets = resolveSecrets(config)
  if (secrets.generated) log.warn('JWT_ACCESS_SECRET not set: using a generated secret kept in the data directory')
  resolveTokenKey({ configured: config.CHANNEL_TOKEN_KEY, dataDir: config.DATA_DIR, fallbackSecret: secrets.jwtAccessSecret })
  const database = await openConfiguredDatabase(config, log)
  let demoAccounts: DemoAccount[]
  try {
    const passwords = createPasswordHasher({ memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_ITERATIONS })
    // Under the migration lock: several hosts' primaries may start together.
    demoAccounts = []
    await database.migrate(async () => {
      demoAccounts = await seedOnStart(database.db, passwords, config, log, opts.demo)
    })
  } finally {
    await database.close()
  }
  opts.onDemoAccounts?.(demoAccounts)

  const env = { [WORKER_INDEX_ENV]: '', JWT_ACCESS_SECRET: secrets.jwtAccessSecret }
  const slots = new Map<Worker, { index: number; started: number }>()
  const quickDeaths = new Array<number>(n).fill(0)
  let stopping = false

  const fork = (index: number) => {
    const worker = cluster.fork({ ...env, [WORKER_INDEX_ENV]: String(index) })
    slots.set(worker, { index, started: Date.now() })
  }

  cluster.on('listening', (worker, address) => {
    const slot = slots.get(worker)
    log.info({ index: slot?.index, worker: worker.process.pid, port: address.port }, 'server process listening')
  })
  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker)
    slots.delete(worker)
    if (!slot || stopping) return
    const quick = Date.now() - slot.started < STABLE_MS
    quickDeaths[slot.index] = quick ? quickDeaths[slot.index]! + 1 : 0
    const delay = quick ? Math.min(MAX_BACKOFF_MS, 250 * 2 ** (quickDeaths[slot.index]! - 1)) : 0
    log.error({ index: slot.index, worker: worker.process.pid, code, signal, restartInMs: delay }, 'server process died: starting another')
    setTimeout(() => {
      if (!stopping) fork(slot.index)
    }, delay).unref()
  })

  for (let i = 0; i < n; i++) fork(i)
  log.info({ processes: n }, 'cluster primary started')

  const stop = (signal: string) => {
    if (stopping) {
      // A second signal: no more draining.
      for (const w of slots.keys()) w.process.kill('SIGKILL')
      process.exit(1)
    }
    stopping = true
    log.info({ signal, processes: slots.size }, 'shutting down: draining every server process')
    const exits = [...slots.keys()].map(
      (w) =>
        new Promise<boolean>((resolve) => {
          // Clean: drained and exited 0, or ended by the signal itself (a process still starting has nothing to drain).
          w.once('exit', (code, signal) => resolve(code === 0 || signal === 'SIGTERM'))
          w.process.kill('SIGTERM')
        }),
    )
    // Each process keeps SHUTDOWN_TIMEOUT_MS itself; this only ends one that hangs past it.
    const cut = setTimeout(() => {
      log.warn('a server process did not end after its shutdown deadline: killing it')
      for (const w of slots.keys()) w.process.kill('SIGKILL')
    }, config.SHUTDOWN_TIMEOUT_MS + 5000)
    void Promise.all(exits).then((clean) => {
      clearTimeout(cut)
      log.info('every server process ended')
      process.exit(clean.every(Boolean) ? 0 : 1)
    })
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

/** In a forked server process: its index, or null in a single process. */
export function clusterWorkerIndex(): number | null {
  if (!cluster.isWorker) return null
  const index = Number(process.env[WORKER_INDEX_ENV])
  return Number.isInteger(index) && index >= 0 ? index : 0
}
