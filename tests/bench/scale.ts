/**
 * Many processes: the admin's first users page (GraphQL) served by WEB_CONCURRENCY=1 and =2 on
 * PostgreSQL and Redis, load from a separate process (wrk, Debian's `apt-get install wrk`):
 *   TEST_DATABASE_URL=postgres://… TEST_REDIS_URL=redis://… npm run bench:scale -- [--users 100000] [--seconds 10] [--connections 10] [--rounds 3]
 * Seeds (once, kept and reused) a database `bench_scale_<users>` with that many bulk users
 * (seed/bulk.ts), starts the real server (server/src/main.ts) with N = 1 and N = 2 side by side,
 * measures them in turns over several rounds, and prints the medians of requests per second,
 * p50 and p99 of the page and of GET /healthz (the floor: no database, no token) for each N,
 * and the N = 2 / N = 1 ratios. The load generator, the
 * database and Redis share the machine's cores with the servers: see the printed load average.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { createPasswordHasher } from '../../server/src/auth/passwords'
import { openDatabase } from '../../server/src/db/client'
import { seedBulkUsers } from '../../seed/bulk'
import { seedProductData } from '../../server/src/product-data'
import { seedDemo } from '../../seed/demo'
import { deployedEnv, startChildServer, type ChildServer } from '../support/child-server'
import { DEMO_PASSWORDS } from '../support/test-app'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]?.replace(/_/g, '')) : fallback
}
const USERS = arg('users', 100_000)
const SECONDS = arg('seconds', 10)
const CONNECTIONS = arg('connections', 10)
const ROUNDS = arg('rounds', 3)
const GOAL = 1.6

const pgUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
if (!pgUrl || !redisUrl) {
  console.error('bench:scale needs PostgreSQL and Redis: set TEST_DATABASE_URL and TEST_REDIS_URL.')
  process.exit(1)
}
if (spawnSync('wrk', ['--version']).error) {
  console.error('bench:scale generates its load with wrk (a separate process): `apt-get install wrk`.')
  process.exit(1)
}

/** The kept database of this size (created on the first run). */
async function benchDatabase(): Promise<string> {
  const name = `bench_scale_${USERS}`
  const c = new pg.Client({ connectionString: pgUrl })
  await c.connect()
  if ((await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 0) await c.query(`create database ${name}`)
  await c.end()
  const url = new URL(pgUrl!)
  url.pathname = `/${name}`
  return url.toString()
}

const databaseUrl = await benchDatabase()
{
  const database = await openDatabase({ url: databaseUrl, dataDir: 'memory://' })
  await database.migrate()
  const passwords = createPasswordHasher({ memoryCost: 1024, timeCost: 1 })
  await seedProductData(database.db)
  await seedDemo(database.db, passwords, DEMO_PASSWORDS)
  const have = Number(((await database.db.execute(sql`select count(*)::int as n from users where email like '%@bulk.example'`)).rows[0] as { n: number }).n)
  if (have < USERS) {
    const r = await seedBulkUsers(database.db, passwords, { count: USERS - have })
    console.log(`seed: ${r.users.toLocaleString('en')} users in ${(r.ms / 1000).toFixed(1)} s`)
  } else {
    console.log(`seed: reusing ${have.toLocaleString('en')} bulk users (database ${new URL(databaseUrl).pathname.slice(1)})`)
  }
  await database.close()
}

const PAGE =
  'query($after: String, $q: String) { users(first: 10, after: $after, q: $q) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id username fullName email role currentPlan status licenseKey duration durationTotal } } } }'
const scripts = mkdtempSync(join(tmpdir(), 'bench-scale-'))

interface Figures {
  rps: number
  p50: string
  p99: string
  errors: string | null
}

/** wrk in its own process: one thread, CONNECTIONS keep-alive connections, SECONDS long. */
function wrk(url: string, script: string | null, seconds = SECONDS): Promise<Figures> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...(script ? ['-s', script] : []), url]
  return new Promise((resolve, reject) => {
    const p = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    p.stdout.on('data', (d: Buffer) => (out += d.toString()))
    p.stderr.on('data', (d: Buffer) => (out += d.toString()))
    p.once('error', reject)
    p.once('exit', () => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])
      if (!Number.isFinite(rps)) return reject(new Error(`wrk said:\n${out}`))
      const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1]
      const socket = /Socket errors: (.*)/.exec(out)?.[1]
      resolve({
        rps,
        p50: /\s50%\s+(\S+)/.exec(out)?.[1] ?? '?',
        p99: /\s99%\s+(\S+)/.exec(out)?.[1] ?? '?',
        errors: [non2xx ? `${non2xx} non-2xx` : '', socket ? `socket errors: ${socket}` : ''].filter(Boolean).join(', ') || null,
      })
    })
  })
}

