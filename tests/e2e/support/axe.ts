import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { settled } from './walk'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** The rules whose outcome depends on colours: all a second skin can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Runs axe-core (WCAG 2 A and AA, with label-content-name-mismatch and region; or only the
 * given rules) on the settled page, or on the element `within` selects; one line per
 * violation and element. The page's CSP allows no inline script and axe is injected as one:
 * the page's context must bypass CSP.
 */
export async function violations(page: Page, within?: string, only?: string[]): Promise<string[]> {
  await settled(page)
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  return page.evaluate(
    async ({ selector, only }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (ctx: Element | Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[] }>
          }
        }
      ).axe
      const context = selector ? document.querySelector(selector) : document
      if (!context) throw new Error(`Nothing to check: ${selector} is not on the page`)
      // Beyond the WCAG 2.0 tags: a control's accessible name holds its visible label (2.5.3, an
      // experimental rule off by default) and, on a whole page, all content sits in landmarks.
      const result = await axe.run(
        context,
        only
          ? { runOnly: { type: 'rule', values: only } }
          : { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'label-content-name-mismatch': { enabled: true }, region: { enabled: true } } },
      )
      return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`.trim()))
    },
    { selector: within, only },
  )
}
