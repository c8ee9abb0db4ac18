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

/** The statements' names, one per query text (at most 5,000 texts remembered). */
function statementNames() {
  const names = new Map<string, string>()
  return (text: string) => {
    let name = names.get(text)
    if (!name) {
      name = `r_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`
      if (names.size < 5000) names.set(text, name)
    }
    return name
  }
}

/**
 * Runs a read-only drizzle `sql` query on the database's own client, for hot paths (the user
 * list): on PostgreSQL as a named prepared statement per query text (parsed and planned once
 * per connection), on PGlite without drizzle's per-query type parser maps. Rows come back as
 * the driver gives them: int8 may be a string (pg) or a number (PGlite), so callers convert.
 */
export function createRawQuery(db: Db): RawQuery {
  const client = (db as unknown as { $client: unknown }).$client
  const nameOf = statementNames()
  if (client && typeof client === 'object' && 'waitReady' in client) return pgliteRawQuery(client as PgliteLike, nameOf)
  const pool = client as QueryClient
  return async (query, opts) => {
    const { sql: text, params } = dialect.sqlToQuery(query)
    if (opts?.prepare === false) return (await pool.query({ text, values: params })).rows
    return (await pool.query({ name: nameOf(text), text, values: params })).rows
  }
}

/**
 * PGlite's queries are unnamed statements, planned on every call, and planning in WebAssembly
 * costs more than running a first page (measured: 1.2–1.8 ms of 2 ms). A query without
 * parameters (a first page of the user list) is made a prepared statement of PGlite's one
 * session with SQL PREPARE, then run with EXECUTE; one with parameters cannot be (EXECUTE
 * takes no bound parameters), nor one that asks not to be, nor more than 5,000 texts.
 */
function pgliteRawQuery(lite: PgliteLike, nameOf: (text: string) => string): RawQuery {
  const prepared = new Map<string, Promise<void>>()
  const prepare = (name: string, text: string) => {
    let done = prepared.get(name)
    if (!done) {
      done = lite.query(`prepare ${name} as ${text}`, []).then(() => undefined)
      done.catch(() => prepared.delete(name))
      prepared.set(name, done)
    }
    return done
  }
  return async (query, opts) => {
    const { sql: text, params } = dialect.sqlToQuery(query)
    const name = nameOf(text)
    if (params.length > 0 || opts?.prepare === false || (prepared.size >= 5000 && !prepared.has(name))) return (await lite.query(text, params)).rows
    await prepare(name, text)
    try {
      return (await lite.query(`execute ${name}`, [])).rows
    } catch (e) {
      // The session lost it (PGlite's thread started again): prepared once more.
      if ((e as { code?: string }).code !== '26000') throw e
      prepared.delete(name)
      await prepare(name, text)
      return (await lite.query(`execute ${name}`, [])).rows
    }
  }
}
