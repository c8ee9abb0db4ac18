import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/src/db/schema'
import { products } from '../../server/src/modules/shop/shop.tables'
import { deviceOf } from '../../server/src/modules/statistics/statistics.service'
import { engines } from '../support/databases'
import { createTestApp, gqlCaller, type TestApp } from '../support/test-app'

/** The exact key sets of spec §7's answers (nested objects listed by path). */
const STATISTIC_KEYS: Record<string, string[]> = {
  subscribers: ['analyticsData', 'series'],
  revenue: ['analyticsData', 'series'],
  sales: ['analyticsData', 'series'],
  orders: ['analyticsData', 'series'],
  'site-traffic': ['series'],
  'active-users': ['series'],
  newsletter: ['series'],
}
const SERIES = {
  subscribers: ['Subscribers', 7],
  revenue: ['Revenue', 7],
  sales: ['Sales', 6],
  orders: ['Orders', 7],
  'site-traffic': ['Traffic Rate', 6],
  'active-users': ['Active Users', 7],
  newsletter: ['Newsletter', 6],
} as const
const ANALYTIC_KEYS: Record<string, string[]> = {
  'support-tracker': ['lastDays', 'newTicket', 'openTicket', 'responseTime', 'title', 'totalTicket'],
  'avg-sessions': ['duration', 'goal', 'growth', 'lastDays', 'retention', 'sessions', 'users'],
  'revenue-report': ['budget', 'price', 'years'],
  'goal-overview': ['completed', 'inProgress'],
  revenue: ['lastMonth', 'thisMonth'],
  'product-orders': ['chartInfo', 'lastDays'],
  'sessions-device': ['chartInfo', 'lastDays'],
  customers: ['lastDays', 'listData'],
}
const ANALYTICS_DATA_KEYS = ['appDesign', 'avgSessions', 'congratulations', 'ordersRecevied', 'salesChart', 'subscribersGained', 'supportTracker', 'timeline']
const ECOMMERCE_DATA_KEYS = [
  'companyTable',
  'congratulations',
  'earningsChart',
  'goalOverview',
  'meetup',
  'revenue',
  'statisticsItems',
  'statisticsOrder',
  'statisticsProfit',
  'transactionData',
]
const PROFILE_KEYS = ['header', 'latestPhotos', 'polls', 'post', 'suggestedPages', 'suggestions', 'twitterFeeds', 'userAbout']
const PAY = 'mutation($id: ID!, $i: PaymentInput!) { recordInvoicePayment(id: $id, input: $i) { invoice { invoiceStatus } } }'
const MOBILE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36'
const keys = (o: unknown) => Object.keys(o as object).sort()
const last = (card: any, i = 0): number => card.series[i].data.at(-1)

