import { afterAll, beforeAll } from 'vitest'
import type { Page } from 'playwright-core'
import { ROUTES } from '../../../client/src/app/route-table'
import { DEMO_PASSWORDS } from '../../support/test-app'
import { startE2E, type E2E } from './harness'

/** The public pages the walks open before signing in. */
export const PUBLIC_PATHS = ['/login', '/register', '/forgot-password', '/error-404']

export type DemoRole = keyof typeof DEMO_PASSWORDS

/** A seeded blog post (seed/blog.ts), opened by its slug. */
const BLOG_POST = 'chat-commands-in-five-minutes'

/** Every app page of the route table without a parameter, one user's view, edit and settings pages, and one blog post and its editor. */
export const appPaths = (userId: number | string): string[] => [
  ...ROUTES.filter((r) => r.meta.layout !== 'full' && !r.path.includes(':')).map((r) => r.path),
  `/user/view/${userId}`,
  `/user/edit/${userId}`,
  `/pages/account-setting/${userId}`,
  `/pages/blog/detail/${BLOG_POST}`,
  `/pages/blog/edit/${BLOG_POST}`,
]

/**
 * Waits until the page and its sections have loaded (no loading state left) and the route's
 * fade-in has ended (colours measured mid-fade are not the page's).
 */
export async function settled(page: Page, timeout = 15_000) {
  // The layout's main content is drawn (before the app's first render there is no loader to
  // wait for either), and no loading state is left: every LoadingState is marked data-loading,
  // whatever its test id (a page's own, such as raid-loading).
  await page.waitForFunction(
    () => {
      const main = document.getElementById('main-content')
      // aria-busy: a table refreshing rows it already shows (from Apollo's cache, as after a client-side navigation) is dimmed meanwhile.
      return main !== null && main.childElementCount > 0 && !document.querySelector('[data-loading], [data-testid="loading-overlay"], [aria-busy="true"]')
    },
    null,
    { timeout },
  )
  // Two frames first: a transition the last render set off (the dimmed table brightening again) has started by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

/**
 * Opens an app page as a menu click would (a client-side navigation: history.pushState and
 * popstate), so a walk loads the app, its chunks and an injected script such as axe once per
 * role instead of once per page, then waits until the page has settled.
 */
export async function visit(page: Page, path: string) {
  // Already there (a role's landing, say): a client-side navigation to the same path keeps the
  // page mounted, so none of its elements would leave; load it afresh instead.
  if (new URL(page.url()).pathname === path) {
    await page.goto(path)
    await settled(page)
    return
  }
  // The routed page is keyed by its path (route-content.tsx), so the old page's elements leave
  // the DOM once the new page renders; until then (React renders after the popstate) the old
  // page is still there, loaded, and `settled` alone would pass on it.
  await page.evaluate((p) => {
    const w = window as unknown as { walkStale?: Element[] }
    w.walkStale = [...(document.getElementById('main-content')?.querySelectorAll('*') ?? [])]
    history.pushState(null, '', p)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.waitForURL((url) => url.pathname === path)
  await page.waitForFunction(
    () => {
      const stale = (window as unknown as { walkStale: Element[] }).walkStale
      return stale.length === 0 || stale.some((el) => !el.isConnected)
    },
    null,
    { timeout: 15_000 },
  )
  await settled(page)
}

/** Signs the page in as a demo account (in any UI language) and answers the account's id. */
export async function signInAs(page: Page, role: DemoRole): Promise<number> {
  await page.goto('/login')
  await page.getByTestId('login-email').fill(`${role}@demo.local`)
  await page.getByTestId('login-password').fill(DEMO_PASSWORDS[role])
  await page.getByTestId('login-submit').click()
  await page.waitForURL((url) => url.pathname !== '/login')
  // The landing's layout drawn: a sign-in navigates more than once (the login page, then its
  // guard), and a page a test opens before the last of these would be replaced by the landing.
  // (Not its data: a test may leave it before it loads.)
  await page.locator(':is([data-testid="vertical-layout"], [data-testid="horizontal-layout"]) #main-content > *').first().waitFor()
  // The pointer off the page: left on the submit button it would hover whatever a later page
  // draws there (a client-side navigation re-evaluates hover; a page load does not), and the
  // walks check pages as they are drawn, not hovered.
  await page.mouse.move(-10, -10)
  return page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { id: number }).id)
}

/**
 * One server and browser for a walk's tests: started before them, closed after; call the answer
 * inside a test. `WALK_ENV` gives the demo client its seeded sandbox channel, so the assistant's
 * pages are walked with a connected channel (commands, timers, chat, raids, followers, videos).
 */
export function sharedE2E(env: Record<string, string> = {}): () => E2E {
  let e: E2E | undefined
  beforeAll(async () => {
    e = await startE2E(env)
  }, 60_000)
  afterAll(() => e?.close())
  return () => e!
}

/** The walks' server: as `npm start` runs the demo, with the sandbox channel. */
export const WALK_ENV = { SANDBOX: 'auto' }
