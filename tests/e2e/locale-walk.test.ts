import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { WALK_LOCALES, dictionaryFor, isEnglish } from './support/english'
import { PUBLIC_PATHS, appPaths, settled, signInAs, type DemoRole, sharedE2E, visit, WALK_ENV } from './support/walk'

/**
 * Every visible text of the page: text nodes of shown elements (screen-reader-only text
 * included), placeholders and accessible names given as attributes. What people wrote
 * (chat lines, task titles, mail subjects: marked data-user-content) is left out, also where
 * an attribute quotes it. So is what is marked translate="no" (a platform's permission names).
 */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = []
    const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'
    const skip = (el: Element) => el.closest('script, style, noscript, textarea, [data-user-content], [translate="no"], [aria-hidden="true"]') !== null
    const quoted = [...document.querySelectorAll('[data-user-content]')].map((el) => el.textContent ?? '').filter((t) => t.trim() !== '')
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim()
      if (!el || text === '' || skip(el)) continue
      if (shown(el) || (el.tagName === 'OPTION' && el.closest('select') && shown(el.closest('select')!))) out.push(text)
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (skip(el) || !shown(el)) continue
      for (const attr of ['placeholder', 'aria-label', 'title']) {
        const value = quoted.reduce((v, q) => v.split(q).join(' '), el.getAttribute(attr) ?? '').trim()
        if (value) out.push(value)
      }
    }
    return out
  })

type Locale = (typeof WALK_LOCALES)[number]

describe('locale walk: no English on any page in de, fr and pt', () => {
  const e2e = sharedE2E(WALK_ENV)
  const dictionaries = Object.fromEntries(WALK_LOCALES.map((locale) => [locale, dictionaryFor(locale)])) as Record<Locale, ReturnType<typeof dictionaryFor>>

  /**
   * The UI language switched in place with the navbar's language menu, as a user does: the
   * page stays, its strings (and the content that has a language, refetched) are redrawn.
   */
  const switchLanguage = async (page: Page, locale: string) => {
    await page.getByTestId('language-switcher').first().selectOption(locale)
    await page.waitForFunction((l) => document.documentElement.lang === l, locale)
    await settled(page)
  }

  it.each(['admin', 'reseller', 'client'] as DemoRole[])(
    'every page as %s, in de, fr and pt',
    async (role) => {
      let checked = 0
      const found = new Set<string>()
      const read = async (path: string, who: string, locale: Locale) => {
        for (const text of await visibleTexts(page)) {
          checked++
          if (isEnglish(text, dictionaries[locale])) found.add(`${path} (${who}, ${locale}): ${text}`)
        }
      }
      // Reduced motion: no route fade-in to wait out on each of the ~150 pages (text is all this walk reads).
      const context = await e2e().browser.newContext({ baseURL: e2e().server.url, reducedMotion: 'reduce' })
      const page = await context.newPage()
      // Signed out (the admin's walk): each public page loaded in each language.
      if (role === 'admin') {
        for (const locale of WALK_LOCALES) {
          await page.goto('/login')
          await page.evaluate((l) => localStorage.setItem('language', l), locale)
          for (const path of PUBLIC_PATHS) {
            await page.goto(path)
            await settled(page)
            await read(path, 'signed out', locale)
          }
        }
      }
      await page.goto('/login')
      await page.evaluate(() => localStorage.setItem('language', 'de'))
      const self = await signInAs(page, role)
      // In the app a client-side navigation (as a menu click), so the app loads once. Each page
      // is read in the language it opens in, then switched to the other two; the last one
      // carries over to the next page.
      let current: Locale = 'de'
      for (const path of appPaths(self)) {
        await visit(page, path)
        await read(path, role, current)
        for (const locale of WALK_LOCALES.filter((l) => l !== current)) {
          await switchLanguage(page, locale)
          current = locale
          await read(path, role, locale)
        }
      }
      await context.close()
      console.log(`locale walk ${role}: ${checked} strings checked, ${found.size} English found`)
      expect([...found]).toEqual([])
    },
    600_000,
  )
})