function postScript(name: string, token: string, body: string): string {
  const file = join(scripts, `${name}.lua`)
  const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
  writeFileSync(
    file,
    [
      'wrk.method = "POST"',
      `wrk.body = ${quote(body)}`,
      'wrk.headers["Content-Type"] = "application/json"',
      `wrk.headers["Authorization"] = ${quote(`Bearer ${token}`)}`,
      '',
    ].join('\n'),
  )
  return file
}

interface Started {
  server: ChildServer
  page: string
  url: string
}

/** The real server with WEB_CONCURRENCY=n, signed in as the admin, the users page checked once and warmed. */
async function start(n: number): Promise<Started> {
  const server = await startChildServer({
    env: {
      ...deployedEnv(),
      WEB_CONCURRENCY: String(n),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl!,
      WORKER_INLINE: 'off',
      SANDBOX: 'off',
      ACCESS_TOKEN_TTL: '86400',
      LOG_LEVEL: 'warn',
    },
    demo: {
      admin: { email: 'admin@demo.local', password: DEMO_PASSWORDS.admin },
      reseller: { email: 'reseller@demo.local', password: DEMO_PASSWORDS.reseller },
      client: { email: 'client@demo.local', password: DEMO_PASSWORDS.client },
    },
    readyTimeoutMs: 180_000,
  })
  // Every process up: node:cluster hands connections round robin, /readyz is answered by one of them.
  for (let i = 0; i < 40; i++) await (await fetch(`${server.url}/readyz`)).text()
  const signIn = await fetch(`${server.url}/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORDS.admin }),
  })
  const { accessToken } = (await signIn.json()) as { accessToken: string }
  const body = JSON.stringify({ query: PAGE, variables: {} })
  const check = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body,
  })
  const answer = (await check.json()) as { data?: { users: { edges: unknown[] } }; errors?: unknown }
  if (check.status !== 200 || answer.errors || answer.data?.users.edges.length !== 10)
    throw new Error(`the users page failed: ${JSON.stringify(answer).slice(0, 300)}`)
  const page = postScript(`page-${n}`, accessToken, body)
  // Warm-up: JIT, pools and caches of every process.
  await wrk(`${server.url}/graphql`, page, 3)
  return { server, page, url: server.url }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
const median = (xs: Figures[]) => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)]!
const show = (f: Figures) => `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.padStart(8)}  p99 ${f.p99.padStart(8)}${f.errors ? `  (${f.errors})` : ''}`

console.log(`machine: ${cpus().length} cores; load average before: ${load()}; wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, ${ROUNDS} rounds`)
// Both servers run side by side (the idle one costs nothing) and are measured in turns, so a
// change in the machine's other load falls on both alike; each figure is the median of the rounds.
const servers = new Map<number, Started>()
try {
  for (const n of [1, 2]) servers.set(n, await start(n))
  const page = new Map<number, Figures[]>([
    [1, []],
    [2, []],
  ])
  const floor = new Map<number, Figures[]>([
    [1, []],
    [2, []],
  ])
  for (let round = 1; round <= ROUNDS; round++) {
    const line: string[] = []
    for (const n of [1, 2]) {
      const s = servers.get(n)!
      const f = await wrk(`${s.url}/graphql`, s.page)
      page.get(n)!.push(f)
      floor.get(n)!.push(await wrk(`${s.url}/healthz`, null, Math.max(3, Math.round(SECONDS / 2))))
      line.push(`N=${n} ${f.rps.toFixed(0)} req/s`)
    }
    console.log(`round ${round}: users page ${line.join(', ')}  (load average ${load()})`)
  }
  for (const n of [1, 2]) {
    console.log(`N=${n}  users page (GraphQL, admin)  ${show(median(page.get(n)!))}`)
    console.log(`N=${n}  GET /healthz (floor)         ${show(median(floor.get(n)!))}`)
  }
  const ratio = median(page.get(2)!).rps / median(page.get(1)!).rps
  console.log(`N=2 / N=1 users page: ${ratio.toFixed(2)}×  (goal ≥ ${GOAL}×)  ${ratio >= GOAL ? 'ok' : 'MISSED'}`)
  console.log(`N=2 / N=1 /healthz:   ${(median(floor.get(2)!).rps / median(floor.get(1)!).rps).toFixed(2)}×`)
  console.log(`load average after: ${load()}`)
} finally {
  for (const s of servers.values()) await s.server.stop('SIGTERM')
  rmSync(scripts, { recursive: true, force: true })
}
process.exit(0)
