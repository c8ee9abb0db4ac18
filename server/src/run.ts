import cluster from 'node:cluster'
import { clusterWorkerIndex, runPrimary } from './cluster'
import { loadConfigOrExit } from './config'
import { installPgSafetyNet } from './db/resilience'
import { createLogger } from './logger'
import type { DemoAccount, DemoSeeding } from './demo-seeding'
import { startServer } from './server'

function printDemoAccounts(accounts: DemoAccount[]) {
  if (accounts.length === 0) return
  // Printed once, at the first start: the passwords are stored nowhere else.
  const lines = accounts.map((a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(22)} ${a.password}`)
  console.log(`\nDemo accounts (shown only this once):\n${lines.join('\n')}\n`)
}

/**
 * A server process, as `node` starts it: reads the configuration (a bad one exits 1 with its
 * message), then serves on one port, or with WEB_CONCURRENCY=N supervises N processes. `demo`:
 * DEMO's seeding, which only the demo's entry point (seed/start.ts) gives; server/src/main.ts,
 * the production entry, gives none.
 */
export async function runServerProcess(demo?: DemoSeeding): Promise<void> {
  const started = performance.now()
  const config = loadConfigOrExit()
  const log = createLogger(config.LOG_LEVEL)
  installPgSafetyNet(log)

  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    // WEB_CONCURRENCY=N: this process migrates, seeds and supervises N server processes (cluster.ts).
    try {
      await runPrimary(config, log, { onDemoAccounts: printDemoAccounts, demo })
    } catch (e) {
      log.fatal({ err: e }, 'server failed to start')
      process.exit(1)
    }
  } else {
    const index = clusterWorkerIndex()
    try {
      const server = await startServer(config, log, index === null ? { demo } : { cluster: { index } })
      printDemoAccounts(server.demoAccounts)
      log.info({ url: server.url, ms: Math.round(performance.now() - started), ...(index === null ? {} : { index }) }, 'server listening')
      let stopping = false
      const stop = async (signal: string) => {
        // A second signal while draining ends the process at once.
        if (stopping) process.exit(1)
        stopping = true
        log.info({ signal }, 'shutting down: draining requests and bot replies')
        try {
          await server.close()
          process.exit(0)
        } catch (e) {
          log.error({ err: e }, 'shutdown failed')
          process.exit(1)
        }
      }
      // In a cluster the primary forwards the stop as SIGTERM; a terminal's Ctrl-C (SIGINT to the
      // whole process group) must not count as a second signal here.
      process.on('SIGINT', () => void (index === null ? stop('SIGINT') : undefined))
      process.on('SIGTERM', () => void stop('SIGTERM'))
    } catch (e) {
      log.fatal({ err: e }, 'server failed to start')
      process.exit(1)
    }
  }
}
