import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, sql } from 'drizzle-orm'
import { licences, plans, users } from '../../server/src/db/schema'
import { createRawQuery } from '../../server/src/db/raw'
import { DbMisuseError } from '../../server/src/db/tx-guard'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

// A hang must fail the test quickly instead of waiting for the default 30 s.
const QUICK = { timeout: 10_000 }
const GENERATE = `mutation($i: GenerateLicencesInput!) { generateLicences(input: $i) { id licensekey } }`
const ACTIVATE = `mutation($k: String!) { activateLicence(key: $k) { status planName userId } }`
const ASSIGN = `mutation($id: ID!, $u: ID!) { assignLicence(id: $id, userId: $u, activate: true) { status planName userId } }`

function rootCause(e: unknown): unknown {
  let current = e
  while (current instanceof Error && current.cause !== undefined && !(current instanceof DbMisuseError)) current = current.cause
  return current
}

describe.each(engines)('root handle inside a transaction on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(() => t.close())

  it('refuses a planted root-handle query at once with DB_ROOT_IN_TRANSACTION, and rolls the transaction back', QUICK, async () => {
    const { db } = t.database
    const before = (await db.select({ n: count() }).from(plans))[0]!.n
    const attempt = db.transaction(async (tx) => {
      await tx.update(plans).set({ subtitle: 'changed inside' }).where(eq(plans.id, 1))
      await db.select().from(plans) // the bug: the root handle, not tx
    })
    // Drizzle wraps a failed query (DrizzleQueryError); the guard's error is its cause.
    const error = await attempt.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(rootCause(error)).toBeInstanceOf(DbMisuseError)
    expect(rootCause(error)).toMatchObject({ code: 'DB_ROOT_IN_TRANSACTION' })
    const [row] = await db.select({ subtitle: plans.subtitle }).from(plans).where(eq(plans.id, 1))
    expect(row?.subtitle).not.toBe('changed inside')
    expect((await db.select({ n: count() }).from(plans))[0]!.n).toBe(before)
  })

  it('refuses the raw query path and a nested root transaction too', QUICK, async () => {
    const { db } = t.database
    const raw = createRawQuery(db)
    await expect(db.transaction(async () => raw(sql`select 1`))).rejects.toMatchObject({ code: 'DB_ROOT_IN_TRANSACTION' })
    await expect(db.transaction(async () => db.transaction(async () => 1))).rejects.toMatchObject({ code: 'DB_ROOT_IN_TRANSACTION' })
  })

  it('lets tx (and its savepoints) work, and the root handle again once the transaction ended', QUICK, async () => {
    const { db } = t.database
    let later: Promise<unknown> | undefined
    const n = await db.transaction(async (tx) => {
      const inner = await tx.transaction(async (sp) => (await sp.select({ n: count() }).from(plans))[0]!.n)
      // Work the callback leaves running uses the root handle after the commit: allowed.
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => db.select({ n: count() }).from(users))
      return inner
    })
    expect(n).toBeGreaterThan(0)
    await expect(later).resolves.toBeDefined()
  })

  it('does not affect root-handle work running beside a transaction', QUICK, async () => {
    const { db } = t.database
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const tx = db.transaction(async (tx) => {
      await gate
      return (await tx.select({ n: count() }).from(plans))[0]!.n
    })
    // On PGlite this waits for the transaction (one connection); it must not be refused.
    const beside = db.select({ n: count() }).from(users)
    release()
    await expect(tx).resolves.toBeGreaterThan(0)
    await expect(beside).resolves.toBeDefined()
  })
})

describe.each(engines)('licence activation with a cold plans cache on %s (the hang of issue 16)', (engine) => {
  let t: TestApp
  let admin: string
  let client: string
  let clientId: number
  let starter: string
  beforeAll(async () => {
    t = await createTestApp(engine) // plans cached for PLANS_CACHE_MS (10 s) on the test clock
    const [a, c] = await Promise.all([t.loginAs('admin'), t.loginAs('client')])
    admin = a.accessToken
    client = c.accessToken
    clientId = c.userData.id
    const [plan] = await t.database.db.select({ id: plans.id }).from(plans).where(eq(plans.name, 'Starter'))
    starter = String(plan!.id)
  })
  afterAll(() => t.close())

  const generate = async () => {
    const res = await t.gql(GENERATE, { i: { count: 1, planId: starter, totalDays: 30 } }, admin)
    expect(res.body.errors).toBeUndefined()
    return res.body.data.generateLicences[0] as { id: string; licensekey: string }
  }

  it('a client activates a key 11 s after it was generated; the server keeps answering', QUICK, async () => {
    const key = await generate()
    t.clock.advance(11)
    const res = await t.gql(ACTIVATE, { k: key.licensekey }, client)
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data.activateLicence).toMatchObject({ status: 'active', planName: 'Starter' })
    expect((await t.json('GET', '/readyz')).status).toBe(200)
    const [user] = await t.database.db.select({ pkg: users.package }).from(users).where(eq(users.id, clientId))
    expect(user?.pkg).toBe('Starter')
  })

  it('an admin assigns a key with "activate now" 11 s after the plans were read', QUICK, async () => {
    const key = await generate()
    t.clock.advance(11)
    const res = await t.gql(ASSIGN, { id: key.id, u: String(clientId) }, admin)
    expect(res.body.errors).toBeUndefined()
    expect(res.body.data.assignLicence).toMatchObject({ status: 'active', planName: 'Starter' })
    expect((await t.json('GET', '/readyz')).status).toBe(200)
    const [row] = await t.database.db
      .select({ status: licences.status })
      .from(licences)
      .where(eq(licences.id, Number(key.id)))
    expect(row?.status).toBe('active')
  })

  it('an admin creates a client with a plan after the cache went cold', QUICK, async () => {
    t.clock.advance(11)
    const res = await t.json(
      'POST',
      '/apps/user/users',
      { user: { username: 'coldcache', email: 'coldcache@example.com', role: 'client', currentPlan: 'Starter' } },
      { authorization: `Bearer ${admin}` },
    )
    expect(res.status).toBe(201)
    expect(res.body.user.currentPlan).toBe('Starter')
  })
})
