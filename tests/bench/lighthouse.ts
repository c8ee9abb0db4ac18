/**
 * Lighthouse (npm) on a phone: the mobile preset with simulated throttling (slow 4G, 4× CPU),
 * driving Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH; no browser is downloaded),
 * against the compiled server (`node dist/start.js`) started here on a fresh data
 * directory with the demo seed. Pages: /login, and /dashboard/ signed in as the demo client
 * (signed in through POST /jwt/login; the session is put into localStorage as the client keeps
 * it, client/src/lib/session.ts, before Lighthouse loads the page). Each run starts a fresh
 * browser profile, so the HTTP cache is cold.
 * Prints the median of the runs per page and whether each goal is met.
 *   npm run build && npm run bench:lighthouse [-- --runs 3] [--json DIR] [--only login|dashboard] [--client-dist DIR]
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import lighthouse, { type Config, type Flags } from 'lighthouse'
import puppeteer, { type Browser } from 'puppeteer-core'
import { startChildServer } from '../support/child-server'
import { injectClientSession } from './browser-session'

const argv = process.argv.slice(2)
const opt = (name: string) => {
  const at = argv.indexOf(`--${name}`)
  return at >= 0 ? argv[at + 1] : undefined
}
const RUNS = Number(opt('runs') ?? 3)
const JSON_DIR = opt('json')
/** `--only login` or `--only dashboard`: one page. */
const ONLY = opt('only')
/** `--client-dist DIR`: another build of the client (e.g. to compare two builds). */
const CLIENT_DIST = opt('client-dist') ?? 'dist/client'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']

/** The goals of issue 15 ("Speed on a phone"). */
const GOALS = { score: 0.9, lcpMs: 2500, tbtMs: 200, cls: 0.1 }

const config: Config = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    // Lighthouse's default set: the HTTP cache is cleared before each run, localStorage is kept.
    clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'],
  },
}

interface Server {
  base: string
  clientPassword: string
  stop(): Promise<void>
}

/** The compiled server (tests/support/child-server.ts) on a fresh data directory, demo seed on. */
async function startCompiledServer(): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))
  const server = await startChildServer({
    entry: 'compiled',
    env: { NODE_ENV: 'development', DEMO: 'on', DATA_DIR: dataDir, CLIENT_DIST },
  })
  return {
    base: server.url,
    clientPassword: server.demo.client.password,
    async stop() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

interface Figures {
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  transferKiB: number
  requests: number
  /** Lighthouse's measure of this machine's speed at the time of the run (its simulation multiplies observed CPU time by 4, so a busy machine inflates TBT and LCP). */
  benchmarkIndex: number
  finalUrl: string
}

async function runOnce(browser: Browser, url: string, name: string, run: number): Promise<Figures> {
  const page = await browser.newPage()
  try {
    const flags: Flags = { logLevel: 'error', output: 'json' }
    const result = await lighthouse(url, flags, config, page)
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    if (JSON_DIR) {
      mkdirSync(JSON_DIR, { recursive: true })
      writeFileSync(join(JSON_DIR, `${name}-${run}.json`), JSON.stringify(lhr))
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0
    return {
      score: lhr.categories.performance?.score ?? 0,
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcpMs: audit('first-contentful-paint'),
      transferKiB: audit('total-byte-weight') / 1024,
      requests,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      finalUrl: lhr.finalDisplayedUrl,
    }
  } finally {
    await page.close()
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

function report(name: string, runs: Figures[]): boolean {
  const m = (key: keyof Omit<Figures, 'finalUrl' | 'benchmarkIndex'>) => median(runs.map((r) => r[key]))
  const score = m('score')
  const lcp = m('lcpMs')
  const tbt = m('tbtMs')
  const cls = m('cls')
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met')
  const checks = [score >= GOALS.score, lcp <= GOALS.lcpMs, tbt <= GOALS.tbtMs, cls <= GOALS.cls]
  console.log(`${name} (median of ${runs.length}; runs: scores ${runs.map((r) => r.score.toFixed(2)).join(', ')})`)
  console.log(`  performance score ${score.toFixed(2)}  goal ≥ ${GOALS.score}: ${met(checks[0]!)}`)
  console.log(`  LCP ${(lcp / 1000).toFixed(2)} s  goal ≤ ${GOALS.lcpMs / 1000} s: ${met(checks[1]!)}`)
  console.log(`  TBT ${tbt.toFixed(0)} ms  goal ≤ ${GOALS.tbtMs} ms: ${met(checks[2]!)}`)
  console.log(`  CLS ${cls.toFixed(3)}  goal ≤ ${GOALS.cls}: ${met(checks[3]!)}`)
  console.log(`  FCP ${(m('fcpMs') / 1000).toFixed(2)} s, transfer ${m('transferKiB').toFixed(1)} KiB in ${m('requests')} requests`)
  console.log(
    `  host benchmarkIndex per run ${runs.map((r) => r.benchmarkIndex.toFixed(0)).join(', ')} (lower = busier machine; CPU figures are not comparable across very different values)`,
  )
  return checks.every(Boolean)
}

if (!existsSync('dist/start.js') || !existsSync(join(CLIENT_DIST, 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first')
  process.exit(1)
}
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`)
  process.exit(1)
}

const server = await startCompiledServer()
let allMet = true
try {
  const pages: { name: string; path: string; signedIn: boolean }[] = [
    { name: 'login', path: '/login', signedIn: false },
    { name: 'dashboard', path: '/dashboard/', signedIn: true },
  ]
  for (const p of pages.filter((page) => !ONLY || page.name === ONLY)) {
    const runs: Figures[] = []
    for (let i = 0; i < RUNS; i++) {
      let figures: Figures | undefined
      // Lighthouse sometimes loses the trace (NO_NAVSTART, "run Lighthouse again"): up to 3 attempts.
      for (let attempt = 1; !figures; attempt++) {
        // A fresh browser (new profile) per run, as the Lighthouse CLI does.
        const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS })
        try {
          if (p.signedIn) await injectClientSession(browser, server.base, server.clientPassword)
          figures = await runOnce(browser, `${server.base}${p.path}`, p.name, i + 1)
        } catch (error) {
          if (attempt >= 3 || !(error instanceof Error) || !error.message.startsWith('Lighthouse: ')) throw error
          console.log(`  ${p.path} run ${i + 1}: ${error.message.slice(0, 60)}…, again`)
        } finally {
          await browser.close()
        }
      }
      // A signed-in page that sent us to /login would measure the wrong page.
      if (new URL(figures.finalUrl).pathname !== p.path) throw new Error(`${p.path} ended on ${figures.finalUrl}`)
      runs.push(figures)
      console.log(
        `  ${p.path} run ${i + 1}: score ${figures.score.toFixed(2)}, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, TBT ${figures.tbtMs.toFixed(0)} ms, benchmarkIndex ${figures.benchmarkIndex.toFixed(0)}`,
      )
    }
    allMet = report(`${p.path}${p.signedIn ? ' (signed in as the demo client)' : ''}`, runs) && allMet
  }
} finally {
  await server.stop()
}
console.log(allMet ? 'all goals met' : 'some goals NOT met')
process.exitCode = allMet ? 0 : 1
