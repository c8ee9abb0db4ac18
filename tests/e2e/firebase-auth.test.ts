import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIREBASE_TOOLS_MISSING, firebaseToolsPresent, startAuthEmulator, type AuthEmulator } from '../support/firebase-emulator'
import { startE2E, type E2E } from './support/harness'
import { signIn, storedSession } from './support/pages'

if (!firebaseToolsPresent) console.warn(FIREBASE_TOOLS_MISSING)

/** Strings that exist on the server only: none may reach the browser's files. */
const SERVER_ONLY = [
  'firebase-admin',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'private_key',
  'JWT_ACCESS_SECRET',
  'CHANNEL_TOKEN_KEY',
  'CONVERSATION_MODEL_KEY',
  'TWITCH_CLIENT_SECRET',
  'KICK_CLIENT_SECRET',
  'SMTP_URL',
  '$firebase-scrypt$',
]

describe('the built client carries no server secret, and local mode does not load the Firebase SDK', () => {
  it('scans dist/client', () => {
    const files = readdirSync('dist/client', { recursive: true, encoding: 'utf8' }).filter((f) => /\.(js|html|css|json|map)$/.test(f))
    expect(files.length).toBeGreaterThan(0)
    const found = files.flatMap((f) => SERVER_ONLY.filter((s) => readFileSync(join('dist/client', f), 'utf8').includes(s)).map((s) => `${f}: ${s}`))
    expect(found).toEqual([])
    // The firebase SDK is in its own chunk, not in what index.html loads up front.
    const html = readFileSync('dist/client/index.html', 'utf8')
    const upFront = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
    expect(upFront.length).toBeGreaterThan(0)
    const sdk = files.filter((f) => f.endsWith('.js') && readFileSync(join('dist/client', f), 'utf8').includes('identitytoolkit'))
    expect(sdk.length).toBeGreaterThan(0)
    expect(upFront.filter((f) => sdk.includes(f))).toEqual([])
  })
})

/**
 * AUTH_PROVIDER=firebase in Chromium against the Auth emulator: register (and a registration
 * message), sign in, the login failure, a Firebase password-reset mail, and an admin granting
 * the admin claim from the user page.
 */
