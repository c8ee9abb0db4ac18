import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { botPanels, users } from '../../server/src/db/schema'
import { engines } from '../support/databases'
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../support/test-app'

const userDataKeys = ['ability', 'avatar', 'email', 'extras', 'fullName', 'id', 'role', 'username']

describe.each(engines)('/jwt on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine, { LOGIN_RATE_LIMIT: '5' })
  })
  afterAll(() => t.close())

  describe('register', () => {
    it('creates the user record with the spec defaults and signs in', async () => {
      const before = Date.now()
      const res = await t.json('POST', '/jwt/register', { username: 'NewStreamer', email: 'New@Example.com', password: 'a-good-passphrase' })
      expect(res.status).toBe(200)
      expect(Object.keys(res.body).sort()).toEqual(['accessToken', 'refreshToken', 'userData'])
      expect(Object.keys(res.body.userData).sort()).toEqual(userDataKeys)
      expect(res.body.userData).toMatchObject({
        username: 'NewStreamer',
        email: 'new@example.com',
        role: 'client',
        ability: [
          { action: 'read', subject: 'ACL' },
          { action: 'read', subject: 'all' },
        ],
        extras: { eCommerceCartItemsCount: 0 },
      })
      const [row] = await t.database.db.select().from(users).where(eq(users.email, 'new@example.com'))
      expect(row).toMatchObject({ role: 'client', package: 'None', twitchname: null })
      expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5000)
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
      const [panel] = await t.database.db.select().from(botPanels).where(eq(botPanels.userId, row!.id))
      expect(panel).toMatchObject({ active: false, autostart: true, categoryChatbot: true, chatbot: true })
      expect(panel).not.toHaveProperty('viewbot')
    })

    it.each([
      [
        { username: 'someone', password: 'a-good-passphrase' },
        { password: null, email: ['Please enter your email.'], username: null },
      ],
      [
        { email: 'a@b.co', password: 'a-good-passphrase' },
        { password: null, email: null, username: ['Please enter your username.'] },
      ],
      [
        { username: 'someone', email: 'a@b.co', password: 'short' },
        { password: ['Your password is too weak'], email: null, username: null },
      ],
      [
        { username: 'other', email: 'CLIENT@demo.local', password: 'a-good-passphrase' },
        { password: null, email: ['This email is already in use.'], username: null },
      ],
      [
        { username: 'DEMO-client', email: 'fresh@b.co', password: 'a-good-passphrase' },
        { password: null, email: null, username: ['This username is already in use.'] },
      ],
    ])('answers 400 with the spec message for %j', async (body, error) => {
      const count = (await t.database.db.select().from(users)).length
      const res = await t.json('POST', '/jwt/register', body)
      expect(res).toEqual({ status: 400, body: { error } })
      expect((await t.database.db.select().from(users)).length).toBe(count)
    })

    it('treats a malformed body as empty input, never a 500', async () => {
      const res = await t.json('POST', '/jwt/register', '{not json')
      expect(res.status).toBe(400)
      expect(res.body.error.email).toEqual(['Please enter your email.'])
      const wrongTypes = await t.json('POST', '/jwt/register', { username: 42, email: ['x'], password: {} })
      expect(wrongTypes.status).toBe(400)
    })
  })

  describe('login', () => {
    it('answers {userData, accessToken, refreshToken}', async () => {
      const res = await t.json('POST', '/jwt/login', { email: 'admin@demo.local', password: DEMO_PASSWORDS.admin })
      expect(res.status).toBe(200)
      expect(Object.keys(res.body.userData).sort()).toEqual(userDataKeys)
      expect(res.body.userData.role).toBe('admin')
      expect(res.body.userData.ability).toEqual([{ action: 'manage', subject: 'all' }])
    })

    it('answers the same 400 for an unknown email and a wrong password', async () => {
      const unknown = await t.json('POST', '/jwt/login', { email: 'nobody@demo.local', password: 'whatever-password' })
      const wrong = await t.json('POST', '/jwt/login', { email: 'reseller@demo.local', password: 'wrong-password' })
      const expected = { status: 400, body: { error: { email: ['Email or Password is Invalid'] } } }
      expect(unknown).toEqual(expected)
      expect(wrong).toEqual(expected)
    })

    it('rate limits repeated failures with 429 and keeps refusing', async () => {
      const attempt = () => t.json('POST', '/jwt/login', { email: 'victim@demo.local', password: 'guess' }, { 'x-forwarded-for': '1.2.3.4' })
      const statuses: number[] = []
      for (let i = 0; i < 7; i++) statuses.push((await attempt()).status)
      expect(statuses.slice(0, 2)).toEqual([400, 400])
      expect(statuses.at(-1)).toBe(429)
      const blocked = await attempt()
      expect(blocked.body).toEqual({ error: { email: ['Too many attempts. Try again later.'] } })
    })
  })

  describe('refresh-token', () => {
    it('rotates: the new pair works, the spent token is refused and revokes its family', async () => {
      const first = await t.loginAs('reseller')
      const rotated = await t.json('POST', '/jwt/refresh-token', { refreshToken: first.refreshToken })
      expect(rotated.status).toBe(200)
      expect(rotated.body.refreshToken).not.toBe(first.refreshToken)
      expect(rotated.body.userData.email).toBe('reseller@demo.local')

      // After the reuse grace window (REFRESH_REUSE_GRACE_SECONDS, 10 s) a replay is reuse.
      t.clock.advance(t.config.REFRESH_REUSE_GRACE_SECONDS + 1)
      const replay = await t.json('POST', '/jwt/refresh-token', { refreshToken: first.refreshToken })
      expect(replay).toEqual({ status: 401, body: { error: 'Invalid refresh token' } })
      // Reuse detected: the legitimate successor is revoked too.
      const successor = await t.json('POST', '/jwt/refresh-token', { refreshToken: rotated.body.refreshToken })
      expect(successor.status).toBe(401)
    })

    it('answers a replay inside the grace window with the same successor, and keeps the sign-in', async () => {
      const first = await t.loginAs('reseller')
      // Two tabs (or a retried request) present the same token at once.
      const [a, b] = await Promise.all([
        t.json('POST', '/jwt/refresh-token', { refreshToken: first.refreshToken }),
        t.json('POST', '/jwt/refresh-token', { refreshToken: first.refreshToken }),
      ])
      expect([a.status, b.status]).toEqual([200, 200])
      expect(a.body.refreshToken).toBe(b.body.refreshToken)
      t.clock.advance(t.config.REFRESH_REUSE_GRACE_SECONDS)
      const late = await t.json('POST', '/jwt/refresh-token', { refreshToken: first.refreshToken })
      expect(late.status).toBe(200)
      expect(late.body.refreshToken).toBe(a.body.refreshToken)
      // The sign-in goes on: the successor rotates normally.
      const next = await t.json('POST', '/jwt/refresh-token', { refreshToken: a.body.refreshToken })
      expect(next.status).toBe(200)
      expect(next.body.refreshToken).not.toBe(a.body.refreshToken)
    })

    it('treats a replay inside the window as reuse once the successor itself was spent', async () => {
      const first = await t.loginAs('reseller')
      const second = await t.json('POST', '/jwt/refresh-token', { refreshToken: first.refreshToken })
      const third = await t.json('POST', '/jwt/refresh-token', { refreshToken: second.body.refreshToken })
      expect(third.status).toBe(200)
      const replay = await t.json('POST', '/jwt/refresh-token', { refreshToken: first.refreshToken })
      expect(replay.status).toBe(401)
      expect((await t.json('POST', '/jwt/refresh-token', { refreshToken: third.body.refreshToken })).status).toBe(401)
    })

    it('expires after 10 idle minutes and after 12 hours in all', async () => {
      const idle = await t.loginAs('client')
      t.clock.advance(601)
      expect((await t.json('POST', '/jwt/refresh-token', { refreshToken: idle.refreshToken })).status).toBe(401)

      let { refreshToken } = await t.loginAs('client')
      for (let elapsed = 0; elapsed < 12 * 3600; elapsed += 540) {
        t.clock.advance(540)
        const res = await t.json('POST', '/jwt/refresh-token', { refreshToken })
        if (elapsed + 540 < 12 * 3600) {
          expect(res.status).toBe(200)
          refreshToken = res.body.refreshToken
        } else {
          expect(res.status).toBe(401)
        }
      }
    })

    it.each([
      ['no token', {}],
      ['a number', { refreshToken: 12 }],
      ['an oversized token', { refreshToken: 'x'.repeat(5000) }],
      ['a token never issued', { refreshToken: 'not-a-token-we-issued-xxxx' }],
    ])('refuses %s with 401 {error}', async (_label, body) => {
      expect(await t.json('POST', '/jwt/refresh-token', body)).toEqual({ status: 401, body: { error: 'Invalid refresh token' } })
    })
  })

  describe('logout', () => {
    it('revokes the refresh token', async () => {
      const session = await t.loginAs('client')
      expect(await t.json('POST', '/jwt/logout', { refreshToken: session.refreshToken })).toEqual({ status: 200, body: { ok: true } })
      expect((await t.json('POST', '/jwt/refresh-token', { refreshToken: session.refreshToken })).status).toBe(401)
    })

    it('is idempotent for unknown tokens', async () => {
      expect((await t.json('POST', '/jwt/logout', { refreshToken: 'unknown' })).status).toBe(200)
    })
  })

  it('answers unknown /jwt paths with 404 and no body', async () => {
    const res = await t.app.request('/jwt/nope', { method: 'POST' })
    expect(res.status).toBe(404)
    expect(await res.text()).toBe('')
  })
})
