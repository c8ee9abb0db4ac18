/**
 * A Chrome trace (with the V8 sampling profiler) of one first-screen load (compiled server, demo
 * seed, phone viewport, cold cache), to name what runs in the long tasks Lighthouse reports.
 * Prints the main thread's busy time and an estimate of Lighthouse's blocking time (each task ×4,
 * less 50 ms), from wall time and from thread time (the latter barely moved by other processes
 * on a busy machine), then each task over 50 ms with its heaviest functions (self time) and the
 * stacks they ran under. Like Lighthouse's simulation it traces unthrottled; --throttle N slows
 * the CPU N× while tracing instead. First it prints the page's paints as the browser reports
 * them: first contentful paint and each largest-contentful-paint candidate with its element
 * (the last one is the element Lighthouse names as LCP).
 *   npm run build && npx tsx tests/bench/trace-first-screen.ts [--page dashboard|login] [--client-dist DIR] [--out trace.json] [--summary] [--throttle 4]
 * For readable names build unminified: npx vite build --config client/vite.config.ts --minify false --outDir /tmp/x
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer from 'puppeteer-core'
import { startChildServer } from '../support/child-server'
import { injectClientSession } from './browser-session'

const argv = process.argv.slice(2)
const opt = (name: string) => {
  const at = argv.indexOf(`--${name}`)
  return at >= 0 ? argv[at + 1] : undefined
}
const PAGE = opt('page') ?? 'dashboard'
const CLIENT_DIST = opt('client-dist') ?? 'dist/client'
const OUT = opt('out')
/** CPU slowdown while tracing (1: as Lighthouse observes, which then multiplies by 4). */
const THROTTLE = Number(opt('throttle') ?? 1)
const QUIET = argv.includes('--summary')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  tdur?: number
  id?: string
  args?: Record<string, any>
}

const dataDir = mkdtempSync(join(tmpdir(), 'trace-first-screen-'))
const server = await startChildServer({ entry: 'compiled', env: { NODE_ENV: 'development', DEMO: 'on', DATA_DIR: dataDir, CLIENT_DIST } })
const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] })
let events: TraceEvent[]
let paints: { name: string; ms: number; size?: number; element?: string }[] = []
const origin = server.url
try {
  if (PAGE === 'dashboard') {
    await injectClientSession(browser, server.url, server.demo.client.password)
  }
  const page = await browser.newPage()
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true })
  // The browser's own paint entries (LCP candidates with their element), read after the load.
  // (A string, not a function: tsx would wrap a function's inner helpers in its __name(), unknown in the page.)
  await page.evaluateOnNewDocument(`(() => {
    const list = (window.__paints = [])
    const describe = (element) => {
      if (!element) return '(removed)'
      const text = (element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40)
      const testId = element.closest('[data-testid]')?.getAttribute('data-testid')
      return '<' + element.tagName.toLowerCase() + '>' + (text ? ' "' + text + '"' : '') + (testId ? ' in [data-testid=' + testId + ']' : '')
    }
    new PerformanceObserver((entries) => {
      for (const e of entries.getEntries()) list.push({ name: e.name, ms: e.startTime })
    }).observe({ type: 'paint', buffered: true })
    new PerformanceObserver((entries) => {
      for (const e of entries.getEntries()) list.push({ name: 'largest-contentful-paint', ms: e.startTime, size: e.size, element: describe(e.element) })
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })()`)
  const cdp = await page.createCDPSession()
  if (THROTTLE !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE })
  await page.tracing.start({
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'toplevel',
      'blink.user_timing',
      'disabled-by-default-v8.cpu_profiler',
      'loading',
    ],
  })
  await page.goto(`${server.url}/${PAGE === 'dashboard' ? 'dashboard/' : 'login'}`, { waitUntil: 'networkidle0' })
  await new Promise((r) => setTimeout(r, 1500))
  paints = await page.evaluate(() => (window as unknown as { __paints: typeof paints }).__paints)
  const buffer = await page.tracing.stop()
  const json = JSON.parse(Buffer.from(buffer!).toString('utf8')) as { traceEvents: TraceEvent[] }
  events = json.traceEvents
  if (OUT) writeFileSync(OUT, JSON.stringify(json))
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

// The renderer main thread: the thread named CrRendererMain with the most events.
const threadNames = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
const counts = new Map<string, number>()
for (const e of events) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1)
// The renderer of the page loaded: the one that parsed its HTML.
const parsedHere = new Set(
  events.filter((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(origin)).map((e) => `${e.pid}:${e.tid}`),
)
const main = threadNames
  .map((t) => `${t.pid}:${t.tid}`)
  .filter((t) => parsedHere.has(t))
  .sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0]
