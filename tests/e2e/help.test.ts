import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { openPage, pathOf, signIn } from './support/pages'

/**
 * The help centre against the real server: the FAQ searched in each of the four languages
 * (the server searches; the page only sends the text), a knowledge-base article opened from
 * its category, and an admin's edit that a client then reads.
 */
describe('the help centre in Chromium', () => {
  let e2e: E2E
  let page: Page

  const questions = () => page.getByTestId('faq-question').locator('summary').allInnerTexts()

  async function search(text: string) {
    await page.getByTestId('faq-search').fill(text)
    // Debounced: the answer replaces the categories once the server has searched.
    await page.waitForFunction((q) => {
      const results = document.querySelector('[data-testid="faq-results"]')
      return Boolean(
        results && !results.getAttribute('aria-busy') && !document.querySelector('[data-testid^="faq-tab-"]') && results.textContent?.toLowerCase().includes(q),
      )
    }, text.toLowerCase())
  }

  /** A second browser context signed in as the demo admin. */
  async function adminPage(): Promise<Page> {
    const admin = await e2e.newPage()
    await signIn(admin, 'admin@demo.local', DEMO_PASSWORDS.admin)
    await admin.waitForURL((url) => url.pathname !== '/login')
    return admin
  }

  async function language(lng: string) {
    await page.getByTestId('language-switcher').selectOption(lng)
    await page.waitForFunction((l) => document.documentElement.lang === l, lng)
  }

  beforeAll(async () => {
    e2e = await startE2E()
    page = await clientPage(e2e)
  })
  afterAll(() => closeE2E(page, e2e))

  it('shows the FAQ by category, questions opening on click', async () => {
    await openPage(page, '/pages/faq')
    await page.getByTestId('faq-tab-fair-play').click()
    const first = page.getByTestId('faq-category-fair-play').getByTestId('faq-question').first()
    expect(await first.locator('summary').innerText()).toBe('Do you offer viewer bots or follow bots?')
    await first.locator('summary').click()
    expect(await first.locator('p').innerText()).toContain('never fakes an audience')
  })

  it('searches the FAQ in English, German, French and Portuguese', async () => {
    await openPage(page, '/pages/faq')
    await search('SANDBOX')
    expect(await questions()).toContain('What is the sandbox channel?')

    await language('de')
    await search('zuschauer-bots')
    expect(await questions()).toEqual(['Bietet ihr Zuschauer-Bots oder Follow-Bots an?'])

    await language('fr')
    await search('minuteur')
    expect(await questions()).toContain('Comment fonctionnent les minuteurs ?')

    await language('pt')
    await search('licença')
    expect(await questions()).toContain('Como ativo a minha licença?')

    await page.getByTestId('faq-search').fill('xyzzy-nothing')
    await page.getByTestId('faq-empty').waitFor()
    await language('en')
  })

  it('opens a knowledge-base question from its category', async () => {
    await openPage(page, '/pages/knowledge-base')
    await page.getByRole('link', { name: 'Bot modules' }).click()
    await page.waitForURL('**/pages/knowledge-base/bot-modules')
    await page.getByRole('heading', { level: 1, name: 'Bot modules' }).waitFor()
    await page.getByRole('link', { name: 'Raids and raid announcements' }).click()
    await page.waitForURL('**/pages/knowledge-base/bot-modules/raids')
    await page.getByRole('heading', { level: 1, name: 'Raids and raid announcements' }).waitFor()
    const body = page.getByTestId('kb-article-body')
    expect(await body.locator('li').allInnerTexts()).toContain('One raid per channel per 24 hours.')
    expect(await body.locator('strong').first().innerText()).toBe('Raid Panel')
    // An unknown article says so, with a way back.
    await openPage(page, '/pages/knowledge-base/bot-modules/no-such-article')
    await page.getByTestId('kb-not-found').waitFor()
    expect(pathOf(page)).toBe('/pages/knowledge-base/bot-modules/no-such-article')
  })

  it('lets an admin change an answer that a client then reads; clients see no editor', async () => {
    await openPage(page, '/pages/faq')
    expect(await page.getByTestId('help-edit-toggle').count()).toBe(0)

    const admin = await adminPage()
    try {
      await openPage(admin, '/pages/faq')
      await admin.getByTestId('help-edit-toggle').click()
      const row = admin.getByTestId('help-editor-entry').filter({ hasText: 'Where can I see what the bot said?' })
      await row.getByRole('button', { name: 'Edit', exact: true }).click()
      const dialog = admin.getByTestId('help-entry-dialog')
      await dialog.getByTestId('help-entry-body-en').fill('The Chatboard keeps the last 200 chat lines of your channel, the bot’s answers included.')
      await dialog.getByTestId('help-entry-save').click()
      await dialog.getByTestId('help-entry-form').waitFor({ state: 'detached' })

      // Reordering: the question moves one place up among its category's questions.
      const category = admin.getByTestId('help-editor-category').filter({ hasText: 'Troubleshooting' })
      const order = () => category.getByTestId('help-editor-entry').locator('span').allInnerTexts()
      expect((await order()).at(-1)).toBe('Where can I see what the bot said?')
      await category.getByRole('button', { name: 'Move “Where can I see what the bot said?” up' }).click()
      await admin.waitForFunction(() => {
        const entries = [...document.querySelectorAll('[data-testid="help-editor-category"]')].find((c) => c.textContent?.includes('Troubleshooting'))
        const titles = [...(entries?.querySelectorAll('[data-testid="help-editor-entry"] span') ?? [])].map((e) => e.textContent)
        return titles[1] === 'Where can I see what the bot said?'
      })

      // Deleting asks first; cancelling keeps the entry.
      const other = admin.getByTestId('help-editor-entry').filter({ hasText: 'How can I pay?' })
      await other.getByRole('button', { name: 'Delete' }).click()
      await admin.getByTestId('confirm-dialog').getByText('“How can I pay?” will be deleted in every language.').waitFor()
      await admin.getByTestId('confirm-cancel').click()
      expect(await admin.getByTestId('help-editor-entry').filter({ hasText: 'How can I pay?' }).count()).toBe(1)
    } finally {
      await admin.context().close()
    }

    await openPage(page, '/pages/faq')
    await search('last 200 chat lines')
    expect(await page.getByTestId('faq-question').locator('p').allInnerTexts()).toEqual([
      'The Chatboard keeps the last 200 chat lines of your channel, the bot’s answers included.',
    ])
  })

  it('lets an admin write a knowledge-base article in English only, which reads in English in German', async () => {
    const admin = await adminPage()
    try {
      await openPage(admin, '/pages/knowledge-base')
      await admin.getByTestId('help-edit-toggle').click()
      const category = admin.getByTestId('help-editor-category').filter({ hasText: 'Bot modules' })
      await category.getByRole('button', { name: 'Add article' }).click()
      const dialog = admin.getByTestId('help-entry-dialog')
      await dialog.getByTestId('help-entry-slug').fill('Not a slug')
      await dialog.getByTestId('help-entry-title-en').fill('Shoutouts')
      await dialog.getByTestId('help-entry-body-en').fill('The bot gives a **shoutout** to a raiding channel. <script>alert(1)</script>')
      await dialog.getByTestId('help-entry-save').click()
      // Refused with the field marked; nothing saved.
      await dialog.getByText('Lowercase letters, digits and single dashes.').waitFor()
      await dialog.getByTestId('help-entry-slug').fill('shoutouts')
      await dialog.getByTestId('help-entry-save').click()
      await dialog.getByTestId('help-entry-form').waitFor({ state: 'detached' })
      await category.getByTestId('help-editor-entry').filter({ hasText: 'Shoutouts' }).waitFor()
    } finally {
      await admin.context().close()
    }

    await language('de')
    await openPage(page, '/pages/knowledge-base/bot-modules')
    await page.getByRole('link', { name: 'Shoutouts' }).click()
    await page.getByRole('heading', { level: 1, name: 'Shoutouts' }).waitFor()
    const body = page.getByTestId('kb-article-body')
    expect(await body.innerText()).toBe('The bot gives a shoutout to a raiding channel. <script>alert(1)</script>')
    expect(await body.locator('script').count()).toBe(0)
    await page.getByRole('link', { name: 'Bot-Module' }).waitFor()
    await language('en')
  })
})