describe.each(engines)('statistics cards on %s', (engine) => {
  let t: TestApp
  let admin: string
  let demoReseller: string
  let client: string
  const dist = mkdtempSync(join(tmpdir(), 'stats-dist-'))
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const { ok, code } = gqlCaller(
    () => t,
    () => admin,
  )
  const password = 'Str0ng-Passw0rd!x'

  /** A card read fresh (the cache is what another test checks). */
  const card = async (path: string, token = admin) => {
    t.services.statistics.clear()
    const res = await t.json('GET', path, undefined, auth(token))
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200)
    return res.body
  }
  const signIn = async (email: string, ua?: string) => {
    const res = await t.app.request('/jwt/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(ua ? { 'user-agent': ua } : {}) },
      body: JSON.stringify({ email, password }),
    })
    expect(res.status).toBe(200)
    return ((await res.json()) as { accessToken: string }).accessToken
  }
  async function newUser(name: string, opts: { role?: 'reseller'; resellerId?: number } = {}) {
    const reg = await t.json('POST', '/jwt/register', { username: name, email: `${name}@example.com`, password })
    expect(reg.status).toBe(200)
    const id: number = reg.body.userData.id
    if (opts.role || opts.resellerId)
      await t.database.db
        .update(users)
        .set({ role: opts.role ?? 'client', resellerId: opts.resellerId ?? null })
        .where(eq(users.id, id))
    return { id, email: `${name}@example.com` }
  }
  async function buy(token: string, slug: string) {
    const [p] = await t.database.db.select().from(products).where(eq(products.slug, slug))
    expect((await t.json('POST', '/apps/ecommerce/cart', { productId: p!.id }, auth(token))).status).toBe(201)
    const res = await t.json('POST', '/apps/ecommerce/checkout', undefined, auth(token))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body as { orderId: number; invoiceId: number }
  }

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app shell</title>')
    t = await createTestApp(engine, { CLIENT_DIST: dist, COUNT_CACHE_TTL: '30' })
    admin = (await t.loginAs('admin')).accessToken
    demoReseller = (await t.loginAs('reseller')).accessToken
    client = (await t.loginAs('client')).accessToken
  })
  afterAll(async () => {
    await t?.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('answers every card, both dashboards and the profile in the exact §7 shapes (REST and GraphQL alike)', async () => {
    for (const [name, k] of Object.entries(STATISTIC_KEYS)) {
      const body = await card(`/card/card-statistics/${name}`)
      expect(keys(body), name).toEqual(k)
      const [seriesName, length] = SERIES[name as keyof typeof SERIES]
      expect(body.series).toEqual([{ name: seriesName, data: expect.any(Array) }])
      expect(body.series[0].data).toHaveLength(length)
      for (const v of body.series[0].data) expect(typeof v).toBe('number')
      if (body.analyticsData) expect(keys(body.analyticsData)).toEqual([name])
      expect((await ok('query($n: String!) { cardStatistics(name: $n) }', { n: name })).cardStatistics).toEqual(body)
    }
    expect(typeof (await card('/card/card-statistics/sales')).analyticsData.sales).toBe('string')
    for (const [name, k] of Object.entries(ANALYTIC_KEYS)) {
      const body = await card(`/card/card-analytics/${name}`)
      expect(keys(body), name).toEqual(k)
      if (body.lastDays) expect(body.lastDays).toEqual(['Last 28 Days', 'Last Month', 'Last Year'])
      expect((await ok('query($n: String!) { cardAnalytics(name: $n) }', { n: name })).cardAnalytics).toEqual(body)
    }
    expect(keys((await card('/card/card-analytics/product-orders')).chartInfo)).toEqual(['finished', 'pending', 'rejected'])
    const device = await card('/card/card-analytics/sessions-device')
    expect(device.chartInfo.map((d: any) => [d.name, keys(d)])).toEqual(
      ['Desktop', 'Mobile', 'Tablet'].map((n) => [n, ['icon', 'iconColor', 'name', 'upDown', 'usage']]),
    )
    expect((await card('/card/card-analytics/customers')).listData.map((d: any) => [d.text, keys(d)])).toEqual(
      ['New', 'Returning', 'Referrals'].map((n) => [n, ['icon', 'iconColor', 'result', 'text']]),
    )

    const analytics = await card('/analytics/data')
    expect(keys(analytics)).toEqual(ANALYTICS_DATA_KEYS)
    expect(keys(analytics.congratulations)).toEqual(['name', 'saleToday'])
    expect(keys(analytics.avgSessions)).toEqual([...ANALYTIC_KEYS['avg-sessions']!, 'salesBar'].sort())
    expect(keys(analytics.supportTracker)).toEqual([...ANALYTIC_KEYS['support-tracker']!, 'supportTrackerRadialBar'].sort())
    expect(keys(analytics.timeline)).toEqual(['step1', 'step2', 'step3', 'step4'])
    expect(keys(analytics.salesChart.series[0])).toEqual(['data', 'name'])
    expect(keys(analytics.appDesign)).toEqual(['date', 'members', 'planing', 'subtitle', 'teams', 'title'])
    expect((await ok('{ analyticsDashboard }')).analyticsDashboard).toEqual(analytics)

    const shop = await card('/ecommerce/data')
    expect(keys(shop)).toEqual(ECOMMERCE_DATA_KEYS)
    expect(shop.statisticsItems.map((i: any) => i.subtitle)).toEqual(['Sales', 'Customers', 'Products', 'Revenue'])
    expect(keys(shop.revenue)).toEqual(['budget', 'budgetChart', 'price', 'revenueReport', 'years'])
    expect(keys(shop.goalOverview)).toEqual(['completed', 'inProgress', 'series'])
    expect((await ok('{ ecommerceDashboard }')).ecommerceDashboard).toEqual(shop)

    const profile = await card('/profile/data', client)
    expect(keys(profile)).toEqual(PROFILE_KEYS)
    expect(keys(profile.header)).toEqual(['avatar', 'coverImg', 'designation', 'username'])
    expect(keys(profile.userAbout)).toEqual(['about', 'email', 'joined', 'lives', 'website'])
    expect(profile.userAbout.email).toBe('client@demo.local')
    expect((await ok('{ profileData }', {}, client)).profileData).toEqual(profile)
  })

  it('counts what really happened: orders, payments, licences, clients and sign-ins, each reseller only their own clients', async () => {
    const reads = async (token: string) => ({
      orders: await card('/card/card-statistics/orders', token),
      revenue: await card('/card/card-statistics/revenue', token),
      subscribers: await card('/card/card-statistics/subscribers', token),
      traffic: await card('/card/card-statistics/site-traffic', token),
      active: await card('/card/card-statistics/active-users', token),
      productOrders: await card('/card/card-analytics/product-orders', token),
      goal: await card('/card/card-analytics/goal-overview', token),
      customers: await card('/card/card-analytics/customers', token),
      month: await card('/card/card-analytics/revenue', token),
    })
    const adminBefore = await reads(admin)
    const demoBefore = await reads(demoReseller)

    // A new reseller with two new clients; each client signs in once more (mobile, desktop) and buys a plan.
    const r2 = await newUser('stats-reseller', { role: 'reseller' })
    const a = await newUser('stats-client-a', { resellerId: r2.id })
    const b = await newUser('stats-client-b', { resellerId: r2.id })
    const r2Token = await signIn(r2.email)
    const aToken = await signIn(a.email, MOBILE_UA)
    const bToken = await signIn(b.email, DESKTOP_UA)
    const boughtA = await buy(aToken, 'pro-30-days') // 25
    const boughtB = await buy(bToken, 'starter-30-days') // 8
    expect((await ok(PAY, { id: String(boughtA.invoiceId), i: { amount: 25 } })).recordInvoicePayment.invoice.invoiceStatus).toBe('Paid')
    expect((await ok(PAY, { id: String(boughtB.invoiceId), i: { amount: 5 } })).recordInvoicePayment.invoice.invoiceStatus).toBe('Partial Payment')

    // The new reseller sees exactly what the test did for their clients.
    const mine = await reads(r2Token)
    expect(mine.orders.series[0].data.slice(0, 6).every((n: number) => n === 0)).toBe(true)
    expect([last(mine.orders), mine.orders.analyticsData.orders]).toEqual([2, 2])
    expect([last(mine.revenue), mine.revenue.analyticsData.revenue]).toEqual([30, 30])
    expect([last(mine.subscribers), mine.subscribers.analyticsData.subscribers]).toEqual([1, 1])
    // Sign-ins of their clients today: a registration and a login each.
    expect(last(mine.traffic)).toBe(4)
    expect(last(mine.active)).toBe(2)
    expect(mine.productOrders.chartInfo).toEqual({ finished: 1, pending: 1, rejected: 0 })
    expect(mine.goal).toEqual({ completed: '1', inProgress: '1' })
    expect(mine.customers.listData.map((d: any) => d.result)).toEqual([2, 0, 2])
    expect(mine.month.thisMonth).toBe('30')
    // Registrations sent no User-Agent (no device); the two logins did: one mobile, one desktop.
    const devices = await card('/card/card-analytics/sessions-device', r2Token)
    expect(devices.chartInfo.map((d: any) => [d.name, d.usage])).toEqual([
      ['Desktop', 50],
      ['Mobile', 50],
      ['Tablet', 0],
    ])

    // The admin's figures moved by the same amounts (plus the new reseller's own sign-ins).
    const after = await reads(admin)
    expect(last(after.orders) - last(adminBefore.orders)).toBe(2)
    expect(last(after.revenue) - last(adminBefore.revenue)).toBe(30)
    expect(after.subscribers.analyticsData.subscribers - adminBefore.subscribers.analyticsData.subscribers).toBe(1)
    expect(last(after.traffic) - last(adminBefore.traffic)).toBe(6)
    expect(last(after.active) - last(adminBefore.active)).toBe(3)
    expect(after.productOrders.chartInfo.finished - adminBefore.productOrders.chartInfo.finished).toBe(1)
    expect(after.productOrders.chartInfo.pending - adminBefore.productOrders.chartInfo.pending).toBe(1)
    expect(after.customers.listData[0].result - adminBefore.customers.listData[0].result).toBe(2)

    // The demo reseller saw none of it.
    const demoAfter = await reads(demoReseller)
    expect(demoAfter).toEqual(demoBefore)
  })

  it('refuses clients and anonymous callers, answers an unknown card with a bodiless 404, keeps newsletter figures for admins', async () => {
    for (const path of ['/card/card-statistics/orders', '/card/card-analytics/revenue', '/analytics/data', '/ecommerce/data']) {
      expect((await t.json('GET', path, undefined, auth(client))).status, path).toBe(403)
      expect((await t.json('GET', path)).status, path).toBe(401)
    }
    expect(await code('{ cardStatistics(name: "orders") }', {}, client)).toBe('FORBIDDEN')
    for (const path of ['/card/card-statistics/unknown', '/card/card-analytics/subscribers', '/card/card-statistics/%00']) {
      const res = await t.app.request(path, { headers: auth(admin) })
      expect(res.status, path).toBe(path.endsWith('%00') ? 400 : 404)
      if (res.status === 404) expect(await res.text()).toBe('')
    }
    expect(await code('{ cardAnalytics(name: "nope") }')).toBe('NOT_FOUND')
    expect((await t.json('GET', '/card/card-statistics/newsletter', undefined, auth(demoReseller))).status).toBe(403)

    // A marketing open through the signed tracking link counts for today.
    const before = last(await card('/card/card-statistics/newsletter'))
    const { open } = t.services.marketing.links('stats-mail-1', 1)
    const opened = await t.app.request(new URL(open).pathname + new URL(open).search)
    expect(opened.status).toBeLessThan(400)
    expect(last(await card('/card/card-statistics/newsletter')) - before).toBe(1)
  })

  it('reuses an answer for COUNT_CACHE_TTL seconds per scope, then counts again', async () => {
    t.services.statistics.clear()
    const first = await t.json('GET', '/card/card-statistics/orders', undefined, auth(admin))
    const buyer = await newUser('stats-cache-buyer')
    await buy(await signIn(buyer.email), 'starter-30-days')
    expect((await t.json('GET', '/card/card-statistics/orders', undefined, auth(admin))).body).toEqual(first.body)
    t.clock.advance(31)
    const later = (await t.json('GET', '/card/card-statistics/orders', undefined, auth(admin))).body
    expect(later.analyticsData.orders - first.body.analyticsData.orders).toBe(1)
  })

  it('answers the profile from the caller’s own record and settings', async () => {
    const me = await newUser('stats-profile')
    await t.database.db
      .update(users)
      .set({ fullName: 'Pro File', bio: 'Streams chess.', country: 'Portugal', website: 'https://example.com', company: 'Chess Co' })
      .where(eq(users.id, me.id))
    const p = await card('/profile/data', await signIn(me.email))
    expect(p.header).toEqual({ avatar: null, username: 'Pro File', designation: 'Channel owner, Chess Co', coverImg: null })
    expect(p.userAbout).toMatchObject({ about: 'Streams chess.', lives: 'Portugal', email: 'stats-profile@example.com', website: 'https://example.com' })
    expect(p.userAbout.joined).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
    for (const k of ['suggestedPages', 'twitterFeeds', 'post', 'latestPhotos', 'suggestions', 'polls']) expect(p[k]).toEqual([])
    expect((await t.json('GET', '/profile/data')).status).toBe(401)
  })

  it('gives an API client JSON or a bodiless 404 on every data path outside /apps, and a browser navigation the app', async () => {
    const json = [
      '/card/card-statistics/revenue',
      '/card/card-analytics/customers',
      '/analytics/data',
      '/ecommerce/data',
      '/profile/data',
      '/faq/data',
      '/kb/data/knowledge_base',
      '/kb/data/category',
      '/pricing/data',
      '/pricing/kick/data',
      '/account-setting/data',
      '/blog/list/data',
      '/blog/list/data/sidebar',
      '/good-table/basic',
      '/good-table/row-group',
      '/good-table/advanced-search',
      '/good-table/table_ssr',
      '/autosuggest/data',
    ]
    for (const path of json) {
      for (const accept of [undefined, 'application/json', '*/*']) {
        const res = await t.app.request(path, { headers: { ...auth(admin), ...(accept ? { accept } : {}) } })
        expect(res.status, path).toBe(200)
        expect(res.headers.get('content-type'), path).toContain('application/json')
      }
    }
    // Unknown, or a blog post without its ?id=: a 404 with no body, never HTML.
    const missing = ['/blog/list/data/detail', '/blog/list/data/edit', '/card/card-statistics/unknown', '/kb/unknown', '/profile/other']
    for (const path of missing) {
      for (const accept of [undefined, 'application/json', '*/*']) {
        const res = await t.app.request(path, { headers: { ...auth(admin), ...(accept ? { accept } : {}) } })
        expect([path, res.status, await res.text()]).toEqual([path, 404, ''])
      }
    }
    for (const path of ['/blog/list', '/good-table', '/card/anything', '/profile']) {
      const res = await t.app.request(path, { headers: { accept: 'text/html,application/xhtml+xml' } })
      expect([path, res.status]).toEqual([path, 200])
      expect(await res.text()).toContain('app shell')
    }
  })

  it('reads the device kind from the User-Agent', () => {
    expect(deviceOf(MOBILE_UA)).toBe('mobile')
    expect(deviceOf(DESKTOP_UA)).toBe('desktop')
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet')
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; SM-X910) AppleWebKit/537.36 Safari/537.36')).toBe('tablet')
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36')).toBe('mobile')
    expect(deviceOf('curl/8.5.0')).toBeUndefined()
    expect(deviceOf('node')).toBeUndefined()
    expect(deviceOf(undefined)).toBeUndefined()
    expect(deviceOf('  ')).toBeUndefined()
  })
})
