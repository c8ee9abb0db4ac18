/**
 * AUTH_PROVIDER=firebase against the real Firebase Auth emulator (firebase-tools, started once
 * for this file): the ID-token exchange, refused tokens, registration messages (the server's
 * and the client's mapping of Firebase's error codes, with the firebase web SDK against the
 * emulator), and the admin claim on manage routes, removed at the next refresh.
 */
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/src/db/schema'
import { signIns } from '../../server/src/modules/statistics/statistics.tables'
import { engines } from '../support/databases'
import { FIREBASE_TOOLS_MISSING, firebaseToolsPresent, startAuthEmulator, type AuthEmulator } from '../support/firebase-emulator'
import { createTestApp, type TestApp } from '../support/test-app'

if (!firebaseToolsPresent) console.warn(FIREBASE_TOOLS_MISSING)

/** An unsigned emulator-style token with the given claims (the emulator's own tokens are unsigned too). */
function craftToken(claims: Record<string, unknown>): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`
}

describe.skipIf(!firebaseToolsPresent)('Firebase Auth provider', () => {
  let emulator: AuthEmulator
  beforeAll(async () => {
    emulator = await startAuthEmulator()
  }, 120_000)
  afterAll(() => emulator?.stop())

  describe.each(engines)('on %s', (engine) => {
    let t: TestApp
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
    const exchange = (body: Record<string, unknown>) => t.json('POST', '/jwt/firebase', body)
    let n = 0
    const unique = (name: string) => `${name}${engine}${++n}`

    beforeAll(async () => {
      // One emulator for the file: each engine starts with no Firebase accounts.
      await emulator.clear()
      t = await createTestApp(engine, {
        AUTH_PROVIDER: 'firebase',
        FIREBASE_PROJECT_ID: emulator.projectId,
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        FIREBASE_API_KEY: 'demo-api-key',
      })
    })
    afterAll(() => t?.close())

    it('tells the client the mode and the public web config, nothing else', async () => {
      const res = await t.json('GET', '/jwt/auth-config')
      expect(res.body).toEqual({
        provider: 'firebase',
        firebase: {
          apiKey: 'demo-api-key',
          authDomain: `${emulator.projectId}.firebaseapp.com`,
          projectId: emulator.projectId,
          emulatorUrl: `http://${emulator.host}`,
        },
      })
    })

    it('registers with a valid emulator token (spec defaults), then signs in; the local password doors are shut', async () => {
      const name = unique('fbuser')
      const { idToken, localId } = await emulator.signUp(`${name}@example.com`, 'Str0ng-passw0rd!')
      const registered = await exchange({ idToken, username: name })
      expect(registered.status).toBe(200)
      expect(registered.body.userData).toMatchObject({ username: name, email: `${name}@example.com`, role: 'client' })
      expect(registered.body.userData.ability).toEqual([
        { action: 'read', subject: 'ACL' },
        { action: 'read', subject: 'all' },
      ])
      const [row] = await t.database.db.select().from(users).where(eq(users.firebaseUid, localId))
      expect(row?.username).toBe(name)

      const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
      const idToken2 = (await emulator.signIn(`${name}@example.com`, 'Str0ng-passw0rd!')).idToken
      const again = await t.json('POST', '/jwt/firebase', { idToken: idToken2 }, { 'user-agent': phone })
      expect(again.status).toBe(200)
      expect(again.body.userData.id).toBe(registered.body.userData.id)
      // Both sign-ins count in the statistics, the second with the device its User-Agent names.
      const seen = await t.database.db.select({ device: signIns.device }).from(signIns).where(eq(signIns.userId, row!.id)).orderBy(asc(signIns.id))
      expect(seen.map((s) => s.device)).toEqual([null, 'mobile'])
      const me = await t.gql('{ viewer { username } }', {}, again.body.accessToken)
      expect(me.body.data?.viewer?.username ?? me.body.errors).toBe(name)
      // Refresh works as with local sign-in.
      const refreshed = await t.json('POST', '/jwt/refresh-token', { refreshToken: again.body.refreshToken })
      expect(refreshed.status).toBe(200)

      expect((await t.json('POST', '/jwt/login', { email: `${name}@example.com`, password: 'Str0ng-passw0rd!' })).status).toBe(400)
      expect((await t.json('POST', '/jwt/register', { username: unique('x'), email: `${unique('x')}@example.com`, password: 'Str0ng-passw0rd!' })).status).toBe(
        400,
      )
    })

    it('refuses expired, forged, foreign-project and garbage tokens with the login failure, never a 5xx', async () => {
      const name = unique('victim')
      const { localId } = await emulator.signUp(`${name}@example.com`, 'Str0ng-passw0rd!')
      const now = Math.floor(Date.now() / 1000)
      const base = {
        iss: `https://securetoken.google.com/${emulator.projectId}`,
        aud: emulator.projectId,
        sub: localId,
        user_id: localId,
        auth_time: now - 60,
        iat: now - 60,
        exp: now + 3600,
        email: `${name}@example.com`,
        firebase: { sign_in_provider: 'password', identities: {} },
      }
      const refused = [
        craftToken({ ...base, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }), // expired
        craftToken({ ...base, aud: 'demo-other-project', iss: 'https://securetoken.google.com/demo-other-project' }), // another project
        craftToken({ ...base, iss: 'https://evil.example.com/' }), // wrong issuer
        craftToken({ ...base, sub: 'no-such-user', user_id: 'no-such-user' }), // forged: no such user (checkRevoked reads it)
        'not-a-token',
      ]
      for (const idToken of refused) {
        const res = await exchange({ idToken, username: unique('forger') })
        expect(res.status, idToken).toBe(401)
        expect(res.body).toEqual({ error: { email: ['Email or Password is Invalid'] } })
      }
      expect((await exchange({})).status).toBe(401)
      expect((await exchange({ idToken: 42 })).status).toBe(401)
      expect(await t.database.db.select().from(users).where(eq(users.firebaseUid, localId))).toEqual([])
    })

    it('answers the registration messages of section 5 for the username and e-mail the server decides', async () => {
      const first = unique('taken')
      const registered = await exchange({ idToken: (await emulator.signUp(`${first}@example.com`, 'Str0ng-passw0rd!')).idToken, username: first })
      expect([registered.status, registered.body?.userData?.username ?? registered.body]).toEqual([200, first])
      const { idToken } = await emulator.signUp(`${unique('other')}@example.com`, 'Str0ng-passw0rd!')
      expect((await exchange({ idToken, username: first.toUpperCase() })).body).toEqual({
        error: { password: null, email: null, username: ['This username is already in use.'] },
      })
      expect((await exchange({ idToken, username: '' })).body.error.username).toEqual(['Please enter your username.'])
      // No username and no account: the login failure, nothing written.
      expect((await exchange({ idToken })).body).toEqual({ error: { email: ['Email or Password is Invalid'] } })
      // An e-mail a local account holds, unverified in Firebase: not linked, "in use".
      const local = await emulator.signUp('client@demo.local', 'Str0ng-passw0rd!')
      expect((await exchange({ idToken: local.idToken, username: unique('thief') })).body.error.email).toEqual(['This email is already in use.'])
      const [demo] = await t.database.db.select().from(users).where(eq(users.email, 'client@demo.local'))
      expect(demo?.firebaseUid).toBeNull()
    })

    it('maps Firebase error codes to the same messages in the client (firebase web SDK against the emulator)', async () => {
      const { initializeApp, deleteApp } = await import('firebase/app')
      const { connectAuthEmulator, createUserWithEmailAndPassword, initializeAuth, inMemoryPersistence } = await import('firebase/auth')
      const { firebaseRegisterErrors } = await import('../../client/src/features/auth/api/firebase-errors')
      const app = initializeApp({ apiKey: 'demo-api-key', projectId: emulator.projectId }, unique('client'))
      const auth = initializeAuth(app, { persistence: inMemoryPersistence })
      connectAuthEmulator(auth, `http://${emulator.host}`, { disableWarnings: true })
      const codeOf = async (email: string, password: string) => {
        try {
          await createUserWithEmailAndPassword(auth, email, password)
          return 'ok'
        } catch (e) {
          return (e as { code: string }).code
        }
      }
      const email = `${unique('dup')}@example.com`
      expect(await codeOf(email, 'Str0ng-passw0rd!')).toBe('ok')
      const inUse = await codeOf(email, 'Str0ng-passw0rd!')
      const weak = await codeOf(`${unique('weak')}@example.com`, '123')
      const missing = await codeOf('', 'Str0ng-passw0rd!')
      expect([inUse, weak, missing]).toEqual(['auth/email-already-in-use', 'auth/weak-password', 'auth/missing-email'])
      expect(firebaseRegisterErrors(inUse, email)).toEqual({ email: ['This email is already in use.'] })
      expect(firebaseRegisterErrors(weak, email)).toEqual({ password: ['Your password is too weak'] })
      expect(firebaseRegisterErrors(missing, '')).toEqual({ email: ['Please enter your email.'] })
      expect(firebaseRegisterErrors('auth/credential-already-in-use', email)).toEqual({ username: ['This username is already in use.'] })
      expect(firebaseRegisterErrors('auth/network-request-failed', email)).toBeNull()
      await deleteApp(app)
    })

    it('manage needs the admin claim; admins grant it (audited) and a removal takes effect at the next refresh', async () => {
      const adminName = unique('boss')
      // An existing local admin whose Firebase account has a verified e-mail is linked at first sign-in.
      const [demoAdmin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.local'))
      await t.database.db.update(users).set({ username: adminName }).where(eq(users.id, demoAdmin!.id))
      const created = await emulator.signUp('admin@demo.local', 'Adm1n-passw0rd!')
      // Verify the e-mail and grant the first claim the way an operator would (firebase-admin).
      const { getAuth } = await import('firebase-admin/auth')
      const { initializeApp, deleteApp } = await import('firebase-admin/app')
      const ops = initializeApp({ projectId: emulator.projectId }, unique('ops'))
      await getAuth(ops).updateUser(created.localId, { emailVerified: true })

      const signIn = async () => (await exchange({ idToken: (await emulator.signIn('admin@demo.local', 'Adm1n-passw0rd!')).idToken })).body
      const manage = (token: string) => t.gql('{ auditLog(first: 1) { edges { node { action } } } }', {}, token)
      const noClaim = await signIn()
      expect(noClaim.userData.role).toBe('admin')
      expect((await manage(noClaim.accessToken)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
      expect((await t.json('PUT', '/jwt/two-step/policy', { requireForStaff: false }, bearer(noClaim.accessToken))).status).toBe(403)

      await getAuth(ops).setCustomUserClaims(created.localId, { admin: true })
      const withClaim = await signIn()
      expect((await manage(withClaim.accessToken)).body.errors).toBeUndefined()
      expect((await t.json('PUT', '/jwt/two-step/policy', { requireForStaff: false }, bearer(withClaim.accessToken))).status).toBe(200)

      // The admin grants the claim to a Firebase user from the user pages, and removes it.
      const userName = unique('staff')
      const staff = await exchange({ idToken: (await emulator.signUp(`${userName}@example.com`, 'Str0ng-passw0rd!')).idToken, username: userName })
      const staffId = staff.body.userData.id
      const set = (admin: boolean, token = withClaim.accessToken) =>
        t.gql('mutation($id: ID!, $admin: Boolean!) { setFirebaseAdminClaim(userId: $id, admin: $admin) }', { id: String(staffId), admin }, token)
      const claimOf = (id: string) => t.gql('query($id: ID!) { firebaseAdminClaim(userId: $id) }', { id }, withClaim.accessToken)
      expect((await set(true, staff.body.accessToken)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
      expect((await set(true)).body.data.setFirebaseAdminClaim).toBe(true)
      expect((await claimOf(String(staffId))).body.data.firebaseAdminClaim).toBe(true)
      expect((await set(false)).body.data.setFirebaseAdminClaim).toBe(false)
      expect((await claimOf(String(staffId))).body.data.firebaseAdminClaim).toBe(false)
      const log = await t.gql('{ auditLog(first: 5) { edges { node { action entityId after } } } }', {}, withClaim.accessToken)
      expect(log.body.data.auditLog.edges.map((e: { node: { action: string } }) => e.node.action)).toContain('user.adminClaim')
      // A local account (no Firebase uid) is refused with a coded error, nothing written.
      const [client] = await t.database.db.select().from(users).where(eq(users.email, 'client@demo.local'))
      const refused = await t.gql('mutation($id: ID!) { setFirebaseAdminClaim(userId: $id, admin: true) }', { id: String(client!.id) }, withClaim.accessToken)
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT')
      expect((await claimOf(String(client!.id))).body.data.firebaseAdminClaim).toBeNull()

      // The admin's own claim is removed: the current access token keeps it until it expires,
      // the next refresh re-reads the claim from Firebase and manage is refused.
      await getAuth(ops).setCustomUserClaims(created.localId, {})
      const refreshed = await t.json('POST', '/jwt/refresh-token', { refreshToken: withClaim.refreshToken })
      expect(refreshed.status).toBe(200)
      expect((await manage(refreshed.body.accessToken)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN')
      // A disabled Firebase user loses the sign-in at the next refresh.
      await getAuth(ops).updateUser(created.localId, { disabled: true })
      expect((await t.json('POST', '/jwt/refresh-token', { refreshToken: refreshed.body.refreshToken })).status).toBe(401)
      await getAuth(ops).updateUser(created.localId, { disabled: false })
      await deleteApp(ops)
    })

    it('a disabled client or reseller loses the sign-in at the next refresh (the spec 401)', async () => {
      const { getAuth } = await import('firebase-admin/auth')
      const { initializeApp, deleteApp } = await import('firebase-admin/app')
      const ops = initializeApp({ projectId: emulator.projectId }, unique('ops'))
      for (const role of ['client', 'reseller'] as const) {
        const name = unique(role)
        const { idToken, localId } = await emulator.signUp(`${name}@example.com`, 'Str0ng-passw0rd!')
        await exchange({ idToken, username: name })
        await t.database.db.update(users).set({ role }).where(eq(users.firebaseUid, localId))
        const signedIn = (await exchange({ idToken: (await emulator.signIn(`${name}@example.com`, 'Str0ng-passw0rd!')).idToken })).body
        expect(signedIn.userData.role).toBe(role)
        await getAuth(ops).updateUser(localId, { disabled: true })
        const refused = await t.json('POST', '/jwt/refresh-token', { refreshToken: signedIn.refreshToken })
        expect(refused).toEqual({ status: 401, body: { error: 'Invalid refresh token' } })
      }
      await deleteApp(ops)
    })

    it('two-step set-up takes a fresh Firebase sign-in of the same user, not a password or an old or foreign token', async () => {
      const name = unique('careful')
      const { idToken } = await emulator.signUp(`${name}@example.com`, 'Str0ng-passw0rd!')
      const me = (await exchange({ idToken, username: name })).body
      const other = await emulator.signUp(`${unique('other')}@example.com`, 'Str0ng-passw0rd!')
      const setup = (body: object) => t.json('POST', '/jwt/two-step/setup', body, bearer(me.accessToken))
      expect((await setup({ password: 'Str0ng-passw0rd!' })).body.code).toBe('PASSWORD_REQUIRED')
      expect((await setup({ idToken: other.idToken })).body.code).toBe('INVALID_CREDENTIALS')
      expect((await setup({ idToken: 'garbage' })).body.code).toBe('INVALID_CREDENTIALS')
      const fresh = (await emulator.signIn(`${name}@example.com`, 'Str0ng-passw0rd!')).idToken
      // The same token five minutes after the sign-in (the server's clock) no longer counts as a recent one.
      const before = t.clock.t
      t.clock.t = Date.now() + 301_000
      expect((await setup({ idToken: fresh })).body.code).toBe('INVALID_CREDENTIALS')
      t.clock.t = before
      const ok = await setup({ idToken: fresh })
      expect(ok.status).toBe(200)
      expect(ok.body.secret).toMatch(/^[A-Z2-7]{32}$/)
    })
  })
})
