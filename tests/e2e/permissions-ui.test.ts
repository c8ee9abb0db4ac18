import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAbility } from '../../client/src/lib/ability'
import { parseUserData } from '../../client/src/lib/session-types'
import { DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { openPage, signIn } from './support/pages'

/**
 * Permissions in the client, in Chromium: for each demo role, the menu entries, buttons and
 * page sections gated by ability are shown exactly when the ability the browser holds (the
 * server's rules, stored as userData.ability) allows them: a client sees no staff or admin
 * controls, a reseller the staff ones only, an admin all of them.
 * (tests/integration/client-abilities.test.ts proves the server refuses what is hidden.)
 */
const ROLES = ['client', 'reseller', 'admin'] as const

describe('controls follow the ability in Chromium', () => {
  let e2e: E2E
  let clientId = ''

  beforeAll(async () => {
    e2e = await startE2E()
    const res = await fetch(`${e2e.server.url}/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'client@demo.local', password: DEMO_PASSWORDS.client }),
    })
    clientId = String(((await res.json()) as { userData: { id: number } }).userData.id)
  })
  afterAll(() => e2e?.close())

  const signedIn = async (role: (typeof ROLES)[number]) => {
    const page = await e2e.newPage()
    await signIn(page, `${role}@demo.local`, DEMO_PASSWORDS[role])
    await page.waitForURL((url) => url.pathname !== '/login')
    const userData = parseUserData(JSON.parse((await page.evaluate(() => localStorage.getItem('userData')))!))!
    return { page, userData, ability: buildAbility(userData.ability) }
  }
  const count = (page: Page, selector: string) => page.locator(selector).count()

  it.each(ROLES)('shows the %s the controls their ability allows, and no others', async (role) => {
    const { page, ability } = await signedIn(role)
    try {
      const shown: Record<string, boolean> = {}
      const expected: Record<string, boolean> = {}
      const check = async (name: string, selector: string, can: [string, string]) => {
        shown[name] = (await count(page, selector)) > 0
        expected[name] = ability.can(...can)
      }

      // The FAQ: its menu (staff and admin entries) and the help editor's switch.
      await openPage(page, '/pages/faq')
      await check('menu: users', '[data-testid="vertical-menu"] a[href="/user/list"]', ['update', 'User'])
      await check('menu: reseller dashboard', '[data-testid="vertical-menu"] a[href="/reseller/dashboard"]', ['update', 'User'])
      await check('menu: admin dashboard', '[data-testid="vertical-menu"] a[href="/admin"]', ['manage', 'Admin'])
      await check('menu: licences', '[data-testid="vertical-menu"] a[href="/pages/licensev11"]', ['manage', 'Admin'])
      await check('menu: feedback reports', '[data-testid="vertical-menu"] a[href="/admin/bot-feedback-reports"]', ['manage', 'Admin'])
      await check('help: edit', '[data-testid="help-edit-toggle"]', ['manage', 'Help'])

      // Accounts: adding users (staff), deleting one and their history (admins).
      await openPage(page, '/user/list')
      if (ability.can('update', 'User')) await page.getByTestId('user-table').or(page.getByTestId('users-empty')).first().waitFor()
      await check('users: add', '[data-testid="add-user-open"]', ['create', 'User'])
      if (role !== 'client') {
        await openPage(page, `/user/view/${clientId}`)
        await page.getByTestId('user-profile').waitFor()
        await check('user: delete', '[data-testid="user-delete"]', ['manage', 'User'])
        await check('user: history', '[data-testid="user-history"]', ['manage', 'AuditLog'])
      }

      expect(shown).toEqual(expected)
      // The roles differ as the server's rules say.
      const visible = Object.values(shown).filter(Boolean).length
      expect(visible).toBe({ client: 0, reseller: 3, admin: 9 }[role])
    } finally {
      await page.context().close()
    }
  })
})
