/**
 * Start time until /readyz answers, and resident memory once ready, of the compiled server
 * (`node dist/start.js`, what `npm start` and the image run) against the TypeScript
 * sources run through tsx: a first start on an empty data directory (migrations, secrets,
 * seeding) and a second start on the same one, for each.
 *   npm run build:server && npm run bench:startup [-- --runs 3]
 * Needs the client built (npm run build) only for the SPA, not for the figures.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const argv = process.argv.slice(2)
const runsAt = argv.indexOf('--runs')
const RUNS = runsAt >= 0 ? Number(argv[runsAt + 1]) : 3

interface Variant {
  name: string
  args: string[]
}

const variants: Variant[] = [
  { name: 'compiled (node dist/start.js)', args: ['--enable-source-maps', 'dist/start.js'] },
  { name: 'tsx (node --import tsx seed/start.ts)', args: ['--import', 'tsx', 'seed/start.ts'] },
]
if (!existsSync('dist/start.js')) {
  console.error('dist/start.js is missing: run `npm run build:server` first')
  process.exit(1)
}

/** Resident set size of a process, MiB (Linux). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024
}

async function startOnce(v: Variant, dataDir: string): Promise<{ ms: number; rss: number }> {
  const port = 4700 + Math.floor(Math.random() * 200)
  const t0 = performance.now()
  const child = spawn(process.execPath, v.args, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  try {
    for (let i = 0; i < 1200; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`)
        if (res.ok) {
          const ms = performance.now() - t0
          // Settle for a moment so start-up garbage is collected before memory is read.
          await new Promise((r) => setTimeout(r, 1000))
          return { ms, rss: rssMiB(child.pid!) }
        }
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`${v.name}: not ready within 60 s`)
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const results: Record<string, { first: number; second: number; rss: number }> = {}
for (const v of variants) {
  const firsts: number[] = []
  const seconds: number[] = []
  const rss: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'))
    try {
      firsts.push((await startOnce(v, dataDir)).ms)
      const again = await startOnce(v, dataDir)
      seconds.push(again.ms)
      rss.push(again.rss)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  results[v.name] = { first: median(firsts), second: median(seconds), rss: median(rss) }
  console.log(
    `${v.name}: start to ready ${(median(firsts) / 1000).toFixed(2)} s on an empty data dir, ` +
      `${(median(seconds) / 1000).toFixed(2)} s on existing data; resident memory once ready ${median(rss).toFixed(0)} MiB (median of ${RUNS})`,
  )
}
const [compiled, tsx] = variants.map((v) => results[v.name]!)
console.log(
  `compiled / tsx: start on existing data ${(compiled!.second / tsx!.second).toFixed(2)}×, ` +
    `empty data dir ${(compiled!.first / tsx!.first).toFixed(2)}×, memory ${(compiled!.rss / tsx!.rss).toFixed(2)}×`,
)
