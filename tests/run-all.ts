/**
 * `npm test`: codegen, then lint, type check and the builds side by side, then every vitest project
 * (unit, component, integration — schema drift included — and cold-cache in one run, two files at a time,
 * then browser tests, two at a time). Integration tests run on PGlite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set; the cold-cache project runs the integration tests of the cached services
 * again on PGlite with every cache off (TEST_COLD_CACHES=1, vitest.config.ts); then the
 * compose stack where a Docker engine runs (tests/compose). Ends with one line:
 * `N passed, N failed`.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { relative } from 'node:path'

interface Step {
  name: string
  cmd: string[]
}

let passed = 0
let failed = 0
const failures: string[] = []
/** Every failed test, by file and full name. */
const failedNames: string[] = []

/**
 * Runs one step with its output held back, then prints the output and the step's line at
 * once, so steps that run side by side do not interleave their lines. Resolves whether it passed.
 */
function runStep(step: Step): Promise<boolean> {
  const started = Date.now()
  const [bin, ...args] = step.cmd
  return new Promise((resolve) => {
    const child = spawn(bin!, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env })
    const output: Buffer[] = []
    child.stdout.on('data', (d: Buffer) => output.push(d))
    child.stderr.on('data', (d: Buffer) => output.push(d))
    const done = (ok: boolean, note = '') => {
      if (output.length) process.stdout.write(Buffer.concat(output))
      if (note) console.log(note)
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
      if (ok) passed++
      else {
        failed++
        failures.push(step.name)
      }
      resolve(ok)
    }
    child.once('error', (e) => done(false, `${step.name}: ${e.message}`))
    child.once('close', (code) => done(code === 0))
  })
}

/** Runs the steps one after the other. */
async function runInOrder(lane: Step[]): Promise<void> {
  for (const step of lane) await runStep(step)
}

// The client's typed GraphQL documents (client/src/gql, *.generated.ts) first: the type check
// and the client build read them. Then lint, the type check and the builds side by side: lint
// and tsc are single-threaded, so on two cores they take about the time of the longer one
// instead of the sum. (`npm run typecheck` alone runs codegen itself; here codegen runs once, first.)
/** TypeScript 7's compiler (npm alias `typescript-7`; `npx tsc` stays 5.9, which typescript-eslint reads). */
const TSC = ['node', 'node_modules/typescript-7/bin/tsc']
const codegen: Step = { name: 'codegen', cmd: ['npm', 'run', '--silent', 'codegen'] }
const lanes: Step[][] = [
  [
    { name: 'lint', cmd: ['npx', 'eslint', '.'] },
    { name: 'format', cmd: ['npm', 'run', '--silent', 'format:check'] },
    // No server function of 150 lines or more (the sandbox's simulated platforms are split later).
    { name: 'function-lengths', cmd: ['npx', 'tsx', 'scripts/function-lengths.ts', '--check'] },
  ],
  [
    // The server (Node's types), the client (the DOM's, no Node's), then the tests and tools over both,
    // by TypeScript 7 (the native compiler, package `typescript-7`): the same checks as the 5.9 that
    // typescript-eslint needs, in about a third of the time.
    { name: 'typecheck:server', cmd: [...TSC, '-p', 'tsconfig.server.json'] },
    { name: 'typecheck:client', cmd: [...TSC, '-p', 'tsconfig.client.json'] },
    { name: 'typecheck', cmd: [...TSC, '-p', 'tsconfig.json'] },
  ],
  [
    { name: 'build', cmd: ['npx', 'vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'] },
    // The overlay page (a separate small build into dist/client/overlay; after the app's, which empties dist/client).
    { name: 'build:overlay', cmd: ['npx', 'vite', 'build', '--config', 'client/vite.overlay.config.ts', '--logLevel', 'warn'] },
    { name: 'build:server', cmd: ['node', 'scripts/build-server.mjs'] },
  ],
]
/**
 * `--quick` (`npm run test:quick`): lint, format, the type checks and the unit and component
 * tests, lint and tsc side by side as below; no build, no integration, browser or compose test.
 */
