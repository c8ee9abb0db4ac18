import type { Browser } from 'playwright-core'

/** The browsers this test file has open (harness.ts adds and removes them). */
export const openBrowsers = new Set<Browser>()

/**
 * What each open page shows: its address and the first lines of its main content. A failed
 * browser test prints it (tests/e2e/support/setup.ts), so a failure in CI, where no one can
 * look at the page, still says whether it showed an error, an empty list or another page.
 */
export async function describeOpenPages(): Promise<string[]> {
  const out: string[] = []
  for (const browser of openBrowsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        const text = await Promise.race([
          page.evaluate(() => (document.getElementById('main-content') ?? document.body)?.innerText ?? '').catch((e: unknown) => `(unreadable: ${String(e)})`),
          new Promise<string>((resolve) => setTimeout(() => resolve('(no answer within 2 s)'), 2000)),
        ])
        out.push(`${page.url()}\n  ${text.replace(/\s+/g, ' ').slice(0, 600)}`)
      }
    }
  }
  return out
}
