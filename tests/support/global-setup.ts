import { pgliteSnapshot } from './pglite-snapshot'

/**
 * Where Docker runs, `TESTCONTAINERS=1 npm test` starts a throwaway PostgreSQL container and
 * runs the PostgreSQL half of the suite on it. Without it, tests use TEST_DATABASE_URL (CI:
 * this machine's PostgreSQL) or PGlite alone.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // The migrated PGlite cluster the tests start from, made once before the test files run.
  await pgliteSnapshot()
  if (process.env.TESTCONTAINERS !== '1' || process.env.TEST_DATABASE_URL) return undefined
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql')
  const container = await new PostgreSqlContainer('postgres:16-alpine').start()
  process.env.TEST_DATABASE_URL = container.getConnectionUri()
  return async () => {
    await container.stop()
  }
}
