import type { AddressInfo } from 'node:net'
import { createApp } from './app'
import { resolveSecrets } from './auth/secrets'
import type { Config } from './config'
import { openDatabase, type Database } from './db/client'
import type { DemoAccount, DemoPasswords, DemoSeeding } from './demo-seeding'
import { listen } from './http/listen'
import type { Logger } from './logger'
import { seedProductData } from './product-data'
import { createServices, startBackground, stopBackground, type Clock, type Services } from './services'
import { createBotWorker } from './worker/bot-worker'

export interface Started {
  url: string
  port: number
  demoAccounts: DemoAccount[]
  close(): Promise<void>
}

/**
 * The product data and, with DEMO and a demo given (seed/start.ts), the demo accounts and their
 * mail: once per start of a deployment. DEMO on with no demo given (the production entry,
 * server/src/main.ts) seeds none and says so.
 */
export async function seedOnStart(
  db: Database['db'],
  passwords: Services['passwords'],
  config: Config,
  log: Logger,
  demo?: DemoSeeding,
  demoPasswords?: DemoPasswords,
): Promise<DemoAccount[]> {
  await seedProductData(db)
  if (!config.DEMO) return []
  if (!demo) {
    log.warn('DEMO is on, but this entry point (dist/server/main.js) seeds no demo: the demo starts from seed/start.ts (npm start, dist/start.js)')
    return []
  }
  return demo.seed(db, passwords, demoPasswords)
}

/** `snapshot`: PGlite starts from this data-directory tarball (tests; see openDatabase). */
export const openConfiguredDatabase = (config: Config, log: Logger, snapshot?: string) =>
  openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
    pgliteThread: config.PGLITE_THREAD,
    snapshot,
    log,
  })

/**
 * Opens the database, migrates, seeds, and serves everything on one port. As one of the
 * WEB_CONCURRENCY processes (`cluster`, server/src/cluster.ts) the primary has migrated and
 * seeded already, and only the process with index 0 runs the background duties (the inline
 * bot worker, mail delivery), which must not run twice.
 */
export async function startServer(
  config: Config,
  log: Logger,
  opts: {
    clock?: Clock
    /** DEMO's seeding (seed/start.ts gives it; the production entry does not). */
    demo?: DemoSeeding
    demoPasswords?: DemoPasswords
    cluster?: { index: number }
    /** PGlite: start from this data-directory tarball (tests; see openDatabase). */
    snapshot?: string
  } = {},
): Promise<Started> {
  const database = await openConfiguredDatabase(config, log, opts.snapshot)
  const secrets = resolveSecrets(config)
  if (secrets.generated) log.warn('JWT_ACCESS_SECRET not set: using a generated secret kept in the data directory')
  let services!: Services
  let demoAccounts: DemoAccount[] = []
  const prepare = async () => {
    services = createServices({ config, db: database.db, log, secret: secrets.jwtAccessSecret, clock: opts.clock })
    if (!opts.cluster) demoAccounts = await seedOnStart(database.db, services.passwords, config, log, opts.demo, opts.demoPasswords)
  }
  // Migrated and seeded by one server at a time (replicas starting together would insert the
  // same rows); in a WEB_CONCURRENCY cluster the primary has done both.
  if (opts.cluster) await prepare()
  else await database.migrate(prepare)
  // First start of a demo: the demo client gets a sandbox channel with a working assistant.
  if (demoAccounts.length > 0) {
    await opts.demo?.afterStart(database.db, services, demoAccounts).catch((e: unknown) => log.warn({ err: e }, 'sandbox demo channel not created'))
  }
  const background = !opts.cluster || opts.cluster.index === 0
  const shutdown = new AbortController()
  const app = createApp({ config, database, services, log, shutdown: shutdown.signal })
  // The bot worker runs in this process unless WORKER_INLINE=off (then `npm run worker` does).
  const worker =
    config.WORKER_INLINE && background ? createBotWorker({ services, config, log, resyncMs: 60_000, sync: { tickMs: config.SYNC_TICK_SECONDS * 1000 } }) : null
  void worker?.start().catch((e: unknown) => log.error({ err: e }, 'bot worker failed to start'))
  if (background) startBackground(services)
  const server = await listen(app.fetch, config)
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://localhost:${port}`,
    port,
    demoAccounts,
    /**
     * Graceful: stop accepting, end live subscriptions, let in-flight requests finish and the
     * bots send the replies they owe, all within SHUTDOWN_TIMEOUT_MS; then cut what is left and
     * close the database.
     */
    async close() {
      const started = Date.now()
      shutdown.abort()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      // Connections go idle as their last answer ends (a completed subscription's, too): close them as they do.
      server.closeIdleConnections()
      const idle = setInterval(() => server.closeIdleConnections(), 100)
      const cut = setTimeout(() => {
        log.warn('shutdown deadline reached: closing the connections still open')
        server.closeAllConnections()
      }, config.SHUTDOWN_TIMEOUT_MS)
      await Promise.all([closed, worker?.stop({ flushMs: config.SHUTDOWN_TIMEOUT_MS })])
      clearTimeout(cut)
      clearInterval(idle)
      log.info({ ms: Date.now() - started }, 'drained')
      await stopBackground(services)
      await services.platforms.sandbox?.close()
      services.invalidations.close()
      await services.realtime.close()
      await services.limits.close()
      await services.firebaseIdentity?.close()
      await database.close()
    },
  }
}