describe.skipIf(!firebaseToolsPresent)('Firebase sign-in in Chromium', () => {
  let emulator: AuthEmulator
  let e2e: E2E

  beforeAll(async () => {
    emulator = await startAuthEmulator()
    e2e = await startE2E({
      AUTH_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: emulator.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_API_KEY: 'demo-api-key',
    })
  }, 180_000)
  afterAll(async () => {
    await e2e?.close()
    await emulator?.stop()
  })

  it('registers, is told when the e-mail is taken, signs in, fails with the spec message and asks for a reset', async () => {
    const page = await e2e.newPage()
    try {
      const register = async (username: string, email: string) => {
        await page.goto('/register')
        await page.getByLabel('Username').fill(username)
        await page.getByLabel('Email').fill(email)
        await page.getByLabel('Password', { exact: true }).fill('Str0ng-passw0rd!')
        await page.getByTestId('register-submit').click()
      }
      await register('newstreamer', 'new@example.com')
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard'))
      expect((await storedSession(page)).accessToken).toBeTruthy()

      await page.evaluate(() => localStorage.clear())
      await register('otherstreamer', 'new@example.com')
      await expect.poll(() => page.getByText('This email is already in use.').count()).toBe(1)

      await signIn(page, 'new@example.com', 'wrong-passw0rd!')
      await expect.poll(() => page.getByText('Email or password is invalid.').count()).toBe(1)
      await signIn(page, 'new@example.com', 'Str0ng-passw0rd!')
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard'))

      await page.evaluate(() => localStorage.clear())
      await page.goto('/forgot-password')
      await page.getByLabel('Email').fill('new@example.com')
      await page.getByTestId('forgot-submit').click()
      await page.getByTestId('reset-link-sent').waitFor()
      // The emulator keeps the mail it would have sent.
      const codes = (await (await fetch(`http://${emulator.host}/emulator/v1/projects/${emulator.projectId}/oobCodes`)).json()) as {
        oobCodes: { email: string; requestType: string }[]
      }
      expect(codes.oobCodes).toContainEqual(expect.objectContaining({ email: 'new@example.com', requestType: 'PASSWORD_RESET' }))
    } finally {
      await page.context().close()
    }
  })

  it('an admin with the claim grants it to a user from the user page', async () => {
    const ops = initializeApp({ projectId: emulator.projectId }, 'e2e-ops')
    try {
      // The demo admin's Firebase account: verified e-mail (so it links) and the admin claim.
      const admin = await emulator.signUp('admin@demo.local', 'Adm1n-passw0rd!')
      await getAuth(ops).updateUser(admin.localId, { emailVerified: true })
      await getAuth(ops).setCustomUserClaims(admin.localId, { admin: true })
      const user = await getAuth(ops).getUserByEmail('new@example.com')

      const page = await e2e.newPage()
      try {
        await signIn(page, 'admin@demo.local', 'Adm1n-passw0rd!')
        await page.waitForURL((url) => url.pathname === '/')
        // A manage page opens.
        await page.goto('/user/list')
        await page.getByRole('heading', { level: 1 }).waitFor()
        const id = await page.evaluate(async () => {
          const res = await fetch('/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('accessToken')}` },
            body: JSON.stringify({ query: '{ users(first: 50, everyAccount: true) { edges { node { id email } } } }' }),
          })
          const body = (await res.json()) as { data: { users: { edges: { node: { id: string; email: string } }[] } } }
          return body.data.users.edges.find((e) => e.node.email === 'new@example.com')?.node.id
        })
        expect(id).toBeTruthy()
        await page.goto(`/user/view/${id}`)
        const panel = page.getByTestId('admin-claim')
        await expect.poll(() => panel.getByTestId('admin-claim-state').textContent()).toContain('does not carry')
        await panel.getByTestId('admin-claim-toggle').click()
        await expect.poll(() => panel.getByTestId('admin-claim-state').textContent()).toContain('carries the admin claim')
        expect((await getAuth(ops).getUser(user.uid)).customClaims).toEqual({ admin: true })
      } finally {
        await page.context().close()
      }
    } finally {
      await deleteApp(ops)
    }
  })

  it('a user made admin reaches a manage route only once their Firebase account carries the claim', async () => {
    const ops = initializeApp({ projectId: emulator.projectId }, 'e2e-ops-2')
    const manageRoute = '/admin/plans'
    const admin = await e2e.newPage()
    const user = await e2e.newPage()
    try {
      const target = await getAuth(ops).getUserByEmail('new@example.com')
      await getAuth(ops).setCustomUserClaims(target.uid, null)
      // The admin gives the account the admin role (the claim is still missing).
      await signIn(admin, 'admin@demo.local', 'Adm1n-passw0rd!')
      await admin.waitForURL((url) => url.pathname === '/')
      const id = await admin.evaluate(async () => {
        const call = async (query: string, variables: Record<string, unknown> = {}) => {
          const res = await fetch('/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('accessToken')}` },
            body: JSON.stringify({ query, variables }),
          })
          return (await res.json()) as { data?: Record<string, any>; errors?: unknown[] }
        }
        const list = await call('{ users(first: 50, everyAccount: true) { edges { node { id email } } } }')
        const found = (list.data?.users.edges as { node: { id: string; email: string } }[]).find((e) => e.node.email === 'new@example.com')!.node.id
        const updated = await call('mutation($id: ID!) { updateUser(id: $id, input: { role: admin }) { role } }', { id: found })
        if (updated.data?.updateUser?.role !== 'admin') throw new Error(JSON.stringify(updated.errors))
        return found
      })

      // Admin role without the claim: the manage route refuses.
      await signIn(user, 'new@example.com', 'Str0ng-passw0rd!')
      await user.waitForURL((url) => url.pathname !== '/login')
      await user.goto(manageRoute)
      await user.waitForURL((url) => url.pathname === '/pages/miscellaneous/not-authorized')

      // The admin grants the claim from the user page; at the user's next sign-in the route opens.
      await admin.goto(`/user/view/${id}`)
      const panel = admin.getByTestId('admin-claim')
      await expect.poll(() => panel.getByTestId('admin-claim-state').textContent()).toContain('does not carry')
      await panel.getByTestId('admin-claim-toggle').click()
      await expect.poll(() => panel.getByTestId('admin-claim-state').textContent()).toContain('carries the admin claim')

      await user.evaluate(() => localStorage.clear())
      await signIn(user, 'new@example.com', 'Str0ng-passw0rd!')
      await user.waitForURL((url) => url.pathname !== '/login')
      await user.goto(manageRoute)
      await user.getByRole('heading', { level: 1 }).waitFor()
      expect(new URL(user.url()).pathname).toBe(manageRoute)
    } finally {
      await admin.context().close()
      await user.context().close()
      await deleteApp(ops)
    }
  })
})
