/**
 * Login throughput at the production argon2id parameters (19 MiB, t=2, p=1), over HTTP on
 * loopback, against PGlite (and PostgreSQL when TEST_DATABASE_URL is set).
 *   npx tsx tests/bench/login.ts [--requests 200] [--concurrency 10]
 * Prints requests per second and p50/p99 latency; bounded in count, stops by itself.
 */
import { loadConfig } from '../../server/src/config'
import { createLogger } from '../../server/src/logger'
import { startServer } from '../../server/src/server'
import { demoSeeding } from '../../seed/demo'
import { freshDatabase, engines } from '../support/databases'
import { DEMO_PASSWORDS } from '../support/test-app'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const requests = arg('requests', 200)
const concurrency = arg('concurrency', 10)

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

for (const engine of engines) {
  const target = await freshDatabase(engine)
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    ...(target.url ? { DATABASE_URL: target.url } : {}),
    JWT_ACCESS_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000000',
  })
  const server = await startServer(config, createLogger('silent'), { demo: demoSeeding, demoPasswords: DEMO_PASSWORDS })
  type Mode = 'ok' | 'wrong password' | 'unknown email'
  const body = (mode: Mode) =>
    JSON.stringify({
      email: mode === 'unknown email' ? 'nobody@demo.local' : 'client@demo.local',
      password: mode === 'ok' ? DEMO_PASSWORDS.client : 'wrong-password',
    })
  const run = async (mode: Mode) => {
    const wrong = mode !== 'ok'
    const latencies: number[] = []
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          next++
          const t0 = performance.now()
          const res = await fetch(`${server.url}/jwt/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(mode) })
          await res.arrayBuffer()
          if (res.status !== (wrong ? 400 : 200)) throw new Error(`unexpected ${res.status}`)
          latencies.push(performance.now() - t0)
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    latencies.sort((a, b) => a - b)
    return { rps: latencies.length / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99) }
  }
  await run('ok') // warm-up
  const results = { ok: await run('ok'), wrong: await run('wrong password'), unknown: await run('unknown email') }
  for (const [mode, r] of Object.entries(results)) {
    console.log(
      `${engine.padEnd(8)} login ${mode.padEnd(8)} ${r.rps.toFixed(1).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (${requests} requests, ${concurrency} connections)`,
    )
  }
  console.log(`${engine.padEnd(8)} timing ratio unknown email / wrong password (p50): ${(results.unknown.p50 / results.wrong.p50).toFixed(2)}`)
  await server.close()
  await target.drop()
}
