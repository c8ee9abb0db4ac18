import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { users } from '../../server/src/db/schema'
import { engines } from '../support/databases'
import { createTestApp, DEMO_PASSWORDS, type TestApp } from '../support/test-app'

const VIEWER = '{ viewer { id username email role fullName avatar ability { action subject } extras { eCommerceCartItemsCount } } }'

describe.each(engines)('GraphQL on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(() => t.close())

  describe('viewer', () => {
    it('is null when signed out', async () => {
      expect(await t.gql('{ viewer { id } }')).toEqual({ status: 200, body: { data: { viewer: null } } })
    })

    it('is the same userData that /jwt/login answers', async () => {
      const session = await t.loginAs('client')
      const res = await t.gql(VIEWER, {}, session.accessToken)
      expect(res.status).toBe(200)
      expect(res.body.data.viewer).toEqual({ ...session.userData, id: String(session.userData.id) })
    })

    it('answers 401 UNAUTHENTICATED for an expired access token, so the client refreshes', async () => {
      const session = await t.loginAs('client')
      t.clock.advance(601)
      const res = await t.gql('{ viewer { id } }', {}, session.accessToken)
      expect(res.status).toBe(401)
      expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED')
    })

    it('never takes a refresh token, a forged token or alg none as an access token', async () => {
      const session = await t.loginAs('client')
      const forged = await new SignJWT({ role: 'admin', admin: true })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(String(session.userData.id))
        .setIssuer(t.config.JWT_ISSUER)
        .setAudience(t.config.JWT_AUDIENCE)
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('some-other-secret-some-other-secret-00'))
      const [h, p] = session.accessToken.split('.')
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')
      const algNone = `${header}.${p}.`
      const wrongAudience = await new SignJWT({ role: 'client', admin: false })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(String(session.userData.id))
        .setIssuer(t.config.JWT_ISSUER)
        .setAudience('someone-else')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(t.config.JWT_ACCESS_SECRET!))
      expect(h).toBeTruthy()
      for (const token of [session.refreshToken, forged, algNone, wrongAudience, 'garbage']) {
        const res = await t.gql('{ viewer { id } }', {}, token)
        expect(res.status).toBe(401)
      }
    })
  })

  describe('access token claims (RFC 8725)', () => {
    const sign = async (userId: number, omit: 'exp' | 'iat' | 'jti' | 'none') => {
      let jwt = new SignJWT({ role: 'client', admin: false })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(String(userId))
        .setIssuer(t.config.JWT_ISSUER)
        .setAudience(t.config.JWT_AUDIENCE)
      const now = Math.floor(t.clock.now().getTime() / 1000)
      if (omit !== 'exp') jwt = jwt.setExpirationTime(now + 300)
      if (omit !== 'iat') jwt = jwt.setIssuedAt(now)
      if (omit !== 'jti') jwt = jwt.setJti('a-token-id')
      return jwt.sign(new TextEncoder().encode(t.config.JWT_ACCESS_SECRET!))
    }

    it('accepts a correctly signed token with every claim, and refuses one without exp, iat or jti', async () => {
      const { userData } = await t.loginAs('client')
      const complete = await t.gql('{ viewer { id } }', {}, await sign(userData.id, 'none'))
      expect(complete.body.data.viewer.id).toBe(String(userData.id))
      for (const omit of ['exp', 'iat', 'jti'] as const) {
        const token = await sign(userData.id, omit)
        const gql = await t.gql('{ viewer { id } }', {}, token)
        expect(gql.status, omit).toBe(401)
        expect(gql.body.errors[0].extensions.code).toBe('UNAUTHENTICATED')
        const rest = await t.json('GET', '/apps/user/users/' + userData.id, undefined, { authorization: `Bearer ${token}` })
        expect(rest.status, omit).toBe(401)
      }
    })
  })

  describe('mutations', () => {
    it('login and register answer like the REST shims; errors carry codes and fields', async () => {
      const ok = await t.gql('mutation($i: LoginInput!) { login(input: $i) { accessToken userData { role } } }', {
        i: { email: 'reseller@demo.local', password: DEMO_PASSWORDS.reseller },
      })
      expect(ok.body.data.login.userData.role).toBe('reseller')
      const bad = await t.gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', {
        i: { email: 'reseller@demo.local', password: 'wrong-password' },
      })
      expect(bad.body.errors[0]).toMatchObject({
        message: 'Email or Password is Invalid',
        extensions: { code: 'INVALID_CREDENTIALS' },
      })
      const reg = await t.gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken } }', {
        i: { email: 'client@demo.local', username: 'x', password: 'short' },
      })
      expect(reg.body.errors[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: {
          email: ['This email is already in use.'],
          password: ['Your password is too weak'],
        },
      })
    })
  })

  describe('permissions', () => {
    const OUTBOX = '{ mailOutbox { id to subject } }'

    it('refuses the admin-only outbox to anonymous callers and clients', async () => {
      expect((await t.gql(OUTBOX)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED')
      const client = await t.loginAs('client')
      expect((await t.gql(OUTBOX, {}, client.accessToken)).body.errors[0].extensions.code).toBe('FORBIDDEN')
    })

    it('lets an admin read it', async () => {
      const admin = await t.loginAs('admin')
      const res = await t.gql(OUTBOX, {}, admin.accessToken)
      expect(res.body.errors).toBeUndefined()
      expect(Array.isArray(res.body.data.mailOutbox)).toBe(true)
    })

    it('requires the admin claim for manage, not just a manage rule in the record', async () => {
      await t.database.db
        .update(users)
        .set({ ability: [{ action: 'manage', subject: 'all' }] })
        .where(eq(users.email, 'reseller@demo.local'))
      const reseller = await t.loginAs('reseller')
      expect((await t.gql(OUTBOX, {}, reseller.accessToken)).body.errors[0].extensions.code).toBe('FORBIDDEN')
    })
  })

  describe('password reset', () => {
    it('mails a single-use link that sets the password and ends every session', async () => {
      const before = await t.loginAs('client')
      expect((await t.gql('mutation { requestPasswordReset(email: "CLIENT@demo.local") }')).body.data).toEqual({
        requestPasswordReset: true,
      })
      // Unknown addresses get the same answer and no mail.
      expect((await t.gql('mutation { requestPasswordReset(email: "nobody@demo.local") }')).body.data).toEqual({
        requestPasswordReset: true,
      })
      const admin = await t.loginAs('admin')
      const outbox = await t.gql('{ mailOutbox(first: 5) { to text } }', {}, admin.accessToken)
      const mails = outbox.body.data.mailOutbox as Array<{ to: string; text: string }>
      expect(mails.map((m) => m.to)).not.toContain('nobody@demo.local')
      const token = /forgot-password\?token=([\w-]+)/.exec(mails.find((m) => m.to === 'client@demo.local')!.text)![1]!

      const RESET = 'mutation($t: String!, $p: String!) { resetPassword(token: $t, password: $p) }'
      const weak = await t.gql(RESET, { t: token, p: 'short' })
      expect(weak.body.errors[0].extensions.code).toBe('WEAK_PASSWORD')
      expect((await t.gql(RESET, { t: token, p: 'a-brand-new-passphrase' })).body.data).toEqual({ resetPassword: true })
      const again = await t.gql(RESET, { t: token, p: 'another-new-passphrase' })
      expect(again.body.errors[0].extensions.code).toBe('INVALID_TOKEN')

      expect((await t.json('POST', '/jwt/refresh-token', { refreshToken: before.refreshToken })).status).toBe(401)
      const login = await t.json('POST', '/jwt/login', { email: 'client@demo.local', password: 'a-brand-new-passphrase' })
      expect(login.status).toBe(200)
    })

    it('refuses an expired link', async () => {
      await t.gql('mutation { requestPasswordReset(email: "admin@demo.local") }')
      const admin = await t.loginAs('admin')
      const mails = (await t.gql('{ mailOutbox(first: 1) { text } }', {}, admin.accessToken)).body.data.mailOutbox
      const token = /token=([\w-]+)/.exec(mails[0].text)![1]
      t.clock.advance(3601)
      const res = await t.gql('mutation($t: String!) { resetPassword(token: $t, password: "a-brand-new-passphrase") }', { t: token })
      expect(res.body.errors[0].extensions.code).toBe('INVALID_TOKEN')
    })
  })

  describe('limits and hardening', () => {
    it('refuses queries deeper than the limit', async () => {
      const shallow = await createTestApp(engine, { GRAPHQL_MAX_DEPTH: '2' })
      try {
        expect((await shallow.gql('{ viewer { id } }')).body).toEqual({ data: { viewer: null } })
        const res = await shallow.gql('{ viewer { extras { eCommerceCartItemsCount } } }')
        expect(res.body.errors[0].message).toMatch(/depth/i)
      } finally {
        await shallow.close()
      }
    })

    it('refuses too many aliases', async () => {
      const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: viewer { id }`).join(' ')
      const res = await t.gql(`{ ${aliases} }`)
      expect(res.body.errors[0].message).toMatch(/alias/i)
    })

    it('refuses a form-encoded POST (CSRF) and masks unexpected errors', async () => {
      const form = await t.app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'query=%7Bviewer%7Bid%7D%7D',
      })
      expect(form.status).toBe(403)
      const syntax = await t.gql('{ viewer { ')
      expect(syntax.body.errors[0].message).not.toMatch(/at .*\.ts/)
    })

    it('sends security headers and no wildcard CORS', async () => {
      const res = await t.app.request('/healthz', { headers: { origin: 'https://evil.example' } })
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('reports health and readiness', async () => {
      expect(await t.json('GET', '/healthz')).toEqual({ status: 200, body: { status: 'ok' } })
      expect(await t.json('GET', '/readyz')).toEqual({ status: 200, body: { status: 'ready', database: engine } })
    })
  })
})
