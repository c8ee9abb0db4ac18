import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, users } from '../../server/src/db/schema'
import { engines } from '../support/databases'
import { DEMO_PASSWORDS, createTestApp, type TestApp } from '../support/test-app'

/**
 * The abuse limits through both doors (docs/security.md): sign-in per (account, address)
 * with growing delays (the password asked again by two-step settings counting with it),
 * registration and password reset per address and per e-mail, each refusal a 429 with Retry-After.
 */
describe.each(engines)('abuse limits on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    // Addresses come from X-Forwarded-For here, so one test plays several callers.
    t = await createTestApp(engine, { TRUST_PROXY: 'on' })
  })
  afterAll(() => t.close())

  const post = async (path: string, body: unknown, address: string, headers: Record<string, string> = {}) => {
    const res = await t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
      body: JSON.stringify(body),
    })
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }
  }
  const login = (email: string, password: string, address: string) => post('/jwt/login', { email, password }, address)

  it('ten wrong passwords from an attacker do not lock the owner out of their usual address', async () => {
    const owner = { email: 'client@demo.local', password: DEMO_PASSWORDS.client }
    expect((await login(owner.email, owner.password, '198.51.100.7')).status).toBe(200)

    const attempts = []
    for (let i = 0; i < 10; i++) attempts.push(await login(owner.email, `guess-${i}`, '203.0.113.66'))
    expect(attempts.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429])
    expect(attempts[5]).toEqual({ status: 429, retryAfter: '1', body: { error: { email: ['Too many attempts. Try again later.'] } } })
    // Refused while waiting: the right password from the attacker's address too (it is not even checked).
    expect((await login(owner.email, owner.password, '203.0.113.66')).status).toBe(429)

    // The owner, at home, signs in at once.
    expect((await login(owner.email, owner.password, '198.51.100.7')).status).toBe(200)
    // After the delay the attacker gets one more try, and the next delay is twice as long.
    t.clock.advance(1)
    expect((await login(owner.email, 'guess-10', '203.0.113.66')).status).toBe(400)
    expect((await login(owner.email, 'guess-11', '203.0.113.66')).retryAfter).toBe('2')
  })

  it('password guesses with a stolen access token (two-step set-up) count with sign-in and end in 429', async () => {
    const stolen = (await login('admin@demo.local', DEMO_PASSWORDS.admin, '198.51.100.8')).body.accessToken as string
    const setup = (password: string) => post('/jwt/two-step/setup', { password }, '203.0.113.77', { authorization: `Bearer ${stolen}` })
    const attempts = []
    for (let i = 0; i < 7; i++) attempts.push(await setup(`guess-${i}`))
    expect(attempts.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 429, 429])
    expect(attempts[5]).toMatchObject({ retryAfter: '1', body: { code: 'RATE_LIMITED' } })
    expect(JSON.stringify(attempts.map((a) => a.body))).not.toMatch(/otpauth|secret/)
    // The same count as /jwt/login: the password from that address waits too; the owner's address does not.
    expect((await login('admin@demo.local', DEMO_PASSWORDS.admin, '203.0.113.77')).status).toBe(429)
    expect((await login('admin@demo.local', DEMO_PASSWORDS.admin, '198.51.100.8')).status).toBe(200)
  })

  it('the GraphQL door refuses the same way, with Retry-After', async () => {
    const query = 'mutation($input: LoginInput!) { login(input: $input) { accessToken } }'
    const gql = (password: string) => post('/graphql', { query, variables: { input: { email: 'reseller@demo.local', password } } }, '203.0.113.99')
    for (let i = 0; i < 5; i++) expect((await gql('wrong')).body.errors[0].extensions.code).toBe('INVALID_CREDENTIALS')
    const refused = await gql(DEMO_PASSWORDS.reseller)
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 1 })
    expect(refused.retryAfter).toBe('1')
  })

  it('limits registrations per address, with the spec-shaped answer and nothing written', async () => {
    const register = (i: number, address: string) =>
      post('/jwt/register', { username: `burst_${i}`, email: `burst-${i}@example.com`, password: 'a-good-passphrase' }, address)
    const statuses = []
    for (let i = 0; i < t.config.REGISTER_RATE_LIMIT + 2; i++) statuses.push((await register(i, '192.0.2.10')).status)
    expect(statuses).toEqual([...Array(t.config.REGISTER_RATE_LIMIT).fill(200), 429, 429])
    const refused = await register(99, '192.0.2.10')
    expect(refused).toEqual({
      status: 429,
      retryAfter: '3600',
      body: { error: { password: null, email: ['Too many attempts. Try again later.'], username: null } },
    })
    const rows = await t.database.db.select({ email: users.email }).from(users).where(like(users.email, 'burst-%'))
    expect(rows).toHaveLength(t.config.REGISTER_RATE_LIMIT)
    // Another address is not affected; an hour later this one registers again.
    expect((await register(100, '192.0.2.11')).status).toBe(200)
    t.clock.advance(3600)
    expect((await register(101, '192.0.2.10')).status).toBe(200)
  })

  it('limits password-reset mails per e-mail, whether or not the account exists, and answers the same', async () => {
    const query = 'mutation($email: String!) { requestPasswordReset(email: $email) }'
    const ask = (email: string, address: string) => post('/graphql', { query, variables: { email } }, address)
    const limit = t.config.PASSWORD_RESET_RATE_LIMIT
    const answers = []
    for (let i = 0; i < limit + 2; i++) answers.push(await ask('admin@demo.local', `192.0.2.${50 + i}`))
    expect(answers.slice(0, limit).map((a) => a.body)).toEqual(Array(limit).fill({ data: { requestPasswordReset: true } }))
    expect(answers.slice(limit).map((a) => [a.status, a.retryAfter, a.body.errors?.[0]?.extensions?.code])).toEqual([
      [429, '3600', 'RATE_LIMITED'],
      [429, '3600', 'RATE_LIMITED'],
    ])
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'admin@demo.local'))
    expect(mails).toHaveLength(limit)
    // An unknown address is counted the same, so the refusal tells nothing about accounts.
    const unknown = []
    for (let i = 0; i < limit + 1; i++) unknown.push((await ask('nobody@example.com', '192.0.2.90')).status)
    expect(unknown).toEqual([...Array(limit).fill(200), 429])
  })
})
