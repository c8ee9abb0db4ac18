import { describe, expect, it } from 'vitest'
import { violations } from './support/axe'
import { PUBLIC_PATHS, appPaths, signInAs, sharedE2E } from './support/walk'

describe('accessibility (axe-core, WCAG 2 A/AA) on every page in both skins', () => {
  const e2e = sharedE2E()

  it.each(['light', 'dark'] as const)('%s skin: no violations on the public pages and every app page (as an admin)', async (skin) => {
    // The page's CSP allows no inline script; axe is injected as one, so this context bypasses it.
    // Reduced motion: the route's fade-in (restarted when a page suspends again) would be measured mid-way.
    const context = await e2e().browser.newContext({ baseURL: e2e().server.url, bypassCSP: true, reducedMotion: 'reduce' })
    await context.addInitScript((s) => localStorage.setItem('skin', s), skin)
    const page = await context.newPage()
    const found: string[] = []
    for (const path of PUBLIC_PATHS) {
      await page.goto(path)
      found.push(...(await violations(page)).map((v) => `${path} ${v}`))
    }
    const self = await signInAs(page, 'admin')
    for (const path of appPaths(self)) {
      await page.goto(path)
      found.push(...(await violations(page)).map((v) => `${path} ${v}`))
    }
    expect(found).toEqual([])
    await context.close()
  }, 300_000)
})
