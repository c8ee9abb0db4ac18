import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { COLOUR_RULES, violations } from './support/axe'
import { PUBLIC_PATHS, appPaths, signInAs, sharedE2E, visit, WALK_ENV, type DemoRole } from './support/walk'

describe('accessibility (axe-core, WCAG 2 A/AA) on every page in both skins', () => {
  const e2e = sharedE2E(WALK_ENV)

  /**
   * The skin the page shows, switched in place with the navbar's toggle as a user does (no
   * reload: the same page, redrawn in the other skin), the pointer then moved off it.
   */
  const switchSkin = async (page: Page) => {
    const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'))
    await page.getByTestId('skin-toggle').first().click()
    await page.mouse.move(-10, -10)
    await page.waitForFunction((wasDark) => document.documentElement.classList.contains('dark') !== wasDark, dark)
    return dark ? 'light' : 'dark'
  }

  /**
   * axe on each path signed in as `role` (the public pages first, signed out, when asked): all
   * rules in the skin the page opens in, then the colour rules again after switching the skin
   * in place. The skin carries over to the next page, so the walk alternates which skin gets
   * the full check, and every page has its colours checked in both.
   */
  const walk = async (role: DemoRole, withPublic: boolean) => {
    // The page's CSP allows no inline script; axe is injected as one, so this context bypasses it.
    // Reduced motion: the route's fade-in (restarted when a page suspends again) would be measured mid-way.
    const context = await e2e().browser.newContext({ baseURL: e2e().server.url, bypassCSP: true, reducedMotion: 'reduce' })
    // No CSS transitions: a skin switch's colours are final at once (the checks wait for a
    // transition to end anyway, and the toggle's click for its button to stop changing): about
    // 300 ms a page less, under load, for the same final colours.
    await context.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style')
        style.textContent = '*, *::before, *::after { transition: none !important; }'
        document.head.append(style)
      }),
    )
    const page: Page = await context.newPage()
    const found: string[] = []
    const check = async (path: string) => {
      const skin = (await page.evaluate(() => document.documentElement.classList.contains('dark'))) ? 'dark' : 'light'
      found.push(...(await violations(page)).map((v) => `${path} (${skin}) ${v}`))
      const other = await switchSkin(page)
      found.push(...(await violations(page, undefined, COLOUR_RULES)).map((v) => `${path} (${other}) ${v}`))
    }
    for (const path of withPublic ? PUBLIC_PATHS : []) {
      await page.goto(path)
      await check(path)
    }
    const self = await signInAs(page, role)
    // Client-side navigations: the app and axe load once per walk, not once per page.
    for (const path of appPaths(self)) {
      await visit(page, path)
      await check(path)
    }
    await context.close()
    return found
  }

  // Issue 36, item 25: the pages the full walks found wanting, on their own (a quick check of
  // these pages, which the walks, minutes long, repeat among all the others).
  it.each(['light', 'dark'] as const)(
    '%s skin: no violations on sign-in and sign-up (landmarks), the account settings (its tabs), the VOD library and the calendar (names as labelled)',
    async (skin) => {
      const context = await e2e().browser.newContext({ baseURL: e2e().server.url, bypassCSP: true, reducedMotion: 'reduce' })
      await context.addInitScript((s) => localStorage.setItem('skin', s), skin)
      const page: Page = await context.newPage()
      const found: string[] = []
      for (const path of ['/login', '/register']) {
        await page.goto(path)
        found.push(...(await violations(page)).map((v) => `${path} ${v}`))
      }
      const self = await signInAs(page, 'client')
      for (const path of [`/pages/account-setting/${self}`, '/pages/VOD', '/apps/calendar']) {
        await visit(page, path)
        found.push(...(await violations(page)).map((v) => `${path} ${v}`))
      }
      await context.close()
      expect(found).toEqual([])
    },
    180_000,
  )

  it('no violations on the public pages and every app page (as an admin), in both skins', async () => {
    expect(await walk('admin', true)).toEqual([])
  }, 400_000)

  it('no violations on every app page as the client, whose sandbox channel is connected, in both skins', async () => {
    expect(await walk('client', false)).toEqual([])
  }, 400_000)

  it.each(['light', 'dark'] as const)(
    '%s skin: hovered rows keep their contrast: the users list and the chatboard with a viewer’s and the bot’s lines',
    async (skin) => {
      const context = await e2e().browser.newContext({ baseURL: e2e().server.url, bypassCSP: true, reducedMotion: 'reduce' })
      await context.addInitScript((s) => localStorage.setItem('skin', s), skin)
      const page: Page = await context.newPage()
      const found: string[] = []
      // The walks move the pointer off the page: this test puts it on a row, as a user reading the list does.
      await signInAs(page, 'admin')
      await visit(page, '/user/list')
      await page.getByTestId('user-row').first().hover()
      found.push(...(await violations(page, '[data-testid="user-table"]')).map((v) => `/user/list (hovered) ${v}`))
      await context.close()

      const client = await e2e().browser.newContext({ baseURL: e2e().server.url, bypassCSP: true, reducedMotion: 'reduce' })
      await client.addInitScript((s) => localStorage.setItem('skin', s), skin)
      const chat: Page = await client.newPage()
      await signInAs(chat, 'client')
      await visit(chat, '/pages/chatboard')
      await chat.getByTestId('sandbox-viewer').fill('Newcomer')
      await chat.getByTestId('sandbox-message').fill(`hello from the ${skin} skin`)
      await chat.getByTestId('sandbox-send').click()
      const line = chat.locator('[data-testid="chat-message"][data-from-bot="false"]').filter({ hasText: `hello from the ${skin} skin` })
      await line.waitFor()
      await chat.getByTestId('send-input').fill(`Welcome in, ${skin} skin!`)
      await chat.getByTestId('send-submit').click()
      const bot = chat
        .locator('[data-testid="chat-message"][data-from-bot="true"]')
        .filter({ hasText: `Welcome in, ${skin} skin!` })
        .first()
      await bot.waitFor()
      found.push(...(await violations(chat, '[data-testid="chat-log"]')).map((v) => `/pages/chatboard ${v}`))
      for (const [name, row] of [
        ['viewer', line],
        ['bot', bot],
      ] as const) {
        await row.hover()
        found.push(...(await violations(chat, '[data-testid="chat-log"]')).map((v) => `/pages/chatboard (${name} line hovered) ${v}`))
      }
      await client.close()
      expect(found).toEqual([])
    },
    300_000,
  )

  it('no violations on every app page as a reseller, in both skins', async () => {
    expect(await walk('reseller', false)).toEqual([])
  }, 400_000)
})
