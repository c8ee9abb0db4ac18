import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/src/config'
import { serverArgs, startChildServer, type ChildServer } from '../support/child-server'
import { freshDatabase, type TestDatabase } from '../support/databases'

const pgUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
const missing = [pgUrl ? '' : 'TEST_DATABASE_URL', redisUrl ? '' : 'TEST_REDIS_URL'].filter(Boolean)
const skipReason = missing.length ? ` (skipped: set ${missing.join(' and ')})` : ''

/** Runs the server (`seed/start.ts`, or its build: `serverArgs`) with `env` and returns its exit code and output (for start refusals). */
function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env
  return new Promise((resolve) => {
    const child = spawn(process.execPath, serverArgs('main'), {
      env: { ...inherited, NODE_ENV: 'test', PORT: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    const late = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.once('exit', (code) => {
      clearTimeout(late)
      resolve({ code, output })
    })
  })
}

describe('WEB_CONCURRENCY > 1 is refused where processes cannot share', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'test', ...env })
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError)
      return (e as Error).message
    }
    throw new Error('accepted')
  }

  it('refuses PGlite, a missing REDIS_URL and SANDBOX=on; accepts PostgreSQL with Redis (sandbox off)', () => {
    expect(refusal({ WEB_CONCURRENCY: '2' })).toMatch(/WEB_CONCURRENCY=2 needs PostgreSQL \(DATABASE_URL\): PGlite's data directory belongs to one process/)
    expect(refusal({ WEB_CONCURRENCY: '2', REDIS_URL: 'redis://127.0.0.1:6379' })).toMatch(/needs PostgreSQL/)
    expect(refusal({ WEB_CONCURRENCY: '3', DATABASE_URL: 'postgres://x@127.0.0.1/db' })).toMatch(/WEB_CONCURRENCY=3 needs REDIS_URL/)
    const shared = { WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://x@127.0.0.1/db', REDIS_URL: 'redis://127.0.0.1:6379' }
    expect(refusal({ ...shared, SANDBOX: 'on' })).toMatch(/SANDBOX=on is refused with WEB_CONCURRENCY=2/)
    expect(refusal({ WEB_CONCURRENCY: '0' })).toMatch(/WEB_CONCURRENCY/)
    expect(loadConfig({ NODE_ENV: 'test', ...shared })).toMatchObject({ WEB_CONCURRENCY: 2, SANDBOX: 'off' })
    // One process: as before, PGlite and memory.
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ WEB_CONCURRENCY: 1, SANDBOX: 'auto' })
  })

  it('the server exits 1 with the message, before opening anything', async () => {
    const onPglite = await runMain({ WEB_CONCURRENCY: '2' })
    expect(onPglite.code).toBe(1)
    expect(onPglite.output).toContain("WEB_CONCURRENCY=2 needs PostgreSQL (DATABASE_URL): PGlite's data directory belongs to one process")
    const noRedis = await runMain({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' })
    expect(noRedis.code).toBe(1)
    expect(noRedis.output).toContain('WEB_CONCURRENCY=2 needs REDIS_URL')
  }, 120_000)
})

interface Gql {
  data?: Record<string, any>
  errors?: Array<{ message: string; extensions?: { code?: string } }>
}

const post = async (url: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}
const gql = async (server: ChildServer, token: string, query: string, variables: Record<string, unknown> = {}) =>
  (await post(server.url, '/graphql', { query, variables }, { authorization: `Bearer ${token}` })).body as Gql
const login = async (server: ChildServer, email: string, password: string, address?: string) =>
  post(server.url, '/jwt/login', { email, password }, address ? { 'x-forwarded-for': address } : {})

/** Polls `check` until it holds, for at most `ms` (a bound on the test, not a figure). */
async function eventually(check: () => Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`not within ${ms} ms: ${what}`)
}

const TOTAL = 'query { users(first: 1, everyAccount: true) { totalCount } }'

/**
 * Two real server processes over one PostgreSQL database and one Redis: what one process
 * changes, the other enforces and counts before its own caches would expire.
 */
