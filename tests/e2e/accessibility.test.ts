import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { violations } from './support/axe'
import { PUBLIC_PATHS, appPaths, signInAs, sharedE2E, visit, WALK_ENV, type DemoRole } from './support/walk'

describe('accessibility (axe-core, WCAG 2 A/AA) on every page in both skins', () => {
  const e2e = sharedE2E(WALK_ENV)

  /** axe on each path, in `skin`, signed in as `role` (the public pages first, signed out, when asked). */
  const walk = async (skin: 'light' | 'dark', role: DemoRole, withPublic: boolean) => {
    // The page's CSP allows no inline script; axe is injected as one, so this context bypasses it.
    // Reduced motion: the route's fade-in (restarted when a page suspends again) would be measured mid-way.
    const context = await e2e().browser.newContext({ baseURL: e2e().server.url, bypassCSP: true, reducedMotion: 'reduce' })
    await context.addInitScript((s) => localStorage.setItem('skin', s), skin)
    const page: Page = await context.newPage()
    const found: string[] = []
    for (const path of withPublic ? PUBLIC_PATHS : []) {
      await page.goto(path)
      found.push(...(await violations(page)).map((v) => `${path} ${v}`))
    }
    const self = await signInAs(page, role)
    // Client-side navigations: the app and axe load once per walk, not once per page.
    for (const path of appPaths(self)) {
      await visit(page, path)
      found.push(...(await violations(page)).map((v) => `${path} ${v}`))
    }
    await context.close()
    return found
  }

  it.each(['light', 'dark'] as const)(
    '%s skin: no violations on the public pages and every app page (as an admin)',
    async (skin) => {
      expect(await walk(skin, 'admin', true)).toEqual([])
    },
    300_000,
  )

  it.each(['light', 'dark'] as const)(
    '%s skin: no violations on every app page as the client, whose sandbox channel is connected',
    async (skin) => {
      expect(await walk(skin, 'client', false)).toEqual([])
    },
    300_000,
  )

  it.each(['light', 'dark'] as const)(
    '%s skin: no violations on every app page as a reseller',
    async (skin) => {
      expect(await walk(skin, 'reseller', false)).toEqual([])
    },
    300_000,
  )
})
