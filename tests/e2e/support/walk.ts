import type { Page } from 'playwright-core'
import { ROUTES } from '../../../client/src/app/route-table'
import { DEMO_PASSWORDS } from '../../support/test-app'

/** The public pages the walks open before signing in. */
export const PUBLIC_PATHS = ['/login', '/register', '/forgot-password', '/error-404']

export type DemoRole = keyof typeof DEMO_PASSWORDS

/** Every app page of the route table without a parameter, and one user's view and edit pages. */
export const appPaths = (userId: number | string): string[] => [
  ...ROUTES.filter((r) => r.meta.layout !== 'full' && !r.path.includes(':')).map((r) => r.path),
  `/user/view/${userId}`,
  `/user/edit/${userId}`,
]

/** Waits until the page and its sections have loaded (no loading state left). */
export async function settled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="page-loading"], [data-testid="loading"], [data-testid="loading-overlay"]'), null, {
    timeout: 15_000,
  })
}

/** Signs the page in as a demo account (in any UI language) and answers the account's id. */
export async function signInAs(page: Page, role: DemoRole): Promise<number> {
  await page.goto('/login')
  await page.getByTestId('login-email').fill(`${role}@demo.local`)
  await page.getByTestId('login-password').fill(DEMO_PASSWORDS[role])
  await page.getByTestId('login-submit').click()
  await page.waitForURL((url) => url.pathname !== '/login')
  return page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { id: number }).id)
}