describe.skipIf(missing.length > 0)(`two server processes sharing PostgreSQL and Redis${skipReason}`, () => {
  let database: TestDatabase
  let a: ChildServer
  let b: ChildServer
  let adminToken: string
  const CACHE_MS = 10_000
  const shared = () => ({
    DATABASE_URL: database.url!,
    REDIS_URL: redisUrl!,
    // Long caches: a change seen by the other process before these expire came through Redis.
    PRINCIPAL_CACHE_MS: String(CACHE_MS),
    COUNT_CACHE_TTL: '3600',
    TRUST_PROXY: 'on',
    LOGIN_ADDRESS_LIMIT: '4',
    WORKER_INLINE: 'off',
    SANDBOX: 'off',
  })

  beforeAll(async () => {
    database = await freshDatabase('postgres')
    a = await startChildServer({ env: shared() })
    b = await startChildServer({ env: shared(), demo: a.demo })
    const res = await login(a, a.demo.admin.email, a.demo.admin.password)
    adminToken = res.body.accessToken as string
  }, 180_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await database?.drop()
  })

  async function newAdmin(name: string) {
    const password = `pw-${randomUUID()}`
    const email = `${name}-${randomUUID().slice(0, 8)}@example.com`
    const made = await gql(a, adminToken, 'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }', {
      i: { email, username: email.split('@')[0], fullName: name, role: 'admin', password },
    })
    expect(made.errors).toBeUndefined()
    const signedIn = await login(b, email, password)
    expect(signedIn.status).toBe(200)
    return { id: made.data!.createUser.id as string, token: signedIn.body.accessToken as string }
  }
  /** An admin's scope is every account; a client's is themself (a total of 1). */
  const isAdminOn = async (server: ChildServer, token: string) => {
    const r = await gql(server, token, TOTAL)
    expect(r.errors).toBeUndefined()
    return (r.data!.users.totalCount as number) > 1
  }

  it('a role change made through one process is enforced by the other within the caller-cache window', async () => {
    const control = await newAdmin('control')
    const demoted = await newAdmin('demoted')
    // Both callers are now cached in process B.
    expect(await isAdminOn(b, control.token)).toBe(true)
    expect(await isAdminOn(b, demoted.token)).toBe(true)
    // The control: a change behind the processes' backs (no write through either) stays unseen
    // while B's cache holds, so what follows is not a cache miss.
    const sql = new pg.Client({ connectionString: database.url })
    await sql.connect()
    await sql.query(`update users set role = 'client' where id = $1`, [Number(control.id)])
    await sql.end()
    expect(await isAdminOn(b, control.token)).toBe(true)

    const changed = await gql(a, adminToken, 'mutation($id: ID!) { updateUser(id: $id, input: { role: client }) { role } }', { id: demoted.id })
    expect(changed.errors).toBeUndefined()
    // Process A's write reaches B through Redis: refused long before B's 10 s cache would expire.
    await eventually(async () => !(await isAdminOn(b, demoted.token)), CACHE_MS / 2, 'process B refuses the demoted admin')
  })

  it("a user created through one process is counted by the other's cached total at once", async () => {
    const before = (await gql(b, adminToken, TOTAL)).data!.users.totalCount as number
    // Cached in B for an hour (COUNT_CACHE_TTL).
    expect((await gql(b, adminToken, TOTAL)).data!.users.totalCount).toBe(before)
    const email = `counted-${randomUUID().slice(0, 8)}@example.com`
    const made = await gql(a, adminToken, 'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }', {
      i: { email, username: email.split('@')[0], role: 'admin', password: `pw-${randomUUID()}` },
    })
    expect(made.errors).toBeUndefined()
    await eventually(async () => (await gql(b, adminToken, TOTAL)).data!.users.totalCount === before + 1, 5000, 'process B counts the new user')
  })

  it("a feedback report triaged through one process leaves the other's cached open count at once", async () => {
    const OPEN = 'query { adminStats { openFeedbackReports } }'
    const open = async (server: ChildServer) => (await gql(server, adminToken, OPEN)).data!.adminStats.openFeedbackReports as number
    const before = await open(b)
    // Two reports behind the processes' backs: B's count is cached for an hour and does not see them.
    const sql = new pg.Client({ connectionString: database.url })
    await sql.connect()
    const inserted = await sql.query<{ id: string }>(
      `insert into feedback_reports (reporter_id, platform, channel_name, category, text, created_at, updated_at)
       select id, 'twitch', 'somechannel', 'bug', 'The bot missed a command', now(), now() from users where email = $1
       union all
       select id, 'twitch', 'somechannel', 'other', 'A second report', now(), now() from users where email = $1
       returning id`,
      [a.demo.admin.email],
    )
    await sql.end()
    expect(inserted.rowCount).toBe(2)
    expect(await open(b)).toBe(before)
    const triaged = await gql(a, adminToken, 'mutation($id: ID!) { setFeedbackReportStatus(id: $id, status: resolved) { status } }', {
      id: inserted.rows[0]!.id,
    })
    expect(triaged.errors).toBeUndefined()
    // A's write drops B's count through Redis: B now reads the database (one of the two still open).
    await eventually(async () => (await open(b)) === before + 1, 5000, 'process B recounts the open reports')
  })

  it('the failed-login limit of one address is shared: two processes do not double the allowance', async () => {
    // A fresh address (TRUST_PROXY), so earlier runs and other tests on this Redis count nothing here.
    const address = `test-${randomUUID()}`
    const wrong = (server: ChildServer, i: number) => login(server, `nobody-${i}-${randomUUID().slice(0, 6)}@example.com`, 'wrong-password', address)
    // LOGIN_ADDRESS_LIMIT=4 failures, two through each process (each alone would allow four).
    for (const [i, server] of [a, b, a, b].entries()) expect((await wrong(server, i)).status).toBe(400)
    const refusedOnA = await wrong(a, 5)
    const refusedOnB = await wrong(b, 6)
    expect([refusedOnA.status, refusedOnB.status]).toEqual([429, 429])
    expect(refusedOnB.body).toEqual({ error: { email: ['Too many attempts. Try again later.'] } })
  })
})

