import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ROUTES } from '../../client/src/app/route-table'
import { DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { signIn } from './support/pages'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const PUBLIC = ['/login', '/register', '/forgot-password', '/error-404']

/** Runs axe-core (WCAG 2 A and AA) on the page as it is; one line per violation and element. */
async function violations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => !document.querySelector('[data-testid="page-loading"], [data-testid="loading"], [data-testid="loading-overlay"]'), null, {
    timeout: 15_000,
  })
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] })
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`.trim()))
  })
}

describe('accessibility (axe-core, WCAG 2 A/AA) on every page in both skins', () => {
  let e: E2E
  beforeAll(async () => {
    e = await startE2E()
  }, 60_000)
  afterAll(() => e?.close())

  it.each(['light', 'dark'] as const)('%s skin: no violations on the public pages and every app page (as an admin)', async (skin) => {
    // The page's CSP allows no inline script; axe is injected as one, so this context bypasses it.
    // Reduced motion (which the app honours) so that no colour is read halfway through a
    // transition or fade: a loaded machine caught buttons mid-transition at 3.3–4.4:1.
    const context = await e.browser.newContext({ baseURL: e.server.url, bypassCSP: true, reducedMotion: 'reduce' })
    await context.addInitScript((s) => localStorage.setItem('skin', s), skin)
    const page = await context.newPage()
    const found: string[] = []
    for (const path of PUBLIC) {
      await page.goto(path)
      found.push(...(await violations(page)).map((v) => `${path} ${v}`))
    }
    await signIn(page, 'admin@demo.local', DEMO_PASSWORDS.admin)
    await page.waitForURL((url) => url.pathname !== '/login')
    const self = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { id: number }).id)
    const paths = [...ROUTES.filter((r) => r.meta.layout !== 'full' && !r.path.includes(':')).map((r) => r.path), `/user/view/${self}`, `/user/edit/${self}`]
    for (const path of paths) {
      await page.goto(path)
      found.push(...(await violations(page)).map((v) => `${path} ${v}`))
    }
    expect(found).toEqual([])
    await context.close()
  }, 300_000)
})
