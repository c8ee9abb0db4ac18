import { randomBytes } from 'node:crypto'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { migrationsFolder } from '../../server/src/db/client'
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

async function withAdmin<T>(admin: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

let template: Promise<string> | undefined

/**
 * PostgreSQL's counterpart of the PGlite snapshot: a migrated, empty database made once per set
 * of migrations (named after their hash) and copied by `CREATE DATABASE … TEMPLATE`, which
 * takes a fraction of running every migration in each new database. Made under an advisory
 * lock (test workers and other runs on the same server race for it), migrated under a
 * temporary name and renamed when complete, and never connected to afterwards (a template
 * must have no other sessions). Kept on the server for the next run; one per set of migrations.
 */
function migratedTemplate(admin: string): Promise<string> {
  template ??= withAdmin(admin, async (c) => {
    const name = `tpl_${migrationsHash()}`
    await c.query('select pg_advisory_lock(hashtext($1))', [name])
    try {
      const found = await c.query('select 1 from pg_database where datname = $1', [name])
      if (found.rowCount) return name
      const building = `${name}_${randomBytes(4).toString('hex')}`
      await c.query(`create database ${building}`)
      const url = new URL(admin)
      url.pathname = `/${building}`
      await withAdmin(url.toString(), (m) => migrate(drizzle({ client: m }), { migrationsFolder }))
      await c.query(`alter database ${building} rename to ${name}`)
      return name
    } finally {
      await c.query('select pg_advisory_unlock(hashtext($1))', [name])
    }
  })
  template.catch(() => (template = undefined))
  return template
}

/**
 * A fresh database: PGlite in memory (migrated, from the snapshot), or a new database on the
 * PostgreSQL server, migrated (a copy of the template above) or, with `empty`, with nothing in
 * it (for a test of the server's own migration from scratch).
 */
export async function freshDatabase(engine: Engine, options: { empty?: boolean } = {}): Promise<TestDatabase> {
  if (engine === 'pglite') return { dataDir: 'memory://', snapshot: await pgliteSnapshot(), drop: async () => {} }
  const admin = process.env.TEST_DATABASE_URL
  if (!admin) throw new Error('TEST_DATABASE_URL is not set')
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const from = options.empty ? '' : ` template ${await migratedTemplate(admin)}`
  await withAdmin(admin, (c) => c.query(`create database ${name}${from}`))
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    dataDir: 'memory://',
    async drop() {
      await withAdmin(admin, (c) => c.query(`drop database if exists ${name} with (force)`))
    },
  }
}
