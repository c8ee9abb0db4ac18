import type { BrowserContextOptions, Page } from 'playwright-core'
import { DEMO_PASSWORDS, type E2E } from './harness'

export type DemoRole = keyof typeof DEMO_PASSWORDS

/**
 * A demo account's session as the login page would store it (localStorage userData,
 * accessToken, refreshToken), signed in through the API: Playwright's storage state for a
 * new context. The sign-in form itself is tested where it is the subject (tests/e2e/accounts,
 * firebase-auth, two-step, the walks' signInAs); every other test starts signed in this way,
 * without a form round trip and the dashboard's first load per test.
 */
export async function storageStateOf(e2e: E2E, role: DemoRole): Promise<NonNullable<BrowserContextOptions['storageState']>> {
  const res = await fetch(`${e2e.server.url}/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${role}@demo.local`, password: DEMO_PASSWORDS[role] }),
  })
  const body = (await res.json()) as { userData?: unknown; accessToken?: string; refreshToken?: string }
  if (!res.ok || !body.accessToken || !body.refreshToken || !body.userData)
    throw new Error(`API sign-in of ${role} failed: ${res.status} ${JSON.stringify(body)}`)
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(e2e.server.url).origin,
        localStorage: [
          { name: 'userData', value: JSON.stringify(body.userData) },
          { name: 'accessToken', value: body.accessToken },
          { name: 'refreshToken', value: body.refreshToken },
        ],
      },
    ],
  }
}

/** A fresh context (own storage) signed in as `role` through the API, with one page open on `path` (default: the dashboard). */
export async function signedInPage(e2e: E2E, role: DemoRole, path = '/dashboard/', options: BrowserContextOptions = {}): Promise<Page> {
  const context = await e2e.browser.newContext({ baseURL: e2e.server.url, ...options, storageState: await storageStateOf(e2e, role) })
  const page = await context.newPage()
  await page.goto(path)
  return page
}