if (!main) throw new Error('no renderer main thread parsed the page in this trace (trace lost?): run again')
const [mainPid, mainTid] = main.split(':').map(Number)
const onMain = events.filter((e) => e.pid === mainPid && e.tid === mainTid)
const navStart =
  onMain.find((e) => e.name === 'navigationStart' || e.name === 'markAsMainFrame')?.ts ?? Math.min(...onMain.filter((e) => e.ts > 0).map((e) => e.ts))

// CPU profile: nodes and samples from Profile / ProfileChunk events of the main thread.
type Node = { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }
const nodes = new Map<number, Node>()
const samples: { ts: number; node: number }[] = []
// Profile ids are per process: the same id can come from another renderer.
const profile = events.find((e) => e.name === 'Profile' && e.pid === mainPid && e.tid === mainTid)
let clock: number = profile?.args?.data?.startTime ?? 0
for (const e of events.filter((x) => x.name === 'ProfileChunk' && x.pid === mainPid && x.id === profile?.id).sort((a, b) => a.ts - b.ts)) {
  const data = e.args?.data
  for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n)
  const ids: number[] = data?.cpuProfile?.samples ?? []
  const deltas: number[] = data?.timeDeltas ?? []
  ids.forEach((id, i) => {
    clock += deltas[i] ?? 0
    samples.push({ ts: clock, node: id })
  })
}
const frameName = (n: Node | undefined) => {
  if (!n) return '?'
  const f = n.callFrame
  const file = f.url ? f.url.replace(/^.*\//, '') : ''
  return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`
}
const stackOf = (id: number): string[] => {
  const out: string[] = []
  for (let n = nodes.get(id); n; n = n.parent !== undefined ? nodes.get(n.parent) : undefined) out.push(frameName(n))
  return out
}
const allTasks = onMain.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && (e.dur ?? 0) > 50_000)
// A ThreadControllerImpl::RunTask nests in a RunTask: keep the outer one.
const tasks = allTasks.filter(
  (e) => !allTasks.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && (o.dur! > e.dur! || o.ts < e.ts || o.name === 'RunTask')),
)
// Lighthouse's simulation multiplies observed main-thread time by 4 (at THROTTLE 1); thread time
// (tdur) is what the renderer itself spent, less inflated than wall time on a busy machine.
const SLOWDOWN = 4 / THROTTLE
const topTasks = onMain.filter((e) => e.ph === 'X' && e.name === 'RunTask')
const blocking = (ms: number) => Math.max(0, ms * SLOWDOWN - 50)
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
const wallMs = topTasks.map((e) => (e.dur ?? 0) / 1000)
const cpuMs = topTasks.map((e) => (e.tdur ?? e.dur ?? 0) / 1000)
for (const p of paints) console.log(`${p.name} at ${p.ms.toFixed(0)} ms${p.element ? `: ${p.element}, ${p.size} px²` : ''}`)
console.log(`main thread ${main}; ${samples.length} samples; tasks over 50 ms: ${tasks.length}`)
console.log(
  `main-thread busy: wall ${sum(wallMs).toFixed(0)} ms, thread ${sum(cpuMs).toFixed(0)} ms; blocking time at 4× (all tasks): wall ${sum(wallMs.map(blocking)).toFixed(0)} ms, thread ${sum(cpuMs.map(blocking)).toFixed(0)} ms`,
)
console.log(
  `longest tasks (thread ms ×${SLOWDOWN}): ${[...cpuMs]
    .sort((a, b) => b - a)
    .slice(0, 8)
    .map((ms) => (ms * SLOWDOWN).toFixed(0))
    .join(', ')}`,
)
if (QUIET) process.exit(0)
for (const task of tasks) {
  const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur!)
  const inside = onMain.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur! && e !== task && (e.dur ?? 0) > 5_000)
  console.log(
    `\n== task at ${((task.ts - navStart) / 1000).toFixed(0)} ms, ${(task.dur! / 1000).toFixed(0)} ms (thread ${((task.tdur ?? 0) / 1000).toFixed(0)} ms); ${inTask.length} samples`,
  )
  for (const e of inside.slice(0, 12)) console.log(`   ${e.name} ${((e.dur ?? 0) / 1000).toFixed(0)} ms ${JSON.stringify(e.args?.data ?? {}).slice(0, 140)}`)
  const self = new Map<string, number>()
  const under = new Map<string, number>()
  for (const s of inTask) {
    const stack = stackOf(s.node)
    self.set(stack[0]!, (self.get(stack[0]!) ?? 0) + 1)
    for (const f of new Set(stack)) under.set(f, (under.get(f) ?? 0) + 1)
  }
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k)
  console.log(
    '   self:',
    top(self, 10)
      .map(([f, c]) => `${f} ×${c}`)
      .join(' | '),
  )
  console.log(
    '   total:',
    top(under, 25)
      .map(([f, c]) => `${f} ×${c}`)
      .join(' | '),
  )
}
