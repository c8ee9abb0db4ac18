import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeE2E, DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { openPage, signIn } from './support/pages'

/**
 * The statistics cards on the admin dashboard in Chromium against the real server: the cards
 * draw the server's own figures (read back through the §7 REST calls with the page's token),
 * the admin's browser sign-in counts as a desktop sign-in, and money is in the configured currency.
 */
describe('statistics cards in Chromium', () => {
  let e2e: E2E
  let page: Page

  beforeAll(async () => {
    e2e = await startE2E({ CURRENCY: 'EUR', COUNT_CACHE_TTL: '0' })
    page = await e2e.newPage()
    await signIn(page, 'admin@demo.local', DEMO_PASSWORDS.admin)
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  })
  afterAll(() => closeE2E(page, e2e))

  it('shows the cards on /admin with the figures the server counts', async () => {
    await openPage(page, '/admin')
    const cards = page.getByTestId('statistics-cards')
    await cards.getByTestId('stat-card-site-traffic').waitFor()
    const token = await page.evaluate(() => localStorage.getItem('accessToken'))
    const rest = async (path: string) => {
      const res = await fetch(`${e2e.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
      expect(res.status).toBe(200)
      return (await res.json()) as any
    }
    const traffic = await rest('/card/card-statistics/site-traffic')
    const signIns = traffic.series[0].data.reduce((a: number, b: number) => a + b, 0)
    expect(signIns).toBeGreaterThanOrEqual(1)
    expect(await cards.getByTestId('stat-card-site-traffic-value').innerText()).toBe(String(signIns))
    const revenue = await rest('/card/card-statistics/revenue')
    const euros = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      trailingZeroDisplay: 'stripIfInteger',
    } as Intl.NumberFormatOptions)
    expect(await cards.getByTestId('stat-card-revenue-value').innerText()).toBe(euros.format(revenue.analyticsData.revenue))
    // Two revenue figures side by side, each named for what it counts (issue 36, item 18): was "Monthly revenue" beside "This month".
    expect(await page.getByTestId('stat-revenue').innerText()).toContain('Recurring revenue per month')
    const month = await cards.getByTestId('stat-card-month-revenue').innerText()
    expect(month).toContain('Received this month')
    expect(month).toContain('Received last month')
    // The only sign-ins with a browser's User-Agent were Chromium on Linux: all desktop.
    const devices = await cards.getByTestId('stat-card-sessions-device').innerText()
    expect(devices).toMatch(/Desktop\s+100%/)
    expect(devices).toMatch(/Mobile\s+0%/)
    // Admins also see the newsletter card; the charts are drawn (Recharts SVG).
    await cards.getByTestId('stat-card-newsletter').waitFor()
    await cards.getByTestId('stat-card-orders').locator('svg.recharts-surface').waitFor()
  })

  it("shows a reseller their clients' figures on their dashboard, without the admins-only newsletter card", async () => {
    const reseller = await e2e.newPage()
    try {
      await signIn(reseller, 'reseller@demo.local', DEMO_PASSWORDS.reseller)
      await reseller.waitForURL((url) => !url.pathname.startsWith('/login'))
      await openPage(reseller, '/reseller/dashboard')
      const cards = reseller.getByTestId('statistics-cards')
      await cards.getByTestId('stat-card-orders').waitFor()
      // The reseller's own sign-in is not a client's: their clients have not signed in.
      expect(await cards.getByTestId('stat-card-site-traffic-value').innerText()).toBe('0')
      expect(await cards.getByTestId('stat-card-newsletter').count()).toBe(0)
    } finally {
      await reseller.context().close()
    }
  })
})
