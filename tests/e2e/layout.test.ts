import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_PASSWORDS } from './support/harness'
import { signIn } from './support/pages'
import { appPaths, settled, signInAs, sharedE2E, visit, WALK_ENV, type DemoRole } from './support/walk'

/** What sticks out sideways: the page's own scroll width, and tables that scroll inside their box. */
const overflow = (page: Page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    tables: [...document.querySelectorAll('table')].filter((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth + 1).length,
    // Body cells of the app's data tables (labelled with their column's name) still laid out as table cells.
    cells: [...document.querySelectorAll('tbody > tr > [data-label]')]
      .filter((c) => getComputedStyle(c).display === 'table-cell')
      .map((c) => `${c.tagName} "${(c.textContent ?? '').slice(0, 20)}"`),
  }))

/** Leaf elements drawn beyond the right edge of the section or card that holds them. */
const spills = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main section, main article')].flatMap((box) => {
      const right = box.getBoundingClientRect().right
      return [...box.querySelectorAll('*')]
        .filter((el) => el.children.length === 0 && !el.closest('.visually-hidden') && el.getBoundingClientRect().right > right + 1)
        .map((el) => `${el.tagName} "${(el.textContent ?? '').slice(0, 30)}"`)
    }),
  )

/** A 25-character Twitch login (the longest Twitch allows), in capitals: as wide as a name gets. */
const LONG_NAME = 'WORLDCHAMPIONSHIPMOMENTS_'

/**
 * Gives the page's channels the long name: the server's GraphQL answers are rewritten on their
 * way to the page (the channel and its data stay the server's own).
 */
async function longChannelNames(page: Page) {
  await page.route('**/graphql', async (route) => {
    // Subscriptions stream for as long as the page lives: they pass untouched.
    if ((route.request().headers()['accept'] ?? '').includes('text/event-stream')) return route.continue()
    const response = await route.fetch()
    const rename = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rename)
      if (node === null || typeof node !== 'object') return node
      const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, rename(v)]))
      if (out.__typename === 'Channel' && typeof out.displayName === 'string') out.displayName = LONG_NAME
      return out
    }
    const type = response.headers()['content-type'] ?? ''
    if (!type.includes('json')) return route.fulfill({ response })
    return route.fulfill({ response, json: rename(await response.json()) })
  })
}

/**
 * Where the long name is drawn badly: broken over lines, cut without its whole name in a title
 * (a tooltip), or beyond the right edge of the window.
 */
const brokenNames = (page: Page, name: string) =>
  page.evaluate((name) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const bad: string[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(name)
      const holder = node.parentElement!
      if (at < 0 || holder.closest('option, .visually-hidden, [aria-hidden="true"]')) continue
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + name.length)
      const rects = [...range.getClientRects()].filter((r) => r.width > 0)
      if (rects.length === 0) continue
      const where = `${holder.tagName.toLowerCase()}${holder.dataset.testid ? `[${holder.dataset.testid}]` : ''} in ${holder.closest('[data-testid]')?.getAttribute('data-testid') ?? '?'}`
      if (new Set(rects.map((r) => Math.round(r.top))).size > 1) bad.push(`${where}: broken over ${rects.length} lines`)
      const right = Math.max(...rects.map((r) => r.right))
      // Drawn past a box that clips it: cut, which only a title naming the channel makes good.
      const clip = [
        ...(function* () {
          for (let el: Element | null = holder; el; el = el.parentElement) yield el
        })(),
      ].find((el) => getComputedStyle(el).overflowX !== 'visible')
      if (clip && right > clip.getBoundingClientRect().right + 1 && !holder.closest(`[title*="${name}"]`)) bad.push(`${where}: cut without a title`)
      if (right > document.documentElement.clientWidth + 1 && !clip) bad.push(`${where}: past the window's edge (${Math.round(right)} px)`)
    }
    const picker = document.querySelector('[data-testid="channel-picker"]')
    if (picker && picker.getBoundingClientRect().right > document.documentElement.clientWidth) bad.push('the channel picker runs past the window')
    return bad
  }, name)

