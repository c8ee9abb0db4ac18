import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../server/src/db/schema'
import { engines } from '../support/databases'
import { createTestApp, type TestApp } from '../support/test-app'

const ABILITY = '{ viewer { ability { action subject } } }'

describe.each(engines)('the caller cache on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine, { PRINCIPAL_CACHE_MS: '1000' })
  })
  afterAll(() => t.close())

  it('reuses a token’s caller for at most PRINCIPAL_CACHE_MS, then reads the change', async () => {
    const OUTBOX = '{ mailOutbox(first: 1) { id } }'
    const { accessToken } = await t.loginAs('admin')
    expect((await t.gql(OUTBOX, {}, accessToken)).body.errors).toBeUndefined()
    // Demoted behind the server's back: the token's cached caller still holds for up to 1 s …
    await t.database.db.update(users).set({ role: 'client' }).where(eq(users.email, 'admin@demo.local'))
    expect((await t.gql(OUTBOX, {}, accessToken)).body.errors).toBeUndefined()
    // … and not a moment longer.
    t.clock.advance(1.01)
    expect((await t.gql(OUTBOX, {}, accessToken)).body.errors[0].extensions.code).toBe('FORBIDDEN')
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'admin@demo.local'))
  })

  it('answers viewer from the database, not the cache: a saved profile shows at once', async () => {
    const { accessToken } = await t.loginAs('admin')
    expect((await t.gql('{ viewer { fullName } }', {}, accessToken)).body.data.viewer.fullName).toBe('Demo Admin')
    await t.database.db.update(users).set({ fullName: 'Renamed Admin' }).where(eq(users.email, 'admin@demo.local'))
    expect((await t.gql('{ viewer { fullName } }', {}, accessToken)).body.data.viewer.fullName).toBe('Renamed Admin')
  })

  it('never serves a token past its own expiry, however long the cache', async () => {
    const long = await createTestApp(engine, { PRINCIPAL_CACHE_MS: '5000', ACCESS_TOKEN_TTL: '1' })
    try {
      const { accessToken } = await long.loginAs('client')
      expect((await long.gql(ABILITY, {}, accessToken)).status).toBe(200)
      long.clock.advance(1.2)
      expect((await long.gql(ABILITY, {}, accessToken)).status).toBe(401)
    } finally {
      await long.close()
    }
  })
})