/** `WEB_CONCURRENCY=2`: the primary migrates and seeds once, forks two servers, replaces a dead one and drains both on SIGTERM. */
describe.skipIf(missing.length > 0)(`WEB_CONCURRENCY=2 on PostgreSQL and Redis${skipReason}`, () => {
  let database: TestDatabase
  let server: ChildServer

  beforeAll(async () => {
    // An empty database: the primary runs every migration itself, once, before forking.
    database = await freshDatabase('postgres', { empty: true })
  })
  afterAll(async () => {
    await server?.stop('SIGKILL')
    await database?.drop()
  })

  const listening = () =>
    server
      .output()
      .split('\n')
      .filter((l) => l.includes('"server process listening"'))
      .map((l) => JSON.parse(l) as { index: number; worker: number })
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }

  it('serves from two processes, seeds once, replaces a killed process and drains all on SIGTERM', async () => {
    server = await startChildServer({
      env: { WEB_CONCURRENCY: '2', DATABASE_URL: database.url!, REDIS_URL: redisUrl!, LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '5000' },
      readyTimeoutMs: 120_000,
    })
    await eventually(async () => listening().length === 2, 60_000, 'both processes listening')
    const [first, second] = listening()
    expect(new Set([first!.index, second!.index])).toEqual(new Set([0, 1]))
    expect(first!.worker).not.toBe(second!.worker)
    // Seeded once: the demo accounts (made at the first seed only) were printed once, and sign in.
    expect(server.output().match(/Demo accounts \(shown only this once\)/g)).toHaveLength(1)
    expect((await login(server, server.demo.admin.email, server.demo.admin.password)).status).toBe(200)

    // A dead process is replaced under its index; the port keeps answering meanwhile.
    const victim = listening().find((l) => l.index === 1)!
    process.kill(victim.worker, 'SIGKILL')
    await eventually(async () => listening().length === 3, 60_000, 'a replacement process listening')
    const replacement = listening()[2]!
    expect(replacement.index).toBe(1)
    expect(replacement.worker).not.toBe(victim.worker)
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)

    // SIGTERM to the primary: every process drains and ends; the primary exits 0.
    const workers = listening()
      .map((l) => l.worker)
      .filter((pid) => pid !== victim.worker)
    await server.stop('SIGTERM')
    expect(server.exit()).toEqual({ code: 0, signal: null })
    expect(server.output()).toContain('every server process ended')
    for (const pid of workers) expect(alive(pid)).toBe(false)
  }, 240_000)
})
