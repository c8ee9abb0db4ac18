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

describe('locale walk: no English on any page in de, fr and pt', () => {
  const e2e = sharedE2E(WALK_ENV)

  it.each(WALK_LOCALES)(
    '%s: every page as admin, reseller and client',
    async (locale) => {
      const dict = dictionaryFor(locale)
      let checked = 0
      const found = new Set<string>()
      const walk = async (page: Page, who: string, path: string) => {
        // In the app a client-side navigation (as a menu click), so the app loads once per role.
        if (who === 'signed out') {
          await page.goto(path)
          await settled(page)
        } else await visit(page, path)
        for (const text of await visibleTexts(page)) {
          checked++
          if (isEnglish(text, dict)) found.add(`${path} (${who}): ${text}`)
        }
      }
      for (const role of ['admin', 'reseller', 'client'] as DemoRole[]) {
        // Reduced motion: no route fade-in to wait out on each of the ~150 pages (text is all this walk reads).
        const context = await e2e().browser.newContext({ baseURL: e2e().server.url, reducedMotion: 'reduce' })
        await context.addInitScript((l) => localStorage.setItem('language', l), locale)
        const page = await context.newPage()
        if (role === 'admin') for (const path of PUBLIC_PATHS) await walk(page, 'signed out', path)
        const self = await signInAs(page, role)
        for (const path of appPaths(self)) await walk(page, role, path)
        await context.close()
      }
      console.log(`locale walk ${locale}: ${checked} strings checked, ${found.size} English found`)
      expect([...found]).toEqual([])
    },
    600_000,
  )
})
