import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { pgliteSnapshot } from './pglite-snapshot'

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

/** A fresh database: PGlite in memory (migrated, from the snapshot), or a new, empty database on the PostgreSQL server. */
export async function freshDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') return { dataDir: 'memory://', snapshot: await pgliteSnapshot(), drop: async () => {} }
  const admin = process.env.TEST_DATABASE_URL
  if (!admin) throw new Error('TEST_DATABASE_URL is not set')
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`create database ${name}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    dataDir: 'memory://',
    async drop() {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}
