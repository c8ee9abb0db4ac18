import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeE2E, startE2E, type E2E } from './support/harness'

/**
 * GraphiQL in Chromium with the network cut off except for this server: every script, style
 * and worker comes from it, nothing breaks the CSP, and a query runs.
 */
describe('GraphiQL in Chromium, offline', () => {
  let e2e: E2E
  let page: Page
  const elsewhere: string[] = []
  const violations: string[] = []

  beforeAll(async () => {
    e2e = await startE2E({ GRAPHIQL: 'on' })
    page = await e2e.newPage()
    const origin = new URL(e2e.server.url).origin
    // "Offline": anything not from this server fails (and is recorded).
    await page.context().route('**/*', (route) => {
      const url = route.request().url()
      if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue()
      elsewhere.push(url)
      return route.abort('internetdisconnected')
    })
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
    })
  })
  afterAll(() => closeE2E(page, e2e))

  it('loads from this server alone and runs { viewer { id } }', { timeout: 120_000 }, async () => {
    await page.goto('/graphql')
    const editor = page.locator('.graphiql-query-editor .monaco-editor, .graphiql-query-editor .CodeMirror').first()
    await editor.waitFor({ timeout: 60_000 })
    await editor.click()
    await page.keyboard.press('Control+A')
    await page.keyboard.press('Delete')
    // The editor closes braces itself: this becomes `{ viewer { id}}`.
    await page.keyboard.type('{ viewer { id', { delay: 20 })
    // Close the field suggestions (they come from the GraphQL worker) and run with Ctrl-Enter.
    await page.keyboard.press('Escape')
    await page.keyboard.press('Control+Enter')
    const response = page.locator('.graphiql-response')
    await expect.poll(async () => (await response.innerText()).replace(/\s+/g, ''), { timeout: 30_000 }).toContain('"viewer":null')
    expect(elsewhere).toEqual([])
    expect(violations).toEqual([])
  })
})
