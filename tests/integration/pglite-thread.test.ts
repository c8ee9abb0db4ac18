/**
 * PGlite in a worker thread (server/src/db/pglite-thread.ts) against PGlite on the calling
 * thread: the same statements give the same rows, transactions commit and roll back the same
 * way, PostgreSQL's error fields cross the thread, and a stopped thread is a coded 503.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq, sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../server/src/db/client'
import { createRawQuery } from '../../server/src/db/raw'
import { asServiceUnavailable } from '../../server/src/db/resilience'
import { plans, users } from '../../server/src/db/schema'
import { seedProductData } from '../../server/src/product-data'

const open = async (pgliteThread: boolean) => {
  const database = await openDatabase({ dataDir: 'memory://', queryTimeoutMs: 5000, pgliteThread })
  await database.migrate()
  await seedProductData(database.db)
  return database
}

const user = (email: string) => ({ email, username: email.split('@')[0]!, passwordHash: 'x' })

describe('PGlite in a worker thread', () => {
  let threaded: Database
  let inline: Database
  // Two databases to start and migrate; a busy machine may take a while.
  beforeAll(async () => {
    threaded = await open(true)
    inline = await open(false)
  }, 180_000)
  afterAll(async () => {
    await inline?.close()
    await threaded?.close()
  })

  it('returns the same rows as PGlite on the calling thread (timestamps, numerics, jsonb, raw queries)', async () => {
    for (const d of [threaded, inline]) await d.db.insert(users).values(user('same@example.com'))
    // Timestamps differ between the two databases (now()); their type must not.
    const dated = <R extends Record<string, unknown>>(rows: R[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, /At$/.test(k) ? v instanceof Date && !Number.isNaN(v.getTime()) : v])))
    const read = async (d: Database) => ({
      plans: dated(await d.db.select().from(plans).orderBy(asc(plans.id))),
      users: dated(await d.db.select().from(users).where(eq(users.email, 'same@example.com'))),
      raw: await createRawQuery(d.db)(sql`select id, name, monthly_price, benefits from plans order by id`),
      execute: (await d.db.execute(sql`select count(*)::int as n, now() is not null as t`)).rows,
    })
    const [a, b] = await Promise.all([read(threaded), read(inline)])
    expect(a.plans.length).toBeGreaterThan(0)
    expect(a).toEqual(b)
  })

  it('commits a transaction, rolls back one that throws, and one that calls rollback()', async () => {
    const { db } = threaded
    await db.transaction(async (tx) => {
      await tx.insert(users).values(user('commit@example.com'))
      await tx.transaction(async (sp) => sp.insert(users).values(user('savepoint@example.com')))
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values(user('thrown@example.com'))
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values(user('rolledback@example.com'))
        tx.rollback()
      }),
    ).rejects.toThrow()
    const emails = (await db.select({ email: users.email }).from(users)).map((r) => r.email)
    expect(emails).toEqual(expect.arrayContaining(['commit@example.com', 'savepoint@example.com']))
    expect(emails).not.toContain('thrown@example.com')
    expect(emails).not.toContain('rolledback@example.com')
    // The connection is free again: a plain query runs.
    expect((await db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }])
  })

  it('carries PostgreSQL error fields (code, constraint) across the thread', async () => {
    const { db } = threaded
    await db.insert(users).values(user('twice@example.com'))
    const error = await db
      .insert(users)
      .values(user('twice@example.com'))
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    let cause = error as { code?: string; constraint?: string; cause?: unknown }
    while (cause && cause.code === undefined && cause.cause) cause = cause.cause as typeof cause
    expect(cause).toMatchObject({ code: '23505', constraint: expect.stringContaining('email') })
  })

  it('answers a coded 503 once the thread has stopped', { timeout: 120_000 }, async () => {
    const stopped = await open(true)
    await stopped.close()
    const error = await stopped.db
      .select()
      .from(plans)
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(asServiceUnavailable(error)?.code).toBe('SERVICE_UNAVAILABLE')
  })
})
