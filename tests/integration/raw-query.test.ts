import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../server/src/db/client'
import { createRawQuery } from '../../server/src/db/raw'

/**
 * The hot-path reader on PGlite (in its thread, as the server runs it): a query without
 * parameters becomes a prepared statement of PGlite's one session and is run by name; one with
 * parameters runs as it is; a statement the session lost is prepared again.
 */
describe('raw queries on PGlite', () => {
  let database: Database
  const statements = async () =>
    (
      (await database.db.execute(sql`select name from pg_prepared_statements where name like 'r\\_%'`)) as unknown as { rows: Array<{ name: string }> }
    ).rows.map((r) => r.name)

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', queryTimeoutMs: 5000 })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('prepares a query without parameters once and runs it by name', async () => {
    const raw = createRawQuery(database.db)
    const q = sql`select n from generate_series(1, 3) n order by n`
    expect(await raw(q)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    expect(await raw(q)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    expect(await statements()).toHaveLength(1)
  })

  it('runs a query with parameters, or one that asks not to be prepared, without preparing it', async () => {
    const raw = createRawQuery(database.db)
    const before = (await statements()).length
    expect(await raw(sql`select ${7}::int as n`)).toEqual([{ n: 7 }])
    expect(await raw(sql`select 8 as n`, { prepare: false })).toEqual([{ n: 8 }])
    expect(await statements()).toHaveLength(before)
  })

  it('prepares a statement again when the session lost it', async () => {
    const raw = createRawQuery(database.db)
    const q = sql`select 'again' as word`
    expect(await raw(q)).toEqual([{ word: 'again' }])
    await database.db.execute(sql`deallocate all`)
    expect(await raw(q)).toEqual([{ word: 'again' }])
    expect(await statements()).toHaveLength(1)
  })
})
