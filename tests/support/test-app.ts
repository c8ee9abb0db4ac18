import { createApp } from '../../server/src/app'
import { loadConfig, type Config } from '../../server/src/config'
import { openDatabase, type Database } from '../../server/src/db/client'
import { createLogger } from '../../server/src/logger'
import { createServices, type ServiceDeps, type Services } from '../../server/src/services'
import { seedProductData } from '../../server/src/product-data'
import { seedDemo } from '../../seed/demo'
import { freshDatabase, type Engine } from './databases'

export const DEMO_PASSWORDS = {
  admin: 'admin-Passw0rd!',
  reseller: 'reseller-Passw0rd!',
  client: 'client-Passw0rd!',
} as const

const CACHE_VARIABLES = ['PLANS_CACHE_MS', 'COUNT_CACHE_TTL', 'PRINCIPAL_CACHE_MS'] as const

/** With TEST_COLD_CACHES=1 every cache is off, so the cold paths run. */
function coldCacheEnv(): Record<string, string> {
  if (process.env.TEST_COLD_CACHES !== '1') return {}
  return Object.fromEntries(CACHE_VARIABLES.map((name) => [name, '0']))
}

/** For tests that sign in, register or ask for resets thousands of times (fuzzers, walkers): limits out of reach. */
export const UNLIMITED_ABUSE = {
  LOGIN_RATE_LIMIT: '100000',
  LOGIN_ACCOUNT_LIMIT: '100000',
  LOGIN_ADDRESS_LIMIT: '100000',
  REGISTER_RATE_LIMIT: '100000',
  PASSWORD_RESET_RATE_LIMIT: '100000',
  MAIL_RATE_LIMIT: '100000',
  ACCESS_TOKEN_RATE_LIMIT: '100000',
} as const

/**
 * The server's deadlines (a 5 s request, a 3 s statement) are for production; tests share two
 * cores with another test file, a browser or child servers, and a statement that waits its
 * turn there is not what they test. Deadlines out of the way unless a test sets its own
 * (tests/integration/deadlines.test.ts tests them). Used by the test app and the browser tests' server.
 */
export const TEST_DEADLINES = {
  REQUEST_TIMEOUT_MS: '20000',
  DB_QUERY_TIMEOUT_MS: '15000',
} as const

/** A clock the test moves by hand. */
export class TestClock {
  t = Date.now()
  now = () => new Date(this.t)
  advance(seconds: number) {
    this.t += seconds * 1000
  }
}

export interface TestApp {
  app: ReturnType<typeof createApp>
  services: Services
  database: Database
  config: Config
  clock: TestClock
  close(): Promise<void>
  /** JSON request against the app, in process (no port). */
  json(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>
  gql(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ status: number; body: any }>
  loginAs(role: keyof typeof DEMO_PASSWORDS): Promise<{ accessToken: string; refreshToken: string; userData: any }>
}

/**
 * Builds the real app on a fresh database, migrated and seeded with the demo accounts. `deps`:
 * parts the services take instead of building them from the configuration (a Redis limit
 * store under a prefix of the test's own, say).
 */
export async function createTestApp(engine: Engine, env: Record<string, string> = {}, deps: Pick<ServiceDeps, 'limitStore'> = {}): Promise<TestApp> {
  const target = await freshDatabase(engine)
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: target.dataDir,
    ...(target.url ? { DATABASE_URL: target.url } : {}),
    JWT_ACCESS_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    CLIENT_DIST: '/nonexistent',
    // Tests change users behind the server's back and expect the next request to see it.
    PRINCIPAL_CACHE_MS: '0',
    // The cold-cache run of `npm test` turns every cache off (tests/run-all.ts), except where
    // a test sets one itself because the cache is what it tests.
    ...coldCacheEnv(),
    // Tests share the process (and a busy machine) with the server: no refusals for event-loop lag.
    MAX_LOOP_LAG_MS: '0',
    ...TEST_DEADLINES,
    ...env,
  })
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 4,
    queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
    pgliteThread: config.PGLITE_THREAD,
    snapshot: target.snapshot,
  })
  await database.migrate()
  const clock = new TestClock()
  const log = createLogger('silent')
  const services = createServices({ config, db: database.db, log, secret: config.JWT_ACCESS_SECRET!, clock, ...deps })
  await seedProductData(database.db)
  await seedDemo(database.db, services.passwords, DEMO_PASSWORDS)
  const app = createApp({ config, database, services, log })

  const json: TestApp['json'] = async (method, path, body, headers = {}) => {
    const res = await app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      /* keep text */
    }
    return { status: res.status, body: parsed }
  }

  return {
    app,
    services,
    database,
    config,
    clock,
    json,
    gql: (query, variables, token) => json('POST', '/graphql', { query, variables }, token ? { authorization: `Bearer ${token}` } : {}),
    async loginAs(role) {
      const res = await json('POST', '/jwt/login', { email: `${role}@demo.local`, password: DEMO_PASSWORDS[role] })
      if (res.status !== 200) throw new Error(`login as ${role} failed: ${JSON.stringify(res.body)}`)
      return res.body
    },
    async close() {
      await services.mailDelivery?.stop()
      await services.platforms.sandbox?.close()
      await services.limits.close()
      await database.close()
      await target.drop()
    },
  }
}

/**
 * GraphQL helpers bound to a test app and a default caller: `gql` answers the raw response,
 * `ok` the data (throwing on errors), `code` the first error's code.
 */
export function gqlCaller(app: () => TestApp, caller: () => string) {
  const gql = async (query: string, variables: Record<string, unknown> = {}, as = caller()) => app().gql(query, variables, as)
  const ok = async (query: string, variables: Record<string, unknown> = {}, as = caller()) => {
    const res = await gql(query, variables, as)
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors))
    return res.body.data
  }
  const code = async (query: string, variables: Record<string, unknown> = {}, as = caller()): Promise<string | undefined> =>
    (await gql(query, variables, as)).body.errors?.[0]?.extensions?.code
  return { gql, ok, code }
}
