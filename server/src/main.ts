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
  const stop = async () => {
    log.info('shutting down')
    await server.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (e) {
  log.fatal({ err: e }, 'server failed to start')
  process.exit(1)
}
