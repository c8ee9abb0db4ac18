import type { TestProject } from 'vitest/node'
import { launchBrowserServer } from '../e2e/support/browser-server'
import { holdTemplateForRun } from './databases'
import { pgliteSnapshot } from './pglite-snapshot'

/**
 * `TESTCONTAINERS=1 npm test` (CI where a Docker engine runs) starts throwaway PostgreSQL and
 * Redis containers with testcontainers and points TEST_DATABASE_URL / TEST_REDIS_URL at them,
 * so the PostgreSQL half of the suite and the Redis tests run on containers instead of this
 * machine's services. A URL already set is kept. Without TESTCONTAINERS=1, tests use
 * TEST_DATABASE_URL / TEST_REDIS_URL as given, or PGlite alone.
 *
 * Image names: TESTCONTAINERS_POSTGRES_IMAGE (default postgres:16-alpine) and
 * TESTCONTAINERS_REDIS_IMAGE (default redis:7-alpine). The reaper (Ryuk) is off unless
 * TESTCONTAINERS_RYUK_DISABLED=false: where no registry is reachable its image cannot be
 * pulled, and the teardown below stops the containers.
 *
 * On PostgreSQL, the run holds the template of its migrations in use from start to end
 * (databases.ts), so that a run on other migrations does not drop it between two test files.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Vitest runs the global set-up once per project of the run; the browser tests' project also starts the shared Chromium.
  const browser = project.name === 'e2e' ? await launchBrowserServer() : undefined
  if (browser) project.provide('chromiumEndpoint', browser.wsEndpoint())
  const databases = await sharedDatabasesSetup().catch(async (e: unknown) => {
    await browser?.close()
    throw e
  })
  return async () => {
    await databases()
    await browser?.close()
  }
}

/**
 * The databases' set-up once per run, not once per project: vitest calls this file's set-up for
 * each project of the run (unit, component and integration in `npm test`), and each call would
 * make its own PGlite snapshot on a fresh checkout (three migrations side by side on two cores)
 * and hold the template again. The projects share one set-up (on globalThis: each project may
 * load this module anew); the last project's teardown ends it.
 */
function sharedDatabasesSetup(): Promise<() => Promise<void>> {
  const shared = globalThis as { testDatabases?: { setup: Promise<(() => Promise<void>) | undefined>; users: number } }
  const state = (shared.testDatabases ??= { setup: databasesSetup(), users: 0 })
  state.users++
  return state.setup.then(
    (teardown) => async () => {
      if (--state.users > 0) return
      delete shared.testDatabases
      await teardown?.()
    },
    (e: unknown) => {
      if (--state.users === 0) delete shared.testDatabases
      throw e
    },
  )
}

async function databasesSetup(): Promise<(() => Promise<void>) | undefined> {
  // The migrated PGlite cluster the tests start from, made once before the test files run.
  await pgliteSnapshot()
  if (process.env.TESTCONTAINERS !== '1') {
    // Best effort: a server that does not answer fails the PostgreSQL tests themselves, not the run.
    return process.env.TEST_DATABASE_URL ? await holdTemplateForRun(process.env.TEST_DATABASE_URL).catch(() => undefined) : undefined
  }
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true'
  const stops: (() => Promise<unknown>)[] = []
  const teardown = async () => {
    await Promise.allSettled(stops.map((stop) => stop()))
  }
  try {
    if (!process.env.TEST_DATABASE_URL) {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql')
      const pg = await new PostgreSqlContainer(process.env.TESTCONTAINERS_POSTGRES_IMAGE ?? 'postgres:16-alpine')
        // A throwaway database: no durability, data in memory.
        .withCommand(['postgres', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'])
        .withTmpFs({ '/var/lib/postgresql/data': 'rw' })
        .start()
      stops.push(() => pg.stop())
      process.env.TEST_DATABASE_URL = pg.getConnectionUri()
    }
    if (!process.env.TEST_REDIS_URL) {
      const { GenericContainer, Wait } = await import('testcontainers')
      const redis = await new GenericContainer(process.env.TESTCONTAINERS_REDIS_IMAGE ?? 'redis:7-alpine')
        .withExposedPorts(6379)
        .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
        .start()
      stops.push(() => redis.stop())
      process.env.TEST_REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`
    }
    console.log(`testcontainers: PostgreSQL ${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')}, Redis ${process.env.TEST_REDIS_URL}`)
  } catch (e) {
    await teardown()
    throw e
  }
  return teardown
}
