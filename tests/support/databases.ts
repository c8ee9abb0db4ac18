import { randomBytes } from 'node:crypto'
import type { Socket } from 'node:net'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { migrationsFolder } from '../../server/src/db/client'
import { withClient } from './pg-admin'
import { migrationsHash, pgliteSnapshot } from './pglite-snapshot'

export type Engine = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export interface TestDatabase {
  url?: string
  dataDir: string
  /** PGlite: the migrated cluster to start from (see pglite-snapshot.ts). */
  snapshot?: string
  drop(): Promise<void>
}

/** The template of this checkout's migrations (see migratedTemplate). */
const templateName = (): string => `tpl_${migrationsHash()}`
const TEMPLATE = /^tpl_([0-9a-f]{16})(?:_[0-9a-f]{8})?$/
/** A test database, named after the server session (backend pid) of the process that made it. */
const TEST_DATABASE = /^test_([0-9]+)_[0-9a-f]{8}$/
/**
 * Advisory lock keys (two-key form, apart from the one-key creation lock below) of "a template is
 * in use": every process that uses a template holds it shared as long as it runs; a template
 * of other migrations is dropped only by whoever takes it exclusively.
 */
const IN_USE = 'test-template-in-use'

/**
 * Opens a session that holds the template of this checkout's migrations "in use" (shared) until
 * closed, and answers its backend pid. The wait for the lock is also the wait for another run
 * dropping a template of these migrations (it then is made again).
 */
async function holdTemplate(admin: string, name = templateName()): Promise<{ pid: number; client: pg.Client }> {
  const client = new pg.Client({ connectionString: admin })
  client.on('error', () => {})
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid, pg_advisory_lock_shared(hashtext($1), hashtext($2))', [IN_USE, name])
    return { pid: rows[0]!.pid, client }
  } catch (e) {
    await client.end().catch(() => {})
    throw e
  }
}

/**
 * For a whole vitest run (global-setup.ts): the template stays in use between one test file's
 * process and the next, so another run on other migrations does not drop it in between.
 * Answers the release. `name`: another template (a test's).
 */
export async function holdTemplateForRun(admin: string, name = templateName()): Promise<() => Promise<void>> {
  const { client } = await holdTemplate(admin, name)
  return () => client.end()
}

let session: Promise<number> | undefined

/**
 * This process's own session, held until the process exits (it does not keep the process
 * alive): its pid names the databases the process makes, so that one whose session is gone
 * (a killed run, a missed `drop`) is known to be left over, and it holds the template in use.
 */
function processSession(admin: string): Promise<number> {
  session ??= holdTemplate(admin).then(({ pid, client }) => {
    client.on('error', () => (session = undefined))
    ;(client.connection.stream as Socket).unref()
    return pid
  })
  session.catch(() => (session = undefined))
  return session
}

/**
 * Drops what earlier runs left on the server: test databases whose session is gone, and
 * templates (and half-made ones) of other migrations that no running process holds in use.
 * Nothing of a live process: a test database's session is alive while its process runs, and
 * a template's in-use lock is held shared by each process and run using it (the exclusive
 * try here fails then). Answers the names dropped. Templates of this checkout's migrations
 * are left to migratedTemplate (under its creation lock).
 */
export function dropLeftovers(admin: string): Promise<string[]> {
  return withClient(admin, async (c) => {
    // One statement: a database listed existed when it began, so its session had started;
    // a session not in pg_stat_activity is gone.
    const { rows } = await c.query<{ datname: string; live: boolean }>(
      `select d.datname, exists (select 1 from pg_stat_activity a where a.pid = substring(d.datname from '^test_([0-9]+)_')::bigint) as live
         from pg_database d where d.datname ~ '^(test_[0-9]+|tpl_[0-9a-f]{16})_' or d.datname ~ '^tpl_[0-9a-f]{16}$'`,
    )
    const dropped: string[] = []
    const drop = async (name: string) => {
      await c.query(`drop database if exists ${name} with (force)`)
      dropped.push(name)
    }
    for (const { datname, live } of rows) if (TEST_DATABASE.test(datname) && !live) await drop(datname)
    const others = new Set(rows.map((r) => TEMPLATE.exec(r.datname)?.[1]).filter((hash) => hash !== undefined && `tpl_${hash}` !== templateName()))
    for (const hash of others) {
      const key = [IN_USE, `tpl_${hash}`]
      const { rows: lock } = await c.query<{ got: boolean }>('select pg_try_advisory_lock(hashtext($1), hashtext($2)) as got', key)
      if (!lock[0]!.got) continue
      try {
        for (const { datname } of rows) if (TEMPLATE.exec(datname)?.[1] === hash) await drop(datname)
      } finally {
        await c.query('select pg_advisory_unlock(hashtext($1), hashtext($2))', key)
      }
    }
    return dropped
  })
}

let template: Promise<string> | undefined

/**
 * PostgreSQL's counterpart of the PGlite snapshot: a migrated, empty database made once per set
 * of migrations (named after their hash) and copied by `CREATE DATABASE … TEMPLATE`, which
 * takes a fraction of running every migration in each new database. Made under an advisory
 * lock (test workers and other runs on the same server race for it), migrated under a
 * temporary name and renamed when complete, and never connected to afterwards (a template
 * must have no other sessions). Kept on the server for the next run, held in use by every
 * process using it (processSession); templates of other migrations are dropped once unused
 * (dropLeftovers).
 */
function migratedTemplate(admin: string): Promise<string> {
  template ??= processSession(admin).then(() =>
    withClient(admin, async (c) => {
      const name = templateName()
      await c.query('select pg_advisory_lock(hashtext($1))', [name])
      try {
        const found = await c.query('select 1 from pg_database where datname = $1', [name])
        if (found.rowCount) return name
        // Half-made copies of a killed run (no one else makes one while we hold the lock).
        const { rows } = await c.query<{ datname: string }>('select datname from pg_database where datname ~ $1', [`^${name}_[0-9a-f]{8}$`])
        for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`)
        const building = `${name}_${randomBytes(4).toString('hex')}`
        await c.query(`create database ${building}`)
        const url = new URL(admin)
        url.pathname = `/${building}`
        await withClient(url.toString(), (m) => migrate(drizzle({ client: m }), { migrationsFolder }))
        await c.query(`alter database ${building} rename to ${name}`)
        return name
      } finally {
        await c.query('select pg_advisory_unlock(hashtext($1))', [name])
      }
    }),
  )
  template.catch(() => (template = undefined))
  return template
}

let cleaned: Promise<unknown> | undefined

/**
 * A fresh database: PGlite in memory (migrated, from the snapshot), or a new database on the
 * PostgreSQL server, migrated (a copy of the template above) or, with `empty`, with nothing in
 * it (for a test of the server's own migration from scratch).
 */
export async function freshDatabase(engine: Engine, options: { empty?: boolean } = {}): Promise<TestDatabase> {
  if (engine === 'pglite') return { dataDir: 'memory://', snapshot: await pgliteSnapshot(), drop: async () => {} }
  const admin = process.env.TEST_DATABASE_URL
  if (!admin) throw new Error('TEST_DATABASE_URL is not set')
  // Once per process; a failure to clean up fails no test.
  cleaned ??= dropLeftovers(admin).catch(() => [])
  await cleaned
  const name = `test_${await processSession(admin)}_${randomBytes(4).toString('hex')}`
  const from = options.empty ? '' : ` template ${await migratedTemplate(admin)}`
  await withClient(admin, (c) => c.query(`create database ${name}${from}`))
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    dataDir: 'memory://',
    async drop() {
      await withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`))
    },
  }
}
