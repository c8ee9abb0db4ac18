import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { violations } from './support/axe'
import { closeE2E, DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { openPage, pathOf, signIn } from './support/pages'

/** The visible rows' names of a data table. */
const names = (page: Page, rowTestId: string) =>
  page.getByTestId(rowTestId).evaluateAll((rows) => rows.map((row) => (row.querySelector('td')?.textContent ?? '').trim()))

/** The ids and texts of the listbox's options, in order. */
const options = (page: Page) =>
  page
    .getByTestId('search-option')
    .evaluateAll((els) => els.map((el) => ({ id: el.id, text: el.textContent ?? '', selected: el.getAttribute('aria-selected') })))

const activeTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName)

/** Waits until the search has settled on the server's answer for the typed text. */
async function settledSearch(page: Page) {
  await page.waitForFunction(() => {
    const status = document.querySelector('[data-testid="navbar-search-status"]')?.textContent ?? ''
    return status !== '' && !status.includes('Searching')
  })
}

/**
 * The navbar search and the data tables in Chromium: an admin searches with the keyboard and
 * opens an account; a client is offered no account and cannot open the tables; the accounts
 * table pages, sorts and searches on the server.
 */
describe('navbar search and data tables in Chromium', () => {
  let e2e: E2E
  let admin: Page
  let client: Page

  beforeAll(async () => {
    e2e = await startE2E()
    // CSP bypassed: axe is injected as an inline script (support/axe.ts).
    admin = await (await e2e.browser.newContext({ baseURL: e2e.server.url, bypassCSP: true, reducedMotion: 'reduce' })).newPage()
    await signIn(admin, 'admin@demo.local', DEMO_PASSWORDS.admin)
    await admin.waitForURL((url) => url.pathname !== '/login')
    // Twelve accounts of this test's own, for the table's paging and the search.
    const token = await admin.evaluate(() => localStorage.getItem('accessToken'))
    for (let i = 1; i <= 12; i++) {
      const n = String(i).padStart(2, '0')
      const res = await fetch(`${e2e.server.url}/apps/user/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          user: { username: `tabletest${n}`, email: `tabletest${n}@example.com`, fullName: `Tabletest ${n}`, currentPlan: 'Pro', totalDays: 30 },
        }),
      })
      expect(res.status, await res.clone().text()).toBe(201)
    }
    client = await e2e.newPage()
    await signIn(client, 'client@demo.local', DEMO_PASSWORDS.client)
    await client.waitForURL('**/dashboard/')
  }, 120_000)
  afterAll(async () => {
    await client?.context().close()
    await closeE2E(admin, e2e)
  })

  it('an admin finds pages and an account with the keyboard and opens the account with Enter', async () => {
    await openPage(admin, '/dashboard/')
    // "/" opens the search and focuses the combobox.
    await admin.locator('body').click({ position: { x: 5, y: 300 } })
    await admin.keyboard.press('/')
    const input = admin.getByRole('combobox', { name: 'Search the dashboard' })
    await input.waitFor()
    expect(await activeTestId(admin)).toBe('navbar-search-input')
    expect(await admin.getByTestId('navbar-search-status').innerText()).toContain('Type to search')

    // Pages: the menu's pages the admin may open, matched on their titles.
    await admin.keyboard.type('accounts')
    await admin.getByTestId('search-group-pages').waitFor()
    await settledSearch(admin)
    const pages = await admin.getByTestId('search-group-pages').getByRole('option').allInnerTexts()
    expect(pages).toEqual(expect.arrayContaining(['Accounts table', 'Accounts, all at once', 'Accounts by group']))
    expect(await input.getAttribute('aria-expanded')).toBe('true')
    const listbox = await input.getAttribute('aria-controls')
    expect(await admin.locator(`[id="${listbox}"]`).getAttribute('role')).toBe('listbox')
    // The open search, its groups and options pass axe (WCAG 2 A/AA).
    expect(await violations(admin, '[data-testid="navbar-search"]')).toEqual([])

    // Escape closes it and returns focus; Ctrl+K opens it again, empty.
    await admin.keyboard.press('Escape')
    await input.waitFor({ state: 'detached' })
    // Opened from the page (nothing focused): focus goes to the search button.
    expect(await activeTestId(admin)).toBe('navbar-search-open')
    await admin.keyboard.press('Control+k')
    await input.waitFor()
    expect(await input.inputValue()).toBe('')

    // An account (the server's contacts group): move to it with the arrow keys, open it with Enter.
    await admin.keyboard.type('demo cli')
    await admin.getByTestId('search-group-contacts').waitFor()
    await settledSearch(admin)
    const list = await options(admin)
    const target = list.findIndex((o) => o.text.includes('Demo Client'))
    expect(target).toBeGreaterThanOrEqual(0)
    expect(list[0]!.selected).toBe('true')
    for (let i = 0; i < target; i++) await admin.keyboard.press('ArrowDown')
    expect(await input.getAttribute('aria-activedescendant')).toBe(list[target]!.id)
    expect(await admin.locator(`[id="${list[target]!.id}"]`).getAttribute('aria-selected')).toBe('true')
    await admin.keyboard.press('Enter')
    await admin.waitForURL((url) => url.pathname.startsWith('/user/view/'))
    await admin.getByRole('heading', { level: 1 }).waitFor()
    expect(await admin.getByTestId('navbar-search-input').count()).toBe(0)

    // Nothing found: said so.
    await admin.getByTestId('navbar-search-open').click()
    await admin.keyboard.type('zzqxnothing')
    await settledSearch(admin)
    expect(await admin.getByTestId('navbar-search-status').innerText()).toBe('No results for “zzqxnothing”')
    expect(await admin.getByTestId('search-option').count()).toBe(0)
    await admin.keyboard.press('Escape')
  })

  it('a client is offered help and pages but no account, opens one with the mouse, and lands on not-authorized at /tables/accounts', async () => {
    await openPage(client, '/dashboard/')
    await client.getByTestId('navbar-search-open').click()
    await client.keyboard.type('demo')
    await settledSearch(client)
    // The admin's same search offers the demo accounts; the client's none.
    expect(await client.getByTestId('search-group-contacts').count()).toBe(0)
    await client.keyboard.press('Escape')

    await client.keyboard.press('Control+k')
    await client.keyboard.type('chat commands')
    await client.getByTestId('search-group-articles').waitFor()
    await settledSearch(client)
    expect(await client.getByTestId('search-group-contacts').count()).toBe(0)
    const article = client.getByTestId('search-group-articles').getByRole('option').first()
    await article.click()
    await client.waitForURL((url) => url.pathname.startsWith('/pages/knowledge-base/'))

    // A FAQ question opens the FAQ searched for it.
    await client.keyboard.press('Control+k')
    await client.keyboard.type('What is the sandbox channel')
    await client.getByTestId('search-group-faq').waitFor()
    await settledSearch(client)
    const faq = (await options(client)).findIndex((o) => o.text.includes('What is the sandbox channel?'))
    expect(faq).toBeGreaterThanOrEqual(0)
    for (let i = 0; i < faq; i++) await client.keyboard.press('ArrowDown')
    await client.keyboard.press('Enter')
    await client.waitForURL((url) => url.pathname === '/pages/faq')
    expect(await client.getByTestId('faq-search').inputValue()).toBe('What is the sandbox channel?')
    await client.waitForFunction(() => document.querySelectorAll('[data-testid="faq-question"]').length === 1)

    // The tables are staff pages: typed in, they show the app's refusal.
    await client.goto('/tables/accounts')
    await client.waitForURL((url) => url.pathname === '/pages/miscellaneous/not-authorized')
    await client.goto('/tables/row-group')
    await client.waitForURL((url) => url.pathname === '/pages/miscellaneous/not-authorized')
  })

  it('the accounts table pages, sorts and searches on the server', async () => {
    await openPage(admin, '/tables/accounts')
    await admin.getByTestId('accounts-row').first().waitFor()
    await admin.getByTestId('table-search').fill('tabletest')
    await admin.waitForFunction(() => document.querySelector('[data-testid="table-range"]')?.textContent === '1–10 of 12')
    await admin.getByTestId('sort-fullName').click()
    await admin.waitForFunction(() => document.querySelector('[data-testid="accounts-row"] td')?.textContent === 'Tabletest 01')
    expect(await names(admin, 'accounts-row')).toEqual(Array.from({ length: 10 }, (_, i) => `Tabletest ${String(i + 1).padStart(2, '0')}`))
    expect(await admin.getByTestId('sort-fullName').locator('xpath=..').getAttribute('aria-sort')).toBe('ascending')
    await admin.getByRole('button', { name: 'Next' }).click()
    await admin.waitForFunction(() => document.querySelector('[data-testid="table-range"]')?.textContent === '11–12 of 12')
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid="accounts-row"]').length === 2)
    expect(await names(admin, 'accounts-row')).toEqual(['Tabletest 11', 'Tabletest 12'])
    // Sorting again: descending, from the first page.
    await admin.getByTestId('sort-fullName').click()
    await admin.waitForFunction(() => document.querySelector('[data-testid="accounts-row"] td')?.textContent === 'Tabletest 12')
    expect(await admin.getByTestId('table-range').innerText()).toBe('1–10 of 12')
    await admin.getByTestId('table-search').fill('tabletest 07')
    await admin.waitForFunction(() => document.querySelector('[data-testid="table-range"]')?.textContent === '1–1 of 1')
    expect(await names(admin, 'accounts-row')).toEqual(['Tabletest 07'])
  })

  it('shows the sample views as other views of the accounts page', async () => {
    await openPage(admin, '/tables/basic')
    expect(await admin.getByTestId('sample-label').innerText()).toBe('Sample view.')
    await admin.getByTestId('basic-row').first().waitFor()
    expect(await admin.getByTestId('basic-row').count()).toBeGreaterThanOrEqual(15)

    await openPage(admin, '/tables/row-group')
    await admin.getByTestId('row-group').first().waitFor()
    await admin.getByTestId('group-by').selectOption('role')
    await admin.waitForFunction(() => [...document.querySelectorAll('[data-testid="row-group"]')].some((g) => g.getAttribute('aria-label') === 'Reseller'))

    await openPage(admin, '/tables/advanced-search')
    await admin.getByTestId('filter-fullName').fill('tabletest')
    await admin.getByTestId('filter-email').fill('tabletest03')
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid="advanced-row"]').length === 1)
    expect(await names(admin, 'advanced-row')).toEqual(['Tabletest 03'])
    // The page's other views are offered on it.
    expect(pathOf(admin)).toBe('/tables/advanced-search')
    expect(await admin.locator('a[href="/tables/accounts"]').count()).toBeGreaterThan(0)
  })
})
