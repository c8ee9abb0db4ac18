import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSigner } from '../../server/src/auth/signing'
import { apiToken, gql } from './support/api'
import { DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { pathOf, signIn } from './support/pages'

/** The harness's signing secret (tests/e2e/support/harness.ts): marketing links are signed with keys derived from it. */
const SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456'
const SHOP = 'shop.example.com'
/** Extra clients made through the API so the list has a second page (10 a page). */
const EXTRA_CLIENTS = 11

type Role = keyof typeof DEMO_PASSWORDS

async function signedInPage(e2e: E2E, role: Role): Promise<Page> {
  const page = await e2e.newPage()
  await signIn(page, `${role}@demo.local`, DEMO_PASSWORDS[role])
  await page.waitForURL((url) => url.pathname !== '/login')
  return page
}

const userId = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('userData')!) as { id: string }).id)

describe('accounts, licences, pricing and marketing pages in Chromium', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E({ MARKETING_REDIRECT_HOSTS: SHOP })
    const admin = await apiToken(e2e, 'admin')
    for (let i = 1; i <= EXTRA_CLIENTS; i++) {
      await gql(e2e, admin, 'mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }', {
        input: {
          username: `streamer${String(i).padStart(2, '0')}`,
          email: `streamer${i}@example.com`,
          fullName: `Streamer ${i}`,
          currentPlan: i % 2 ? 'Pro' : 'Headstarter',
          password: 'Streamer-Passw0rd!',
        },
      })
    }
  })
  afterAll(() => e2e?.close())

  it('admin sees the user list, pages, filters and searches it, and creates a user', async () => {
    const page = await signedInPage(e2e, 'admin')
    await page.getByTestId('vertical-menu').getByRole('link', { name: 'Users', exact: true }).click()
    await page.waitForURL('**/user/list')
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor()

    // 1 demo client + 11 made above = 12 users with a package: 10 on page 1, 2 on page 2.
    const rows = page.getByTestId('user-row')
    const range = page.getByTestId('pager-range')
    await expect.poll(() => range.innerText()).toBe('1–10 of 12')
    expect(await rows.count()).toBe(10)
    await page.getByTestId('pager-next').click()
    await expect.poll(() => range.innerText()).toBe('11–12 of 12')
    expect(await rows.count()).toBe(2)
    await page.getByTestId('pager-previous').click()
    await expect.poll(() => range.innerText()).toBe('1–10 of 12')

    // Filter by plan: the six odd streamers have Pro.
    await page.getByTestId('filter-plan').selectOption('Pro')
    await expect.poll(() => range.innerText()).toBe('1–6 of 6')
    expect(new Set(await page.getByTestId('user-plan').allInnerTexts())).toEqual(new Set(['Pro']))
    await page.getByTestId('filter-plan').selectOption('')
    await page.getByTestId('user-search').fill('streamer05')
    await expect.poll(() => range.innerText()).toBe('1–1 of 1')
    expect(await page.getByTestId('user-name').innerText()).toBe('Streamer 5')
    await page.getByTestId('user-search').fill('nobody-by-that-name')
    await page.getByTestId('users-empty').waitFor()
    await page.getByTestId('user-search').fill('')
    await expect.poll(() => range.innerText()).toBe('1–10 of 12')

    // The add-user side panel checks its input before sending, then creates the user.
    await page.getByTestId('add-user-open').click()
    const panel = page.getByTestId('add-user-panel')
    await panel.getByTestId('add-user-submit').click()
    await panel.getByText('Please fill in this field.').first().waitFor()
    await panel.getByText('Choose a plan or enter a licence key for a client.').waitFor()
    await panel.getByTestId('add-username').fill('newstreamer')
    await panel.getByTestId('add-email').fill('client@demo.local')
    await panel.getByTestId('add-plan').selectOption('Starter')
    await panel.getByTestId('add-user-submit').click()
    // The server's answer for a taken email, in the shared translation.
    await panel.getByText('This email is already in use.').waitFor()
    await panel.getByTestId('add-email').fill('newstreamer@example.com')
    await panel.getByTestId('add-user-submit').click()
    await panel.waitFor({ state: 'hidden' })
    await page.getByTestId('toast').filter({ hasText: 'newstreamer was created.' }).waitFor()
    await expect.poll(() => range.innerText()).toBe('1–10 of 13')
    await page.getByTestId('user-search').fill('newstreamer')
    await expect.poll(() => range.innerText()).toBe('1–1 of 1')
    expect(await page.getByTestId('user-plan').innerText()).toBe('Starter')

    // View and edit the new user.
    await page.getByTestId('user-name').click()
    await page.waitForURL('**/user/view/*')
    await page.getByTestId('user-view-plan').filter({ hasText: 'Starter' }).waitFor()
    await page.getByTestId('user-edit-link').click()
    await page.getByTestId('edit-full-name').fill('New Streamer')
    await page.getByTestId('user-edit-submit').click()
    await page.waitForURL('**/user/view/*')
    await page.getByRole('heading', { level: 2, name: 'New Streamer' }).waitFor()
    await page.context().close()
  })

  it('a reseller sees only their own client', async () => {
    const page = await signedInPage(e2e, 'reseller')
    expect(pathOf(page)).toBe('/reseller/dashboard')
    await page.getByTestId('client-row').first().waitFor()
    expect(await page.getByTestId('client-row').allInnerTexts()).toEqual([expect.stringContaining('Demo Client')])
    await page.getByTestId('pool-table').or(page.getByTestId('licences-empty')).waitFor()

    await page.goto('/user/list')
    await expect.poll(() => page.getByTestId('pager-range').innerText()).toBe('1–1 of 1')
    expect(await page.getByTestId('user-name').allInnerTexts()).toEqual(['Demo Client'])
    expect(await page.getByTestId('filter-role').count()).toBe(0)

    // Someone else's account reads as missing.
    await page.goto('/user/view/4')
    await page.getByTestId('user-not-found').waitFor()
    await page.context().close()
  })

  it('admin generates keys; a client activates one and a used key is refused', async () => {
    const admin = await signedInPage(e2e, 'admin')
    await admin.goto('/pages/licensev11')
    await admin.getByTestId('generate-plan').selectOption({ label: 'Pro' })
    await admin.getByTestId('generate-days').fill('45')
    await admin.getByTestId('generate-count').fill('3')
    await admin.getByTestId('generate-submit').click()
    await admin.getByTestId('generated-keys').waitFor()
    const keys = await admin.getByTestId('generated-key').allInnerTexts()
    expect(keys).toHaveLength(3)
    for (const key of keys) expect(key).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    // The new keys are listed as available.
    await admin.getByTestId('licence-filter-status').selectOption('available')
    await admin.getByTestId('licence-key').filter({ hasText: keys[0]! }).waitFor()
    // "Keys to hand out" is a view of its own: the generator and the keys nobody has yet, no status to pick.
    await admin.goto('/pages/licensev2')
    expect(await admin.getByRole('heading', { level: 1 }).innerText()).toBe('Keys to hand out')
    await admin.getByTestId('licence-key').filter({ hasText: keys[0]! }).waitFor()
    expect(await admin.getByTestId('licence-filter-status').count()).toBe(0)
    await admin.getByTestId('generate-submit').waitFor()
    await admin.context().close()

    const client = await signedInPage(e2e, 'client')
    await client.goto('/pages/license-demo')
    await client.getByTestId('current-package').filter({ hasText: 'Starter' }).waitFor()
    await client.getByTestId('activation-key').fill(keys[0]!.toLowerCase())
    await client.getByTestId('activation-submit').click()
    // The running Starter licence would be replaced: the client is told its days carry over, and asked.
    const replace = client.getByTestId('activation-replace-dialog')
    await replace
      .getByText(/days left on Starter\. The new key starts today and replaces that licence; its remaining \d+ days are added to the new key\./)
      .waitFor()
    await replace.getByRole('button', { name: 'Cancel' }).click()
    await replace.waitFor({ state: 'hidden' })
    expect(await client.getByTestId('activation-success').count()).toBe(0)
    await client.getByTestId('current-package').filter({ hasText: 'Starter' }).waitFor()
    await client.getByTestId('activation-submit').click()
    await replace.getByTestId('activation-replace-confirm').click()
    await client.getByTestId('activation-success').waitFor()
    expect(await client.getByTestId('activated-package').innerText()).toBe('Your package is now Pro.')
    await client.getByTestId('current-package').filter({ hasText: 'Pro' }).waitFor()

    // With Pro running, every attempt asks first; the server then refuses the key.
    await client.getByTestId('activation-key').fill(keys[0]!)
    await client.getByTestId('activation-submit').click()
    await replace.getByText(/days left on Pro\./).waitFor()
    await replace.getByTestId('activation-replace-confirm').click()
    expect(await client.getByTestId('activation-error').innerText()).toBe('This licence key has already been used.')
    await client.getByTestId('activation-key').fill('AAAA-BBBB-CCCC-DDDD')
    await client.getByTestId('activation-submit').click()
    await replace.getByTestId('activation-replace-confirm').click()
    await client.getByTestId('activation-error').filter({ hasText: 'This licence key does not exist.' }).waitFor()
    await client.context().close()

    // The replaced Starter key is superseded: it counts for no one, so it offers nothing to extend or revoke.
    const again = await signedInPage(e2e, 'admin')
    await again.goto('/pages/licensev11?status=superseded')
    await again.getByTestId('licence-row').first().waitFor()
    expect(await again.getByTestId('licence-extend').count()).toBe(0)
    expect(await again.getByTestId('licence-revoke').count()).toBe(0)
    await again.context().close()
  })

  it('admin revokes a key after confirming', async () => {
    const admin = await signedInPage(e2e, 'admin')
    await admin.goto('/pages/licensev11?status=available')
    const row = admin.getByTestId('licence-row').first()
    const key = await row.getByTestId('licence-key').innerText()
    await row.getByTestId('licence-revoke').click()
    const dialog = admin.getByTestId('confirm-dialog')
    await dialog.getByText(`${key} can no longer be used.`, { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await row.getByTestId('licence-revoke').click()
    await dialog.getByTestId('confirm-action').click()
    await admin
      .getByTestId('toast')
      .filter({ hasText: `${key} was revoked.` })
      .waitFor()
    await admin.getByTestId('licence-filter-status').selectOption('revoked')
    await admin.getByTestId('licence-key').filter({ hasText: key }).waitFor()
    await admin.context().close()
  })

  it('pricing shows the four plans, monthly and yearly', async () => {
    const page = await signedInPage(e2e, 'client')
    await page.goto('/pages/pricing')
    const cards = page.getByTestId('plan-card')
    await cards.first().waitFor()
    expect(await cards.locator('h2').allInnerTexts()).toEqual(['Starter', 'Headstarter', 'Pro', 'Custom'])
    const prices = async () => (await cards.getByTestId('plan-price').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim())
    expect(await prices()).toEqual(['$8 / month', '$15 / month', '$25 / month', 'On request'])
    expect(await cards.nth(1).getByTestId('popular-badge').count()).toBe(1)
    await page.getByTestId('billing-yearly').click()
    expect(await prices()).toEqual(['$6 / month', '$12 / month', '$20 / month', 'On request'])
    await cards.first().getByText('$72 billed once a year').waitFor()
    expect(await page.getByTestId('pricing-question').count()).toBeGreaterThan(0)

    await page.goto('/kick/pricing')
    await page.getByRole('heading', { level: 1, name: 'Kick plans' }).waitFor()
    // The heading shows before the plans have loaded: wait for the cards, then count them.
    await page.getByTestId('plan-card').nth(3).waitFor()
    expect(await page.getByTestId('plan-card').count()).toBe(4)
    await page.getByTestId('pricing-question').filter({ hasText: 'How often can I raid on Kick?' }).waitFor()
    await page.context().close()
  })

  it('account settings save, and other users’ settings are not shown', async () => {
    const page = await signedInPage(e2e, 'client')
    const id = await userId(page)
    await page.goto(`/pages/account-setting/${id}`)
    await page.getByTestId('settings-full-name').fill('Demo Client Renamed')
    await page.getByTestId('settings-submit').click()
    await page.getByTestId('settings-saved').waitFor()
    // The menu follows the new name (the viewer is read again).
    await page.getByTestId('user-menu-name').filter({ hasText: 'Demo Client Renamed' }).waitFor()

    await page.getByTestId('tab-info').click()
    await page.getByTestId('settings-bio').fill('I stream speedruns.')
    await page.getByTestId('settings-submit').click()
    await page.getByTestId('settings-saved').waitFor()

    await page.getByTestId('tab-notifications').click()
    const flag = page.getByTestId('notify-followMe')
    const before = await flag.isChecked()
    await flag.click()
    await page.getByTestId('settings-submit').click()
    await page.getByTestId('settings-saved').waitFor()

    await page.reload()
    expect(await page.getByTestId('settings-full-name').inputValue()).toBe('Demo Client Renamed')
    await page.getByTestId('tab-info').click()
    expect(await page.getByTestId('settings-bio').inputValue()).toBe('I stream speedruns.')
    await page.getByTestId('tab-notifications').click()
    expect(await page.getByTestId('notify-followMe').isChecked()).toBe(!before)

    await page.getByTestId('tab-password').click()
    await page.getByTestId('password-current').fill('wrong-password-1')
    await page.getByTestId('password-new').fill('Another-Passw0rd!')
    await page.getByTestId('password-confirm').fill('Another-Passw0rd!')
    await page.getByTestId('password-submit').click()
    await page.getByText('The current password is wrong.').waitFor()

    await page.goto('/pages/account-setting/1')
    await page.getByTestId('not-authorized-content').waitFor()
    await page.context().close()
  })

  it('admin dashboards show the figures; the overview its sign-ups and audit log, "Accounts and revenue" its breakdowns (views of their own, not copies)', async () => {
    const admin = await apiToken(e2e, 'admin')
    const expected = (await gql(e2e, admin, '{ adminStats { usersByRole { count } activeBots byPlatform { platform channels runningBots } } }')).adminStats as {
      usersByRole: Array<{ count: number }>
      activeBots: number
      byPlatform: Array<{ platform: string; channels: number; runningBots: number }>
    }
    const total = expected.usersByRole.reduce((sum, r) => sum + r.count, 0)

    const page = await signedInPage(e2e, 'admin')
    for (const path of ['/admin', '/admindashboardv2/', '/kick/admindashboard/']) {
      await page.goto(path)
      await page.getByTestId('stat-users-value').waitFor()
      expect(Number(await page.getByTestId('stat-users-value').innerText())).toBe(total)
      expect(Number(await page.getByTestId('stat-bots-value').innerText())).toBe(expected.activeBots)
      // Revenue in the configured currency (USD by default).
      expect(await page.getByTestId('stat-revenue-value').innerText()).toMatch(/^\$\d/)
      const heading = await page.getByRole('heading', { level: 1 }).innerText()
      expect(heading).not.toMatch(/v2/i)
      if (path === '/admindashboardv2/') {
        expect(heading).toBe('Accounts and revenue')
        expect(await page.getByTestId('users-by-role-item').count()).toBe(3)
        await page.getByTestId('revenue-table').waitFor()
        expect(await page.getByTestId('signups-chart').count()).toBe(0)
        expect(await page.getByTestId('audit-row').count()).toBe(0)
        continue
      }
      expect(await page.getByTestId('revenue-table').count()).toBe(0)
      const chart = page.getByTestId('signups-chart')
      await chart.locator('.recharts-bar-rectangle').first().waitFor()
      // 30 days; today's holds the sign-ups made by this test.
      const rows = chart.getByTestId('signups-table').locator('tbody tr')
      expect(await rows.count()).toBe(30)
      expect(Number(await rows.last().locator('td').last().innerText())).toBeGreaterThan(0)
      // Counts have whole-number ticks (no 0, 1, 3, 4, 5 from rounded quarters).
      const tickLabels = chart.locator('.recharts-yAxis-tick-labels text')
      await tickLabels.first().waitFor()
      const ticks = await tickLabels.allTextContents()
      expect(ticks.length).toBeGreaterThan(1)
      for (const tick of ticks) expect(tick).toMatch(/^\d+$/)
      const values = ticks.map(Number)
      const steps = new Set(values.slice(1).map((v, i) => v - values[i]!))
      expect(steps.size).toBe(1)
      await page.getByTestId('audit-row').first().waitFor()
      // Only the Kick admin dashboard breaks the channel figures down by platform, as the server counts them.
      if (path.startsWith('/kick')) {
        for (const p of expected.byPlatform) {
          expect(Number(await page.getByTestId(`platform-${p.platform}-channels`).innerText())).toBe(p.channels)
          expect(Number(await page.getByTestId(`platform-${p.platform}-runningBots`).innerText())).toBe(p.runningBots)
        }
        expect(await page.getByTestId('platform-table').locator('tbody tr').count()).toBe(2)
      } else expect(await page.getByTestId('platform-panel').count()).toBe(0)
    }

    // The account figure counts every account; its link opens the users list showing every account, with the same total (issue 36, item 16).
    await page.goto('/admin')
    await page.getByTestId('stat-users-value').waitFor()
    await page.getByTestId('stat-users').getByRole('link').click()
    await page.waitForURL(/\/user\/list\?accounts=all/)
    await page.getByText('Every account, with a package or without, as the dashboard counts them.').waitFor()
    await page
      .getByTestId('pager-range')
      .filter({ hasText: new RegExp(` of ${total}$`) })
      .waitFor()
    await page.getByTestId('filter-accounts').selectOption('')
    await page.getByText(/^Accounts with a package \(the default\)\./).waitFor()
    await page.context().close()
  })

  describe('marketing mail pages', () => {
    const tracking = () => createSigner(SECRET, 'marketing-tracking', 16)

    it('unsubscribes with a signed token and refuses a forged one', async () => {
      const page = await e2e.newPage()
      await page.goto('/pages/unsubscribemail?token=3.forged')
      await page.getByTestId('unsubscribe-invalid').waitFor()
      const token = `3.${createSigner(SECRET, 'marketing-unsubscribe', 16).sign('unsubscribe\n3')}`
      await page.goto(`/pages/miscellaneous/unsubscribemail?token=${encodeURIComponent(token)}`)
      await page.getByTestId('unsubscribe-done').waitFor()
      await page.context().close()
    })

    it('redirects a signed click to an allowed host, and never to a refused one', async () => {
      const page = await e2e.newPage()
      await page.route(`https://${SHOP}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>shop</h1>' }))
      const refused = 'https://evil.example.net/'
      const forged = `/pages/redirectToPage?m=m1&url=${encodeURIComponent(refused)}&s=${tracking().sign(`click\nm1\n${refused}`)}`
      await page.goto(forged)
      await page.getByTestId('redirect-refused').filter({ hasText: 'This link leads to a website we do not send you to.' }).waitFor()
      expect(new URL(page.url()).host).not.toBe('evil.example.net')
      expect(await page.locator(`a[href^="${refused}"]`).count()).toBe(0)

      const href = `https://${SHOP}/pricing?plan=pro`
      await page.goto(`/pages/redirectToPage?m=m1&url=${encodeURIComponent(href)}&s=${tracking().sign(`click\nm1\n${href}`)}`)
      await page.waitForURL(href)
      await page.context().close()
    })
  })
})