describe('layout on a phone and a laptop', () => {
  const e2e = sharedE2E(WALK_ENV)

  /** A fresh page of the given size, signed in as `role`; also the account's id. */
  const signedIn = async (role: DemoRole, viewport?: { width: number; height: number }) => {
    const page = await e2e().newPage()
    if (viewport) await page.setViewportSize(viewport)
    const self = await signInAs(page, role)
    return { page, self }
  }

  it.each(['admin', 'client'] as const)(
    'as %s: no page is wider than a 390 px phone, and tables become cards',
    async (role) => {
      const { page, self } = await signedIn(role, { width: 390, height: 844 })
      const wide: string[] = []
      // Client-side navigations (as menu clicks): the app loads once per role, not once per page.
      for (const path of appPaths(self)) {
        await visit(page, path)
        const o = await overflow(page)
        if (o.page > 390 || o.tables > 0) wide.push(`${path}: page ${o.page} px, ${o.tables} table(s) scrolling`)
        if (o.cells.length > 0) wide.push(`${path}: cells not in cards: ${o.cells.slice(0, 3).join(', ')}`)
      }
      expect(wide).toEqual([])
      await page.context().close()
    },
    300_000,
  )

  it('on a 1366 px laptop, the client dashboard and the keys table keep their text inside their cards', async () => {
    const page = await e2e().newPage()
    await page.setViewportSize({ width: 1366, height: 800 })
    await signIn(page, 'client@demo.local', DEMO_PASSWORDS.client)
    await page.waitForURL(/\/dashboard\//)
    await settled(page)
    expect(await spills(page)).toEqual([])
    await page.goto('/pages/license-demo')
    await settled(page)
    expect(await spills(page)).toEqual([])
    await page.context().close()
  }, 120_000)

  it('on a phone, the users list’s cards name each field as its column reads, without the sort arrow or the screen-reader text, and stay inside the screen', async () => {
    const { page } = await signedIn('admin', { width: 390, height: 844 })
    await visit(page, '/user/list')
    // Every account, not only those with a package: more cards, longer e-mail addresses.
    await page.getByTestId('filter-accounts').selectOption('all')
    await page.waitForURL((url) => url.searchParams.get('accounts') === 'all')
    // The address changes before the list asks for every account: until that answer the page
    // shows the one account with a package, settled.
    await expect.poll(() => page.getByTestId('user-row').count()).toBeGreaterThan(1)
    await settled(page)
    const cards = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="user-row"]')].map((row) => ({
        labels: [...row.children].map((cell) => cell.getAttribute('data-label')),
        right: Math.max(...[...row.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right)),
      })),
    )
    expect(cards.length).toBeGreaterThan(1)
    for (const card of cards) {
      expect(card.labels.filter((label) => label && /[▲▼]|\(/.test(label))).toEqual([])
      expect(card.right).toBeLessThanOrEqual(390)
    }
    await page.context().close()
  }, 120_000)

  it.each([390, 1366])(
    'at %i px, a 25-character channel name stays whole on the dashboard, the Bot-Panel, the chatboard and the channel switcher, cut at most with its whole name in a title',
    async (width) => {
      const { page } = await signedIn('client', { width, height: 900 })
      await longChannelNames(page)
      const found: string[] = []
      for (const path of ['/dashboard/', '/pages/Panel', '/pages/enable', '/pages/chatboard']) {
        await visit(page, path)
        await page.getByText(LONG_NAME).first().waitFor()
        found.push(...(await brokenNames(page, LONG_NAME)).map((b) => `${path} ${b}`))
        if ((await overflow(page)).page > width) found.push(`${path}: the page scrolls sideways`)
        found.push(...(await spills(page)).map((s) => `${path} spills: ${s}`))
      }
      expect(found).toEqual([])
      await page.context().close()
    },
    180_000,
  )

  it('the mail composer’s buttons keep their labels on one line and inside the dialog at 390, 768 and 1366 px, in every language', async () => {
    const found: string[] = []
    for (const language of ['en', 'de', 'fr', 'pt']) {
      const context = await e2e().browser.newContext({ baseURL: e2e().server.url, viewport: { width: 390, height: 844 } })
      await context.addInitScript((l) => localStorage.setItem('language', l), language)
      const page = await context.newPage()
      await signInAs(page, 'client')
      await visit(page, '/apps/email')
      await page.getByTestId('compose').click()
      const dialog = page.getByTestId('compose-dialog')
      await dialog.waitFor()
      for (const width of [390, 768, 1366]) {
        await page.setViewportSize({ width, height: 844 })
        const wrapped = await dialog.evaluate((box) => {
          const edge = box.getBoundingClientRect().right
          return [...box.querySelectorAll('button')].flatMap((button) => {
            const range = document.createRange()
            range.selectNodeContents(button)
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size
            const name = button.textContent!.trim() || button.getAttribute('aria-label')
            return [
              ...(lines > 1 ? [`"${name}" on ${lines} lines`] : []),
              ...(button.getBoundingClientRect().right > edge + 1 ? [`"${name}" past the dialog`] : []),
            ]
          })
        })
        found.push(...wrapped.map((w) => `${language} ${width} px: ${w}`))
      }
      await context.close()
    }
    expect(found).toEqual([])
  }, 240_000)

  it('on a 1366 px laptop, the conversation page does not scroll sideways once a rule exists', async () => {
    const { page } = await signedIn('client', { width: 1366, height: 800 })
    await visit(page, '/pages/Conversation')
    await page.getByTestId('rule-new').click()
    await page.getByTestId('rule-pattern').fill('Discord')
    await page.getByTestId('rule-answer').fill('Hi ${user}, our Discord is discord.gg/sandbox')
    await page.getByTestId('rule-save').click()
    await page.locator('[data-testid="rule-row"][data-pattern="Discord"]').waitFor()
    await settled(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366)
    await page.context().close()
  }, 120_000)

  it.each(['/followerfabrik/followdashboard', '/followerfabrik/kickviewerdashboard'])(
    'at 710 px, the filters of %s stand on one line, each label beside its select',
    async (path) => {
      const { page } = await signedIn('client', { width: 710, height: 900 })
      await visit(page, path)
      const middles = await page.evaluate(() =>
        ['range-picker', 'interval-picker'].flatMap((id) => {
          const select = document.querySelector(`[data-testid="${id}"]`)!
          const label = document.querySelector(`label[for="${select.id}"]`)!
          return [label, select].map((el) => {
            const box = el.getBoundingClientRect()
            return Math.round(box.top + box.height / 2)
          })
        }),
      )
      expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(2)
      await page.context().close()
    },
    120_000,
  )

  it('on a laptop, a button beside a field stands level with its input, though the field shows a hint under it', async () => {
    const { page } = await signedIn('client', { width: 1366, height: 800 })
    await page.goto('/pages/raid')
    await settled(page)
    const input = (await page.getByTestId('raid-query').boundingBox())!
    const button = (await page.getByTestId('raid-search-submit').boundingBox())!
    expect(Math.abs(button.y - input.y)).toBeLessThan(1.5)
    expect(button.x).toBeGreaterThan(input.x + input.width)
    await page.context().close()
  }, 120_000)

  it('a dialog closed with Escape or its close button gives the focus back to the button that opened it', async () => {
    const { page } = await signedIn('client')
    await page.goto('/apps/email')
    await settled(page)
    const compose = page.getByRole('button', { name: 'Compose' })
    const focusedIsCompose = () => compose.evaluate((button) => document.activeElement === button)
    for (const close of ['Escape', 'close button'] as const) {
      await compose.click()
      const dialog = page.getByTestId('compose-dialog')
      await dialog.waitFor()
      if (close === 'Escape') await page.keyboard.press('Escape')
      else await dialog.getByRole('button', { name: 'Close' }).click()
      await dialog.waitFor({ state: 'detached' })
      expect(await focusedIsCompose(), close).toBe(true)
    }
    await page.context().close()
  }, 120_000)

  it('in the dark skin, the mail composer’s recipient lists are themed as the other fields, not a white native list', async () => {
    const context = await e2e().browser.newContext({ baseURL: e2e().server.url })
    await context.addInitScript(() => localStorage.setItem('skin', 'dark'))
    const page = await context.newPage()
    await signInAs(page, 'client')
    await visit(page, '/apps/email')
    await page.getByRole('button', { name: 'Compose' }).click()
    const dialog = page.getByTestId('compose-dialog')
    await dialog.waitFor()
    const look = (selector: string) =>
      dialog.locator(selector).evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, font: getComputedStyle(el).fontFamily }))
    const subject = await look('input[name="subject"]')
    for (const name of ['to', 'cc', 'bcc']) expect(await look(`[data-testid="recipients-${name}-options"]`), name).toEqual(subject)
    await context.close()
  }, 120_000)

  it('on a laptop the sidebar and its background cover the window at the bottom of a page taller than the window', async () => {
    const { page } = await signedIn('admin', { width: 1366, height: 600 })
    await page.goto('/pages/faq')
    await settled(page)
    const sidebar = page.locator('#app-sidebar')
    await sidebar.waitFor({ state: 'visible' })
    // Whatever the page holds today, make it three windows tall: the layout must not depend on it.
    await page.evaluate(() => {
      const spacer = document.createElement('div')
      spacer.style.height = `${window.innerHeight * 3}px`
      document.querySelector('main')!.append(spacer)
      window.scrollTo(0, document.documentElement.scrollHeight)
    })
    await page.waitForFunction(() => window.scrollY > 0)
    const box = await sidebar.evaluate((aside) => {
      const rect = aside.getBoundingClientRect()
      return { top: rect.top, bottom: rect.bottom, viewport: window.innerHeight, background: getComputedStyle(aside).backgroundColor }
    })
    expect(box.top).toBeLessThanOrEqual(0)
    expect(box.bottom).toBeGreaterThanOrEqual(box.viewport)
    expect(box.background).not.toBe('rgba(0, 0, 0, 0)')
    await page.context().close()
  }, 120_000)

  it('an admin lands on the overview of their figures, with administration first in the menu; a collapsed group opens from the keyboard; other views are links in the page', async () => {
    const { page } = await signedIn('admin', { width: 1366, height: 800 })
    await page.waitForURL(/\/dashboard\//)
    await settled(page)
    // The start page is a working overview (issue 36, item 15), not link tiles repeating the menu.
    const overview = page.getByTestId('admin-overview')
    for (const id of ['stat-users', 'stat-signups', 'stat-bots', 'stat-expiring', 'stat-revenue', 'stat-feedback'])
      await overview.getByTestId(`${id}-value`).waitFor()
    expect(await overview.getByRole('link', { name: 'Open the admin dashboard (charts, revenue by plan, audit log)' }).getAttribute('href')).toBe('/admin')
    expect(await page.getByTestId('role-tasks').count()).toBe(0)
    expect(await page.getByTestId('empty-channels').count()).toBe(0)
    const menu = page.getByTestId('vertical-menu')
    expect(await menu.getByRole('heading', { level: 2 }).first().innerText()).toMatch(/administration/i)
    expect(await menu.getByRole('link', { name: 'Admin dashboard v2' }).count()).toBe(0)
    const group = menu.getByRole('button', { name: 'Messages and help' })
    expect(await group.getAttribute('aria-expanded')).toBe('false')
    expect(await menu.getByRole('link', { name: 'Email' }).isVisible()).toBe(false)
    await group.focus()
    await page.keyboard.press('Enter')
    expect(await group.getAttribute('aria-expanded')).toBe('true')
    await menu.getByRole('link', { name: 'Email' }).waitFor()
    await page.goto('/admin')
    await settled(page)
    await page.getByTestId('sub-nav').getByRole('link', { name: 'Kick admin dashboard' }).click()
    await page.waitForURL(/\/kick\/admindashboard\/$/)
    await page.context().close()
  }, 120_000)

  it.each([320, 390])(
    'on a %i px phone, the navbar’s controls sit side by side, none over another and none squeezed',
    async (width) => {
      const { page } = await signedIn('client', { width, height: 800 })
      await page.waitForURL(/\/dashboard\//)
      await settled(page)
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll('header button, header select')].map((el) => {
          const b = el.getBoundingClientRect()
          return { name: el.getAttribute('aria-label') ?? el.textContent ?? '', left: b.left, right: b.right, width: b.width }
        }),
      )
      expect(boxes.length).toBeGreaterThanOrEqual(5)
      const sorted = [...boxes].sort((a, b) => a.left - b.left)
      const overlaps = sorted.slice(1).flatMap((b, i) => (b.left < sorted[i]!.right - 0.5 ? [`${sorted[i]!.name} / ${b.name}`] : []))
      expect(overlaps).toEqual([])
      // Every control keeps a tap target of at least 40 px and stays on the screen.
      expect(boxes.filter((b) => b.width < 39.5 || b.right > width).map((b) => `${b.name} ${Math.round(b.width)} px`)).toEqual([])
      await page.context().close()
    },
    120_000,
  )

  it('on a phone, the menu drawer is empty until opened; opened from the keyboard it takes focus, lists the pages and opens one', async () => {
    const { page } = await signedIn('client', { width: 390, height: 844 })
    await page.waitForURL(/\/dashboard\//)
    await settled(page)
    const menu = page.getByTestId('vertical-menu')
    // Not only hidden (as it was): not rendered at all.
    expect(await menu.locator('a').count()).toBe(0)
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Close menu' }).waitFor()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu')
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const link = menu.getByRole('link').last()
    await link.waitFor()
    const href = (await link.getAttribute('href'))!
    await link.click()
    await page.waitForURL((url) => url.pathname === href)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await page.context().close()
  }, 120_000)
})
