import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { users } from '../../server/src/db/schema'
import { engines } from '../support/databases'
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../support/test-app'

const NUL = 'a\u0000b'
const LONE = 'a\ud800b'

describe.each(engines)('strings the database cannot store, on %s', (engine) => {
  let t: TestApp
  let admin: string
  const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n
  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = (await t.loginAs('admin')).accessToken
  })
  afterAll(() => t.close())

  it.each([
    ['NUL', NUL],
    ['an unpaired surrogate', LONE],
  ])('REST refuses %s with 400 BAD_USER_INPUT before the database, writing nothing', async (_label, bad) => {
    const before = await userCount()
    const login = await t.json('POST', '/jwt/login', { email: `x${bad}@example.com`, password: 'whatever-password' })
    expect(login.status).toBe(400)
    expect(login.body.code).toBe('BAD_USER_INPUT')
    const create = await t.json(
      'POST',
      '/apps/user/users',
      { user: { username: `nul${bad}`, email: 'nul@example.com', role: 'client', currentPlan: 'Starter' } },
      { authorization: `Bearer ${admin}` },
    )
    expect(create.status).toBe(400)
    expect(create.body).toMatchObject({ code: 'BAD_USER_INPUT', fields: { username: expect.any(Array) } })
    if (bad === NUL) {
      // A lone surrogate cannot be percent-encoded at all; %00 can.
      const query = await t.json('GET', '/apps/user/users?q=a%00b', undefined, { authorization: `Bearer ${admin}` })
      expect(query.status).toBe(400)
    }
    expect(await userCount()).toBe(before)
  })

  it('GraphQL refuses NUL in variables and in inline literals with BAD_USER_INPUT', async () => {
    const viaVariable = await t.gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', {
      i: { email: `client${NUL}@demo.local`, password: DEMO_PASSWORDS.client },
    })
    expect(viaVariable.status).toBe(400)
    expect(viaVariable.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    const inline = await t.gql(`mutation { login(input: {email: "client\\u0000@demo.local", password: "x"}) { accessToken } }`)
    expect(inline.body.errors[0].extensions.code).toBe('BAD_USER_INPUT')
  })

  it('keeps accepting ordinary text, emoji (paired surrogates) included', async () => {
    const res = await t.json(
      'POST',
      '/apps/user/users',
      { user: { username: 'emoji_ok', fullName: 'Emoji 🎉 Fan', email: 'emoji@example.com', role: 'client', currentPlan: 'Starter' } },
      { authorization: `Bearer ${admin}` },
    )
    expect(res.status).toBe(201)
    expect(res.body.user.fullName).toBe('Emoji 🎉 Fan')
  })
})
