import { mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { startPgliteThread } from './pglite-thread'
import { hardenPglite, hardenPool, poolDeadlines } from './resilience'
import * as schema from './schema'
import { guardMethods, trackTransactions } from './tx-guard'
import type { Logger } from '../logger'

/** One type for both engines: PGlite's drizzle database has the same query surface. */
export type Db = NodePgDatabase<typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /**
   * Applies the migrations, then runs `thenWhileLocked` (the start's seeding) before another
   * process may migrate or seed: on PostgreSQL under an advisory lock, so replicas starting
   * together (docker-compose.yml) do it one after the other.
   */
  migrate(thenWhileLocked?: () => Promise<void>): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
}

/** The advisory lock key that serialises migrations and seeding on one PostgreSQL database. */
const MIGRATION_LOCK = 724_113_001
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Opens PostgreSQL when `url` is given, else PGlite in `dataDir` ("memory://" keeps it in memory).
 * With `queryTimeoutMs`, every database call gets that deadline (db/resilience.ts); migrations
 * on PostgreSQL run on a connection of their own without it (an index on a big table may take long).
 */
export async function openDatabase(opts: {
  url?: string
  dataDir: string
  poolSize?: number
  queryTimeoutMs?: number
  /** PGlite in a worker thread (default), or on the calling thread (see pglite-thread.ts). */
  pgliteThread?: boolean
  /**
   * PGlite only: a data-directory tarball (PGlite's `dumpDataDir`) to start from instead of an
   * empty cluster. Tests start from a migrated one (tests/support/pglite-snapshot.ts), which
   * skips initdb and the migrations: most of the cost of a fresh database.
   */
  snapshot?: string
  log?: Logger
}): Promise<Database> {
  const { url, queryTimeoutMs } = opts
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, ...(queryTimeoutMs ? poolDeadlines(queryTimeoutMs) : {}) })
    hardenPool(pool, { log: opts.log })
    const db = drizzlePg({ client: pool, schema })
    // A root-handle query from inside a transaction is a bug: refuse it (see tx-guard.ts).
    guardMethods(pool, ['query', 'connect'], 'pool')
    trackTransactions(db)
    return {
      db,
      kind: 'postgres',
      migrate: async (thenWhileLocked) => {
        const own = new pg.Pool({ connectionString: url, max: 1 })
        const conn = await own.connect().catch(async (e: unknown) => {
          await own.end()
          throw e
        })
        try {
          await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
          await migratePg(drizzlePg({ client: conn }), { migrationsFolder })
          await thenWhileLocked?.()
        } finally {
          conn.release()
          await own.end()
        }
      },
      ping: async () => {
        await pool.query('select 1')
      },
      close: () => pool.end(),
    }
  }
  if (!opts.dataDir.startsWith('memory://')) mkdirSync(opts.dataDir, { recursive: true })
  // relaxedDurability: PGlite then does not await its filesystem "sync" after each query. On
  // Node (NODEFS: files written straight to disk; memory://) that sync is a no-op, so nothing
  // is less durable, but awaiting it cost ~0.4 ms per query (measured, tests/bench/users.ts).
  const client =
    opts.pgliteThread === false
      ? await PGlite.create({
          dataDir: opts.dataDir,
          extensions: { pg_trgm },
          relaxedDurability: true,
          ...(opts.snapshot ? { loadDataDir: new Blob([readFileSync(opts.snapshot)]) } : {}),
        })
      : ((await startPgliteThread({ dataDir: opts.dataDir, relaxedDurability: true, snapshot: opts.snapshot })) as unknown as PGlite)
  if (queryTimeoutMs) hardenPglite(client, { queryTimeoutMs })
  const db = drizzlePglite({ client, schema }) as unknown as Db
  // One connection: a root-handle query from inside a transaction would wait forever.
  guardMethods(client, ['query', 'exec', 'transaction'], 'pglite')
  trackTransactions(db)
  return {
    db,
    kind: 'pglite',
    migrate: async (thenWhileLocked) => {
      await migratePglite(db as never, { migrationsFolder })
      await thenWhileLocked?.()
    },
    ping: async () => {
      await client.query('select 1')
    },
    close: () => client.close(),
  }
}