const quick = process.argv.includes('--quick')
const checksStarted = Date.now()
await runStep(codegen)
await Promise.all((quick ? lanes.slice(0, 2) : lanes).map(runInOrder))
console.log(`checks and builds (${((Date.now() - checksStarted) / 1000).toFixed(1)} s)`)

mkdirSync('.tmp', { recursive: true })

/** Runs vitest with a JSON report and adds its tests to the totals. */
function runVitest(name: string, args: string[], env: NodeJS.ProcessEnv): void {
  const report = `.tmp/vitest-${name}.json`
  rmSync(report, { force: true })
  const started = Date.now()
  const vitest = spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    stdio: 'inherit',
    env,
  })
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number
      numFailedTests: number
      numTotalTests: number
      testResults?: Array<{ name: string; assertionResults?: Array<{ fullName: string; status: string }> }>
    }
    passed += json.numPassedTests
    failed += json.numFailedTests
    if (json.numFailedTests > 0) failures.push(`${json.numFailedTests} ${name} test(s)`)
    // Named again at the end, where a long log's tail still shows them.
    for (const file of json.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'failed') failedNames.push(`${name}: ${relative(process.cwd(), file.name)} > ${t.fullName}`)
      }
    }
    if (json.numTotalTests === 0) {
      failed++
      failures.push(`${name}: vitest ran no test`)
    }
    // A suite that failed to load has no failed tests of its own but a non-zero exit.
    if (vitest.status !== 0 && json.numFailedTests === 0) {
      failed++
      failures.push(`${name}: a file failed to load`)
    }
  } catch {
    failed++
    failures.push(`${name}: no report`)
  }
  console.log(`${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

// Unit, component (happy-dom) and integration tests (PGlite, and PostgreSQL with TEST_DATABASE_URL) two files at a
// time: most of their time is spent waiting on a database or a child server, so a second
// worker halves the wall time on a 2-core machine (`--maxWorkers=2`; vitest's default is one
// fewer than the cores). Then the browser tests, two files at a time too (each file its own
// server and Chromium; vitest.config.ts). In both runs the longest files start first.
// With TESTCONTAINERS=1 the PostgreSQL half and the Redis tests run on containers
// (tests/support/global-setup.ts); the other runs need none.
// Child servers and bot workers start from dist/server, built above from these sources
// (tests/support/child-server.ts: serverArgs), unless that build failed.
if (quick) {
  runVitest('quick', ['--project', 'unit', '--project', 'component', '--maxWorkers=2'], process.env)
  finish()
}
const testEnv: NodeJS.ProcessEnv = { ...process.env, ...(failures.includes('build:server') ? {} : { TEST_COMPILED_SERVER: '1' }) }
const noContainers: NodeJS.ProcessEnv = { ...testEnv }
delete noContainers.TESTCONTAINERS
// The cold-cache project (vitest.config.ts: the cached services' integration tests again on PGlite
// with every cache off) runs in the same pool.
runVitest('vitest', ['--project', 'unit', '--project', 'component', '--project', 'integration', '--project', 'cold-cache', '--maxWorkers=2'], testEnv)
runVitest('e2e', ['--project', 'e2e'], noContainers)

// The compose stack (tests/compose), where a Docker engine answers; COMPOSE_TEST=0 leaves it out.
if (process.env.COMPOSE_TEST === '0') console.log('compose test skipped: COMPOSE_TEST=0')
else if (spawnSync('docker', ['info'], { stdio: 'ignore' }).status !== 0) console.log('compose test skipped: no Docker engine answers `docker info`')
else runVitest('compose', ['--project', 'compose'], noContainers)

finish()

function finish(): never {
  for (const n of failedNames) console.log(`failed test: ${n}`)
  if (failures.length) console.log(`failed: ${failures.join(', ')}`)
  console.log(`${passed} passed, ${failed} failed`)
  process.exit(failed > 0 ? 1 : 0)
}
