/**
 * Start time of `node server/src/main.ts` (via tsx) until /readyz answers: first start on an
 * empty data directory (migrations, secrets, seeding) and a second start on the same one.
 *   npx tsx tests/bench/startup.ts
 * Needs the client built (npm run build) only for the SPA, not for the figure.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'))
const port = 4700 + Math.floor(Math.random() * 200)

async function startOnce(): Promise<number> {
  const t0 = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  try {
    for (let i = 0; i < 600; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`)
        if (res.ok) return performance.now() - t0
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error('server did not become ready within 30 s')
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
}

const first = await startOnce()
const second = await startOnce()
console.log(`start to ready, empty data dir: ${(first / 1000).toFixed(2)} s`)
console.log(`start to ready, existing data:  ${(second / 1000).toFixed(2)} s  (ratio ${(first / second).toFixed(2)})`)
rmSync(dataDir, { recursive: true, force: true })
