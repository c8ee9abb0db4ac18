/**
 * Two-step verification (TOTP, RFC 6238) against the real app: set-up with the password and a
 * first code, recovery codes, the extra step of /jwt/login, clock skew of one step either way,
 * replayed codes, the challenge token refused everywhere else, rate limits on every code check,
 * the admins' policy enforced by the server, and what a password reset clears.
 */
import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/src/app'
import { hashToken } from '../../server/src/auth/tokens'
import { passwordResets, users } from '../../server/src/db/schema'
import { createLogger } from '../../server/src/logger'
import { twoStep, twoStepRecoveryCodes } from '../../server/src/modules/two-step/two-step.tables'
import { engines } from '../support/databases'
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../support/test-app'

describe.each(engines)('two-step verification on %s', (engine) => {
  let t: TestApp
  let admin: string
  let secret = ''
  let recoveryCodes: string[] = []
  let resellerSecret = ''
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  /** The code an authenticator app shows `offsetSteps` steps from the server's clock. */
  const code = (offsetSteps = 0, key = secret) =>
    new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate({ timestamp: t.clock.t + offsetSteps * 30_000 })
  /** The sign-in password of a demo account, as the re-authentication body. */
  const proof = (role: keyof typeof DEMO_PASSWORDS) => ({ password: DEMO_PASSWORDS[role] })
  const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id
  const setupRow = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(twoStep)
        .where(eq(twoStep.userId, await userId(email)))
    )[0]
  const password = (role: keyof typeof DEMO_PASSWORDS) => t.json('POST', '/jwt/login', { email: `${role}@demo.local`, password: DEMO_PASSWORDS[role] })
  const second = (twoStepToken: string, value: string) => t.json('POST', '/jwt/login/two-step', { twoStepToken, code: value })
  /** Steps the clock to the start of a fresh 30 s step, so that "this step" is unambiguous. */
  const nextStep = (steps = 1) => {
    t.clock.t = (Math.floor(t.clock.t / 30_000) + steps) * 30_000 + 1_000
  }

  beforeAll(async () => {
    // Three free failures per (account, address) before the delays start.
    t = await createTestApp(engine, { LOGIN_RATE_LIMIT: '3' })
    admin = (await t.loginAs('admin')).accessToken
  })
  afterAll(() => t.close())

  it('set-up needs the password: an access token alone gets no secret and writes nothing', async () => {
    const before = await t.loginAs('admin')
    const missing = await t.json('POST', '/jwt/two-step/setup', {}, bearer(before.accessToken))
    expect(missing).toEqual({ status: 400, body: expect.objectContaining({ code: 'PASSWORD_REQUIRED', fields: { password: [expect.any(String)] } }) })
    const wrong = await t.json('POST', '/jwt/two-step/setup', { password: 'not-the-password' }, bearer(before.accessToken))
    expect(wrong).toEqual({ status: 400, body: expect.objectContaining({ code: 'INVALID_CREDENTIALS' }) })
    expect(JSON.stringify([missing.body, wrong.body])).not.toMatch(/secret|otpauth/i)
    expect(await setupRow('admin@demo.local')).toBeUndefined()
  })

  it('is set up with a QR code and a first code, and answers ten recovery codes once and a fresh sign-in', async () => {
    const before = await t.loginAs('admin')
    expect((await t.json('GET', '/jwt/two-step', undefined, bearer(admin))).body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 })
    const setup = await t.json('POST', '/jwt/two-step/setup', proof('admin'), bearer(admin))
    expect(setup.status).toBe(200)
    secret = setup.body.secret
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}/)
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/)

    nextStep()
    const wrong = await t.json('POST', '/jwt/two-step/confirm', { code: code(5) }, bearer(admin))
    expect(wrong).toEqual({ status: 400, body: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })
    const confirmed = await t.json('POST', '/jwt/two-step/confirm', { code: code() }, bearer(admin))
    expect(confirmed.status).toBe(200)
    recoveryCodes = confirmed.body.recoveryCodes
    // This device gets a fresh sign-in with the spec's shape; every other sign-in ended.
    expect(Object.keys(confirmed.body.session).sort()).toEqual(['accessToken', 'refreshToken', 'userData'])
    expect((await t.json('POST', '/jwt/refresh-token', { refreshToken: before.refreshToken })).status).toBe(401)
    admin = confirmed.body.session.accessToken
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    expect((await t.json('GET', '/jwt/two-step', undefined, bearer(admin))).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    // A second set-up is refused while it is on.
    expect((await t.json('POST', '/jwt/two-step/setup', proof('admin'), bearer(admin))).status).toBe(409)
  })

  it('stores the secret sealed and the recovery codes hashed', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.local'))
    const [row] = await t.database.db.select().from(twoStep).where(eq(twoStep.userId, user!.id))
    expect(row!.secretSealed).not.toContain(secret)
    expect(row!.secretSealed).toMatch(/^v1\./)
    const hashes = await t.database.db.select().from(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, user!.id))
    expect(hashes).toHaveLength(10)
    for (const stored of hashes) for (const plain of recoveryCodes) expect(stored.codeHash).not.toContain(plain.replace('-', ''))
  })

  it('/jwt/login answers the extra step instead of tokens; the challenge token is refused everywhere else', async () => {
    const first = await password('admin')
    expect(first).toEqual({
      status: 200,
      body: { twoStepRequired: true, twoStepToken: expect.any(String), expiresIn: 300, methods: ['totp', 'recovery'] },
    })
    const challenge = first.body.twoStepToken
    expect((await t.json('GET', '/account-setting/data', undefined, bearer(challenge))).status).toBe(401)
    expect((await t.json('GET', '/jwt/two-step', undefined, bearer(challenge))).status).toBe(401)
    const viewer = await t.gql('{ viewer { id } }', {}, challenge)
    expect(viewer.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED')
    expect((await t.json('POST', '/jwt/refresh-token', { refreshToken: challenge })).status).toBe(401)
    // An access token is not a challenge token either.
    expect((await second(admin, code())).status).toBe(401)
    // The GraphQL door does not hand out tokens past the second step.
    const mutation = await t.gql(`mutation { login(input: { email: "admin@demo.local", password: "${DEMO_PASSWORDS.admin}" }) { accessToken } }`)
    expect(mutation.body.errors?.[0]?.extensions?.code).toBe('TWO_STEP_REQUIRED')
  })

  it('accepts a code one step either side of the clock, refuses two steps off and any replay', async () => {
    nextStep(3)
    const { twoStepToken } = (await password('admin')).body
    expect((await second(twoStepToken, code(-2))).status).toBe(400)
    const behind = await second(twoStepToken, code(-1))
    expect(behind.status).toBe(200)
    expect(Object.keys(behind.body).sort()).toEqual(['accessToken', 'refreshToken', 'userData'])
    expect((await t.json('GET', '/jwt/two-step', undefined, bearer(behind.body.accessToken))).status).toBe(200)

    // The same code again, and an older one, are refused: the last used step is remembered.
    const again = (await password('admin')).body.twoStepToken
    expect(await second(again, code(-1))).toEqual({ status: 400, body: { error: { code: [expect.any(String)] } } })
    const ahead = await second(again, code(1))
    expect(ahead.status).toBe(200)
    expect((await second(again, code(0))).status).toBe(400)
  })

  it('a recovery code works once', async () => {
    const { twoStepToken } = (await password('admin')).body
    const used = recoveryCodes[0]!
    expect((await second(twoStepToken, used.toUpperCase())).status).toBe(200)
    expect((await second(twoStepToken, used)).status).toBe(400)
    expect((await t.json('GET', '/jwt/two-step', undefined, bearer(admin))).body.recoveryCodesLeft).toBe(9)
  })

  it('wrong codes are rate limited, and an old challenge expires', async () => {
    nextStep(10)
    const { twoStepToken } = (await password('admin')).body
    const answers = []
    for (let i = 0; i < 5; i++) answers.push((await second(twoStepToken, '000000')).status)
    // The recovery test left one failure on the count: two more are free, then the delays start.
    expect(answers).toEqual([400, 400, 429, 429, 429])
    // Even the right code waits until the delay is over.
    expect((await second(twoStepToken, code())).status).toBe(429)
    t.clock.advance(301)
    const late = await second(twoStepToken, code())
    expect(late).toEqual({ status: 401, body: { error: expect.stringMatching(/expired/) } })
    // The delays end with the window; the owner signs in again with both steps.
    t.clock.advance(15 * 60)
    nextStep()
    const fresh = await second((await password('admin')).body.twoStepToken, code())
    expect(fresh.status).toBe(200)
    admin = fresh.body.accessToken
  })

  it('new recovery codes need the password and a current code; the old ones stop working', async () => {
    nextStep()
    const regenerate = (body: object) => t.json('POST', '/jwt/two-step/recovery-codes', body, bearer(admin))
    expect((await regenerate({ code: code() })).body.code).toBe('PASSWORD_REQUIRED')
    expect((await regenerate({ ...proof('admin'), code: '000000' })).body.code).toBe('BAD_USER_INPUT')
    const fresh = await regenerate({ ...proof('admin'), code: code() })
    expect(fresh.status).toBe(200)
    expect(fresh.body.recoveryCodes).toHaveLength(10)
    const { twoStepToken } = (await password('admin')).body
    expect((await second(twoStepToken, recoveryCodes[1]!)).status).toBe(400)
    recoveryCodes = fresh.body.recoveryCodes
    expect((await second(twoStepToken, recoveryCodes[0]!)).status).toBe(200)
  })

  it('admins can require it for admins and resellers; the server refuses staff sign-ins without it until it is set up', async () => {
    const reseller = await t.loginAs('reseller')
    expect((await t.json('PUT', '/jwt/two-step/policy', { requireForStaff: true }, bearer(reseller.accessToken))).status).toBe(403)
    expect((await t.json('PUT', '/jwt/two-step/policy', { requireForStaff: 'yes' }, bearer(admin))).status).toBe(400)
    expect((await t.json('PUT', '/jwt/two-step/policy', { requireForStaff: true }, bearer(admin))).body).toEqual({ requireForStaff: true })

    const staff = await password('reseller')
    expect(staff.body).toMatchObject({ accessToken: expect.any(String), twoStepSetupRequired: true })
    // Users it does not apply to keep the spec's shape.
    const client = await password('client')
    expect(Object.keys(client.body).sort()).toEqual(['accessToken', 'refreshToken', 'userData'])
    expect((await t.json('GET', '/jwt/two-step', undefined, bearer(staff.body.accessToken))).body).toMatchObject({ required: true, enabled: false })

    // Every staff API refuses the sign-in without two-step (a token from before the policy, and a
    // refreshed one, too); the client's and the two-step admin's go on.
    const refreshed = (await t.json('POST', '/jwt/refresh-token', { refreshToken: staff.body.refreshToken })).body
    for (const token of [staff.body.accessToken, reseller.accessToken, refreshed.accessToken]) {
      expect(await t.json('GET', '/account-setting/data', undefined, bearer(token))).toEqual({
        status: 403,
        body: expect.objectContaining({ code: 'TWO_STEP_SETUP_REQUIRED' }),
      })
      expect((await t.gql('{ accountSettings { general { username } } }', {}, token)).body.errors?.[0]?.extensions?.code).toBe('TWO_STEP_SETUP_REQUIRED')
      expect((await t.json('POST', '/jwt/two-step/recovery-codes', {}, bearer(token))).body.code).toBe('TWO_STEP_SETUP_REQUIRED')
    }
    expect((await t.json('GET', '/account-setting/data', undefined, bearer(client.body.accessToken))).status).toBe(200)
    expect((await t.json('GET', '/account-setting/data', undefined, bearer(admin))).status).toBe(200)
    // Who they are still answers (the app shows the set-up page), and signing out works.
    expect((await t.gql('{ viewer { role } }', {}, staff.body.accessToken)).body.data.viewer.role).toBe('reseller')

    // The set-up is open to them; its confirmation signs this device in with two-step.
    const setup = await t.json('POST', '/jwt/two-step/setup', proof('reseller'), bearer(staff.body.accessToken))
    resellerSecret = setup.body.secret
    nextStep()
    const confirmed = await t.json('POST', '/jwt/two-step/confirm', { code: code(0, resellerSecret) }, bearer(staff.body.accessToken))
    expect(confirmed.status).toBe(200)
    expect((await t.json('GET', '/account-setting/data', undefined, bearer(confirmed.body.session.accessToken))).status).toBe(200)
    const next = await t.json('POST', '/jwt/refresh-token', { refreshToken: confirmed.body.session.refreshToken })
    expect((await t.json('GET', '/account-setting/data', undefined, bearer(next.body.accessToken))).status).toBe(200)
    // The sign-ins without two-step ended with the confirmation.
    expect((await t.json('POST', '/jwt/refresh-token', { refreshToken: refreshed.refreshToken })).status).toBe(401)

    // The chat profile's two-step flag (spec shape) shows the real state.
    const chat = await t.json('GET', '/apps/chat/users/profile-user', undefined, bearer(next.body.accessToken))
    expect(chat.body.settings).toEqual({ isTwoStepAuthVerificationEnabled: true, isNotificationsOn: true })
    const clientChat = await t.json('GET', '/apps/chat/users/profile-user', undefined, bearer(client.body.accessToken))
    expect(clientChat.body.settings.isTwoStepAuthVerificationEnabled).toBe(false)
    // …and cannot be set there: that would claim a protection the account does not have.
    const claim = await t.gql('mutation { updateSupportChatProfile(input: { isTwoStepAuthVerificationEnabled: true }) { id } }', {}, client.body.accessToken)
    expect(claim.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED')

    // While required, an admin cannot turn their own off.
    expect((await t.json('POST', '/jwt/two-step/disable', { ...proof('admin'), code: code() }, bearer(admin))).status).toBe(403)
    await t.json('PUT', '/jwt/two-step/policy', { requireForStaff: false }, bearer(admin))
  })

  it('nothing of a secret, code or token reaches the logs', async () => {
    const lines: string[] = []
    const app = createApp({
      config: t.config,
      database: t.database,
      services: t.services,
      log: createLogger('debug', { write: (line: string) => void lines.push(line) }),
    })
    const call = async (path: string, body: unknown, token?: string) => {
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
      return (await res.json()) as any
    }
    nextStep()
    const challenge = (await call('/jwt/login', { email: 'admin@demo.local', password: DEMO_PASSWORDS.admin })).twoStepToken as string
    await call('/jwt/login/two-step', { twoStepToken: challenge, code: '000000' })
    const signedIn = await call('/jwt/login/two-step', { twoStepToken: challenge, code: code() })
    const client = await password('client')
    const setup = await call('/jwt/two-step/setup', proof('client'), client.body.accessToken)
    const log = lines.join('')
    expect(lines.length).toBeGreaterThan(3)
    for (const value of [challenge, signedIn.accessToken, signedIn.refreshToken, setup.secret, secret, code(), DEMO_PASSWORDS.admin, DEMO_PASSWORDS.client]) {
      expect(value).toEqual(expect.any(String))
      expect(log).not.toContain(value)
    }
  })

  it('wrong codes on confirm and disable are rate limited like sign-in (shared count, 429 with Retry-After)', async () => {
    // The client began a set-up in the test before.
    expect((await setupRow('client@demo.local'))?.enabledAt).toBeNull()
    const token = (await password('client')).body.accessToken as string
    const confirm = (value: string) => t.json('POST', '/jwt/two-step/confirm', { code: value }, bearer(token))
    const answers = []
    for (let i = 0; i < 4; i++) answers.push((await confirm('000000')).status)
    expect(answers).toEqual([400, 400, 400, 429])
    const limited = await t.app.request('/jwt/two-step/disable', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...proof('client'), code: '000000' }),
    })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect((await setupRow('client@demo.local'))?.enabledAt).toBeNull()
  })

  it('is turned off with the password and a current code; a recovery code also needs the password', async () => {
    t.clock.advance(15 * 60)
    const fresh = await second((await password('admin')).body.twoStepToken, recoveryCodes[1]!)
    admin = fresh.body.accessToken
    nextStep()
    expect((await t.json('POST', '/jwt/two-step/disable', { ...proof('admin'), code: '123' }, bearer(admin))).status).toBe(400)
    expect((await t.json('POST', '/jwt/two-step/disable', { code: code() }, bearer(admin))).body.code).toBe('PASSWORD_REQUIRED')
    expect((await t.json('POST', '/jwt/two-step/disable', { code: recoveryCodes[2] }, bearer(admin))).body.code).toBe('PASSWORD_REQUIRED')
    expect((await t.json('GET', '/jwt/two-step', undefined, bearer(admin))).body.enabled).toBe(true)
    expect((await t.json('POST', '/jwt/two-step/disable', { ...proof('admin'), code: recoveryCodes[2] }, bearer(admin))).body).toEqual({ enabled: false })
    const plain = await password('admin')
    expect(Object.keys(plain.body).sort()).toEqual(['accessToken', 'refreshToken', 'userData'])
  })

  it('a password reset clears a set-up never confirmed and keeps a confirmed one', async () => {
    const reset = async (email: string) => {
      const token = `reset-${email}-${'x'.repeat(30)}`.replace(/[^\w-]/g, '-')
      await t.database.db.insert(passwordResets).values({
        userId: await userId(email),
        tokenHash: hashToken(token),
        createdAt: t.clock.now(),
        expiresAt: new Date(t.clock.t + 600_000),
      })
      const done = await t.gql('mutation($t: String!) { resetPassword(token: $t, password: "a-brand-new-passphrase") }', { t: token })
      expect(done.body.data).toEqual({ resetPassword: true })
    }
    await reset('client@demo.local')
    expect(await setupRow('client@demo.local')).toBeUndefined()
    await reset('reseller@demo.local')
    expect((await setupRow('reseller@demo.local'))?.enabledAt).toEqual(expect.any(Date))
    const login = await t.json('POST', '/jwt/login', { email: 'reseller@demo.local', password: 'a-brand-new-passphrase' })
    expect(login.body.twoStepRequired).toBe(true)
  })
})
