import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, refreshTokens, users } from '../../server/src/db/schema'
import { auditLog } from '../../server/src/modules/audit/audit.tables'
import { emailChanges } from '../../server/src/modules/account/account.tables'
import { engines } from '../support/databases'
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../support/test-app'

const CHANGE = `mutation($u: ID, $e: String!, $p: String!) { changeEmail(userId: $u, email: $e, currentPassword: $p) {
  settings { general { email } } auth { accessToken refreshToken userData { email } } } }`
const UNDO = 'mutation($t: String!) { undoEmailChange(token: $t) }'
const GENERAL = 'mutation($u: ID, $i: AccountGeneralInput!) { updateAccountGeneral(userId: $u, input: $i) { general { email } } }'
const UPDATE_USER = 'mutation($id: ID!, $i: UpdateUserInput!) { updateUser(id: $id, input: $i) { email } }'

/**
 * The sign-in e-mail: a stolen access token alone must not change it (then a password reset
 * mailed to the new address would take the account over for good).
 */
describe.each(engines)('changing the sign-in e-mail on %s', (engine) => {
  let t: TestApp
  let clientId: number

  const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!
  const liveSessions = async (id: number) =>
    (await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, id))).filter((r) => r.revokedAt === null).length
  const mails = () => t.database.db.select().from(mailOutbox)
  const refreshWorks = async (token: string) => (await t.json('POST', '/jwt/refresh-token', { refreshToken: token })).status === 200
  const codeOf = (res: { body: any }) => res.body.errors?.[0]?.extensions?.code
  const undoLinkIn = (text: string) => /\/account\/undo-email-change\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1]

  beforeAll(async () => {
    t = await createTestApp(engine)
    clientId = (await t.loginAs('client')).userData.id
  })
  afterAll(() => t.close())

  it('refuses a change without the password, or with a wrong one, on every path, changing nothing', async () => {
    const stolen = await t.loginAs('client')
    const before = await userRow(clientId)
    const mailsBefore = (await mails()).length
    const sessions = await liveSessions(clientId)
    // The old way: an access token alone.
    const general = await t.gql(GENERAL, { i: { email: 'attacker@evil.example' } }, stolen.accessToken)
    expect(codeOf(general)).toBe('PASSWORD_REQUIRED')
    expect(general.body.errors[0].extensions.fields).toEqual({ email: ['Changing the sign-in e-mail needs your current password.'] })
    const viaUser = await t.gql(UPDATE_USER, { id: String(clientId), i: { email: 'attacker@evil.example' } }, stolen.accessToken)
    expect(codeOf(viaUser)).toBe('PASSWORD_REQUIRED')
    // changeEmail: an empty and a wrong password.
    const empty = await t.gql(CHANGE, { e: 'attacker@evil.example', p: '' }, stolen.accessToken)
    expect(empty.body.errors[0].extensions).toMatchObject({ code: 'PASSWORD_REQUIRED', fields: { currentPassword: ['Confirm with your current password.'] } })
    const wrong = await t.gql(CHANGE, { e: 'attacker@evil.example', p: 'guessed-password' }, stolen.accessToken)
    expect(wrong.body.errors[0].extensions).toMatchObject({ code: 'INVALID_CREDENTIALS', fields: { currentPassword: ['The current password is wrong.'] } })
    // A bad or taken address is refused on the field, even with the password.
    expect((await t.gql(CHANGE, { e: 'not-an-address', p: DEMO_PASSWORDS.client }, stolen.accessToken)).body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { email: ['The email address is badly formatted.'] },
    })
    expect((await t.gql(CHANGE, { e: 'RESELLER@demo.local', p: DEMO_PASSWORDS.client }, stolen.accessToken)).body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { email: ['This email is already in use.'] },
    })
    // Resellers cannot change their clients' address at all; nobody without a sign-in either.
    const reseller = await t.loginAs('reseller')
    expect(codeOf(await t.gql(CHANGE, { u: String(clientId), e: 'x@evil.example', p: DEMO_PASSWORDS.reseller }, reseller.accessToken))).toBe('FORBIDDEN')
    expect(codeOf(await t.gql(CHANGE, { e: 'x@evil.example', p: DEMO_PASSWORDS.client }))).toBe('UNAUTHENTICATED')

    expect(await userRow(clientId)).toEqual(before)
    expect((await mails()).length).toBe(mailsBefore)
    expect(await liveSessions(clientId)).toBe(sessions)
    expect(await t.database.db.select().from(emailChanges)).toEqual([])
  })

  it('with the password: mails the old address an undo link, ends the other sessions, returns a fresh one', async () => {
    const other = await t.loginAs('client')
    const me = await t.loginAs('client')
    const res = await t.gql(CHANGE, { e: 'New.Address@Example.com', p: DEMO_PASSWORDS.client }, me.accessToken)
    expect(res.body.errors).toBeUndefined()
    const out = res.body.data.changeEmail
    expect(out.settings.general.email).toBe('new.address@example.com')
    expect(out.auth.userData.email).toBe('new.address@example.com')
    expect((await userRow(clientId)).email).toBe('new.address@example.com')
    // Every earlier sign-in ended; the fresh one works.
    expect(await refreshWorks(other.refreshToken)).toBe(false)
    expect(await refreshWorks(me.refreshToken)).toBe(false)
    expect(await refreshWorks(out.auth.refreshToken)).toBe(true)
    // The old address got the undo link; the new one nothing.
    const sent = await mails()
    expect(sent.filter((m) => m.to === 'new.address@example.com')).toEqual([])
    const notice = sent.filter((m) => m.to === 'client@demo.local').at(-1)!
    expect(notice.subject).toBe('The sign-in e-mail of your account was changed')
    expect(notice.text).toContain('from client@demo.local to new.address@example.com')
    expect(undoLinkIn(notice.text)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The link's token is stored only hashed.
    const [row] = await t.database.db.select().from(emailChanges)
    expect(row!.undoTokenHash).not.toBe(undoLinkIn(notice.text))
    // A password reset for the old address reaches nobody any more; signing in takes the new one.
    expect((await t.json('POST', '/jwt/login', { email: 'new.address@example.com', password: DEMO_PASSWORDS.client })).status).toBe(200)
    // While the link can still undo it, no other account may take the old address.
    const admin = await t.loginAs('admin')
    expect((await t.gql(CHANGE, { e: 'client@demo.local', p: DEMO_PASSWORDS.admin }, admin.accessToken)).body.errors[0].extensions.fields).toEqual({
      email: ['This email is already in use.'],
    })
    // Nor a new account: neither signing up nor an account made by staff.
    const signUp = await t.json('POST', '/jwt/register', { username: 'squatter', email: 'client@demo.local', password: 'Squ4tter-Passw0rd!' })
    expect(signUp.status).toBe(400)
    expect(signUp.body).toMatchObject({ error: { email: ['This email is already in use.'] } })
    const created = await t.json(
      'POST',
      '/apps/user/users',
      { user: { username: 'squatter2', email: 'client@demo.local', role: 'reseller' } },
      { authorization: `Bearer ${admin.accessToken}` },
    )
    expect(created.status).toBe(400)
    expect(JSON.stringify(created.body)).toContain('This email is already in use.')
    expect(await t.database.db.select().from(users).where(eq(users.email, 'client@demo.local'))).toEqual([])
  })

  it('the undo link puts the old address back, ends every session, and works once', async () => {
    const token = undoLinkIn((await mails()).filter((m) => m.to === 'client@demo.local').at(-1)!.text)!
    const session = await t.json('POST', '/jwt/login', { email: 'new.address@example.com', password: DEMO_PASSWORDS.client })
    // Whoever took over changes it again: the old address's link must still win.
    expect((await t.gql(CHANGE, { e: 'second@evil.example', p: DEMO_PASSWORDS.client }, session.body.accessToken)).body.errors).toBeUndefined()
    expect(codeOf(await t.gql(UNDO, { t: 'x'.repeat(43) }))).toBe('UNDO_LINK_INVALID')
    expect(codeOf(await t.gql(UNDO, { t: 'short' }))).toBe('UNDO_LINK_INVALID')
    expect((await t.gql(UNDO, { t: token })).body.data).toEqual({ undoEmailChange: true })
    expect((await userRow(clientId)).email).toBe('client@demo.local')
    expect(await liveSessions(clientId)).toBe(0)
    expect(codeOf(await t.gql(UNDO, { t: token }))).toBe('UNDO_LINK_INVALID')
    // The later change's link (mailed to the address the attacker chose) is void too.
    const later = undoLinkIn((await mails()).filter((m) => m.to === 'new.address@example.com').at(-1)!.text)!
    expect(codeOf(await t.gql(UNDO, { t: later }))).toBe('UNDO_LINK_INVALID')
    expect((await userRow(clientId)).email).toBe('client@demo.local')
    expect((await t.json('POST', '/jwt/login', { email: 'client@demo.local', password: DEMO_PASSWORDS.client })).status).toBe(200)
  })

  it('an expired undo link changes nothing', async () => {
    const me = await t.loginAs('client')
    await t.gql(CHANGE, { e: 'third@example.com', p: DEMO_PASSWORDS.client }, me.accessToken)
    const token = undoLinkIn((await mails()).filter((m) => m.to === 'client@demo.local').at(-1)!.text)!
    t.clock.advance(t.config.EMAIL_UNDO_TTL + 1)
    expect(codeOf(await t.gql(UNDO, { t: token }))).toBe('UNDO_LINK_INVALID')
    expect((await userRow(clientId)).email).toBe('third@example.com')
  })

  it("an admin changes another user's e-mail with the admin's own password; audited, the user's sessions end", async () => {
    const admin = await t.loginAs('admin')
    const user = await t.json('POST', '/jwt/login', { email: 'third@example.com', password: DEMO_PASSWORDS.client })
    // The user's password is no use to the admin, and the admin's is needed.
    const withUsers = await t.gql(CHANGE, { u: String(clientId), e: 'fourth@example.com', p: DEMO_PASSWORDS.client }, admin.accessToken)
    expect(codeOf(withUsers)).toBe('INVALID_CREDENTIALS')
    const res = await t.gql(CHANGE, { u: String(clientId), e: 'fourth@example.com', p: DEMO_PASSWORDS.admin }, admin.accessToken)
    expect(res.body.data.changeEmail).toEqual({ settings: { general: { email: 'fourth@example.com' } }, auth: null })
    expect(await refreshWorks(user.body.refreshToken)).toBe(false)
    expect(await refreshWorks(admin.refreshToken)).toBe(true)
    const notice = (await mails()).filter((m) => m.to === 'third@example.com').at(-1)!
    expect(notice.text).toContain('was changed by an administrator from third@example.com to fourth@example.com')
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.email'))
    expect(entry).toMatchObject({ entityId: String(clientId), before: { email: 'third@example.com' }, after: { email: 'fourth@example.com' } })
  })
})
