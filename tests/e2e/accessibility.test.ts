import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { PUBLIC_PATHS, appPaths, settled, signInAs, sharedE2E } from './support/walk'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/**
 * Runs axe-core (WCAG 2 A and AA) on the settled page; one line per violation and element.
 * One read is enough: every frame shows one skin (tests/e2e/skin-first-paint.test.ts).
 */
async function violations(page: Page): Promise<string[]> {
  await settled(page)
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] })
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`.trim()))
  })
}

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
