import { ConfigError, loadConfig } from './config'
import { installPgSafetyNet } from './db/resilience'
import { createLogger } from './logger'
import { startServer } from './server'

const started = performance.now()
let config
try {
  config = loadConfig()
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : e)
  process.exit(1)
}
const log = createLogger(config.LOG_LEVEL)
installPgSafetyNet(log)

try {
  const server = await startServer(config, log)
  if (server.demoAccounts.length > 0) {
    // Printed once, at the first start: the passwords are stored nowhere else.
    const lines = server.demoAccounts.map((a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(22)} ${a.password}`)
    console.log(`\nDemo accounts (shown only this once):\n${lines.join('\n')}\n`)
  }
  log.info({ url: server.url, ms: Math.round(performance.now() - started) }, 'server listening')
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
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
} catch (e) {
  log.fatal({ err: e }, 'server failed to start')
  process.exit(1)
}
