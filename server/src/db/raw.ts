import { createHash } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from './client'

export type RawRow = Record<string, unknown>
/** `prepare: false` for queries whose best plan depends on the values (a substring search): planned every time. */
export type RawQuery = (query: SQL, opts?: { prepare?: boolean }) => Promise<RawRow[]>

interface QueryClient {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: RawRow[] }>
}
interface PgliteLike {
  waitReady: Promise<void>
  query(text: string, params: unknown[]): Promise<{ rows: RawRow[] }>
}

const dialect = new PgDialect()

/**
 * Runs a read-only drizzle `sql` query on the database's own client, for hot paths (the user
 * list): on PostgreSQL as a named prepared statement per query text (parsed and planned once
 * per connection), on PGlite without drizzle's per-query type parser maps. Rows come back as
 * the driver gives them: int8 may be a string (pg) or a number (PGlite), so callers convert.
 */
export function createRawQuery(db: Db): RawQuery {
  const client = (db as unknown as { $client: unknown }).$client
  if (client && typeof client === 'object' && 'waitReady' in client) {
    const lite = client as PgliteLike
    return async (query) => {
      const { sql: text, params } = dialect.sqlToQuery(query)
      return (await lite.query(text, params)).rows
    }
  }
  const pool = client as QueryClient
  const names = new Map<string, string>()
  return async (query, opts) => {
    const { sql: text, params } = dialect.sqlToQuery(query)
    if (opts?.prepare === false) return (await pool.query({ text, values: params })).rows
    let name = names.get(text)
    if (!name) {
      name = `r_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`
      if (names.size < 5000) names.set(text, name)
    }
    return (await pool.query({ name, text, values: params })).rows
  }
}
