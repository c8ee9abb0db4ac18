import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { countRequests, pathOf, signIn, storedSession } from './support/pages'
import { settled } from './support/walk'

/** App pages of spec section 2 that need a signed-in user with read on ACL. */
const APP_PAGES = [
  '/dashboard/',
  '/followerfabrik/followdashboard',
  '/followerfabrik/videodashboard',
  '/followerfabrik/kickviewerdashboard',
  '/pages/VOD',
  '/pages/follower',
  '/pages/raid',
  '/pages/Panel',
  '/pages/chatlist',
  '/pages/Conversation',
  '/pages/enable',
  '/pages/chatboard',
  '/kick/panel',
  '/kick/pricing',
  '/pages/account-setting/1',
  '/pages/faq',
  '/pages/knowledge-base',
  '/pages/knowledge-base/bot-modules',
  '/pages/knowledge-base/bot-modules/some-article',
  '/pages/pricing',
  '/pages/license-demo',
]
const MANAGE_PAGES = ['/admindashboardv2/', '/kick/admindashboard/', '/admin/bot-feedback-reports', '/pages/licensev11', '/pages/licensev2']
const PUBLIC_PAGES = [
  '/error-404',
  '/pages/unsubscribemail',
  '/pages/miscellaneous/unsubscribemail',
  '/pages/trackMarketing',
  '/pages/redirectToPage',
  '/pages/miscellaneous/coming-soon',
  '/pages/miscellaneous/not-authorized',
  '/pages/miscellaneous/under-maintenance',
  '/pages/miscellaneous/error',
]

describe('platform core in Chromium', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(() => e2e?.close())

  describe('guards, signed out', () => {
    it('sends / and every app and manage page to /login', async () => {
      const page = await e2e.newPage()
      for (const path of ['/', ...APP_PAGES, ...MANAGE_PAGES, '/admin']) {
        await page.goto(path)
        await page.waitForURL((url) => url.pathname === '/login')
        expect(pathOf(page), path).toBe('/login')
        // The sign-in is asked to come back (a plain sign-in from / and its Dashboard).
        expect(new URL(page.url()).searchParams.get('redirect'), path).toBe(['/', '/dashboard/'].includes(path) ? null : path)
      }
      await page.context().close()
    })

    it('returns to a deep link after the sign-in it forced, and sends a role that may not open it to its landing', async () => {
      const page = await e2e.newPage()
      await page.goto('/pages/chatlist?tab=timers')
      await page.waitForURL((url) => url.pathname === '/login')
      await page.getByLabel('Email').fill('client@demo.local')
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORDS.client)
      await page.getByTestId('login-submit').click()
      await page.waitForURL((url) => url.pathname === '/pages/chatlist')
      expect(new URL(page.url()).search).toBe('?tab=timers')
      await page.context().close()

      const other = await e2e.newPage()
      await other.goto('/pages/licensev11')
      await other.waitForURL((url) => url.pathname === '/login')
      await other.getByLabel('Email').fill('reseller@demo.local')
      await other.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORDS.reseller)
      await other.getByTestId('login-submit').click()
      await other.waitForURL('**/reseller/dashboard')
      await other.context().close()
    })

    it('shows public pages and sends unknown paths to /error-404', async () => {
      const page = await e2e.newPage()
      for (const path of PUBLIC_PAGES) {
        await page.goto(path)
        await page.getByRole('heading', { level: 1 }).waitFor()
        expect(pathOf(page), path).toBe(path)
      }
      await page.goto('/no/such/page')
      await page.waitForURL('**/error-404')
      await page.context().close()
    })
  })

  describe('sign-in and landing', () => {
    it('shows the bad-credentials message once, above the form and not under the e-mail alone, then lands a client on Dashboard', async () => {
      const page = await e2e.newPage()
      await signIn(page, 'client@demo.local', 'wrong-password')
      // It concerns both fields: one alert for the form, in sentence case; neither field is marked as the wrong one.
      expect(await page.getByTestId('login-alert').innerText()).toBe('Email or password is invalid.')
      expect(await page.getByText('Email or password is invalid.').count()).toBe(1)
      expect(await page.getByTestId('login-email').getAttribute('aria-invalid')).not.toBe('true')
      expect(pathOf(page)).toBe('/login')
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORDS.client)
      await page.getByTestId('login-submit').click()
      await page.waitForURL('**/dashboard/')
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      await page.getByTestId('loading-overlay').waitFor({ state: 'detached' })
      expect(await page.getByTestId('user-menu-name').innerText()).toBe('Demo Client')
      const session = await storedSession(page)
      expect(JSON.parse(session.userData!)).toMatchObject({ email: 'client@demo.local', role: 'client' })
      expect(session.accessToken).toBeTruthy()
      expect(session.refreshToken).toBeTruthy()

      // Signed in: redirectIfLoggedIn pages go to the landing; manage pages are not authorized.
      for (const path of ['/login', '/register', '/forgot-password']) {
        await page.goto(path)
        await page.waitForURL('**/dashboard/')
      }
      for (const path of MANAGE_PAGES) {
        await page.goto(path)
        await page.waitForURL('**/pages/miscellaneous/not-authorized')
      }
      await page.goto('/pages/chatlist')
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(pathOf(page)).toBe('/pages/chatlist')
      await page.context().close()
    })

    it('lands an admin via / on Dashboard and opens manage pages', async () => {
      const page = await e2e.newPage()
      await signIn(page, 'admin@demo.local', DEMO_PASSWORDS.admin)
      await page.waitForURL('**/dashboard/')
      for (const path of MANAGE_PAGES) {
        await page.goto(path)
        await page.getByRole('heading', { level: 1 }).waitFor()
        expect(pathOf(page), path).toBe(path)
      }
      await page.context().close()
    })

    it('lands a reseller on Reseller-ViewerDashboard', async () => {
      const page = await e2e.newPage()
      await signIn(page, 'reseller@demo.local', DEMO_PASSWORDS.reseller)
      await page.waitForURL('**/reseller/dashboard')
      // The three admin dashboards answer a reseller alike: the not-authorized page.
      for (const path of ['/admin', '/admindashboardv2/', '/kick/admindashboard/']) {
        await page.goto(path)
        await page.waitForURL('**/pages/miscellaneous/not-authorized')
        await page.getByText('You do not have permission to open this page.').waitFor()
      }
      await page.context().close()
    })

    it('refuses manage pages without the admin claim, whatever the stored ability says', async () => {
      const page = await e2e.newPage()
      await signIn(page, 'client@demo.local', DEMO_PASSWORDS.client)
      await page.waitForURL('**/dashboard/')
      await page.evaluate(() => {
        const user = JSON.parse(localStorage.getItem('userData')!)
        user.ability = [{ action: 'manage', subject: 'all' }]
        localStorage.setItem('userData', JSON.stringify(user))
      })
      await page.goto('/pages/licensev11')
      await page.waitForURL('**/pages/miscellaneous/not-authorized')
      await page.context().close()
    })
  })

  describe('registration', () => {
    it('shows the five messages of spec section 5 and signs a new user in', async () => {
      const page = await e2e.newPage()
      await page.goto('/register')
      await page.getByTestId('register-submit').click()
      await page.getByText('Please enter your email.').waitFor()
      await page.getByText('Please enter your username.').waitFor()
      await page.getByLabel('Username').fill('demo-client')
      await page.getByLabel('Email').fill('client@demo.local')
      await page.getByLabel('Password', { exact: true }).fill('Sup3r-Secret-Pass!')
      await page.getByTestId('register-submit').click()
      await page.getByText('This email is already in use.').waitFor()
      await page.getByText('This username is already in use.').waitFor()
      await page.getByLabel('Username').fill('newbie')
      await page.getByLabel('Email').fill('newbie@example.com')
      await page.getByLabel('Password', { exact: true }).fill('abc')
      await page.getByTestId('register-submit').click()
      // The spec's text with the rule beside it.
      await page.getByText('Your password is too weak. Use 8 to 128 characters', { exact: false }).waitFor()
      await page.getByLabel('Password', { exact: true }).fill('Sup3r-Secret-Pass!')
      await page.getByTestId('register-submit').click()
      await page.waitForURL('**/dashboard/')
      expect(JSON.parse((await storedSession(page)).userData!)).toMatchObject({ username: 'newbie', role: 'client' })
      await page.context().close()
    })
  })

  describe('tokens', () => {
    it('refreshes once on a 401, stores the rotated pair and stays on the page', async () => {
      const page = await e2e.newPage()
      await signIn(page, 'reseller@demo.local', DEMO_PASSWORDS.reseller)
      await page.waitForURL('**/reseller/dashboard')
      const before = await storedSession(page)
      await page.evaluate(() => localStorage.setItem('accessToken', 'not-a-valid-token'))
      const refreshes = countRequests(page, '/jwt/refresh-token')
      await page.goto('/pages/Panel')
      await page.waitForFunction(() => localStorage.getItem('accessToken') !== 'not-a-valid-token')
      await page.getByRole('heading', { level: 1 }).waitFor()
      const after = await storedSession(page)
      expect(refreshes.count).toBe(1)
      expect(after.refreshToken).not.toBe(before.refreshToken)
      expect(pathOf(page)).toBe('/pages/Panel')
      await page.context().close()
    })

    it('signs out to /login after a refused refresh, with one attempt and no loop', async () => {
      const page = await e2e.newPage()
      await signIn(page, 'reseller@demo.local', DEMO_PASSWORDS.reseller)
      await page.waitForURL('**/reseller/dashboard')
      await page.evaluate(() => {
        localStorage.setItem('accessToken', 'garbage')
        localStorage.setItem('refreshToken', 'garbage')
      })
      const refreshes = countRequests(page, '/jwt/refresh-token')
      await page.goto('/pages/raid')
      await page.waitForURL((url) => url.pathname === '/login')
      // Give a loop the chance to show itself before counting.
      await page.waitForLoadState('networkidle')
      expect(refreshes.count).toBe(1)
      const session = await storedSession(page)
      expect(session).toEqual({ userData: null, accessToken: null, refreshToken: null })
      await page.context().close()
    })

    it('logout clears storage and revokes the refresh token', async () => {
      const page = await e2e.newPage()
      await signIn(page, 'client@demo.local', DEMO_PASSWORDS.client)
      await page.waitForURL('**/dashboard/')
      const { refreshToken } = await storedSession(page)
      await page.getByTestId('user-menu').click()
      await page.getByTestId('logout').click()
      await page.waitForURL((url) => url.pathname === '/login')
      expect(await storedSession(page)).toEqual({ userData: null, accessToken: null, refreshToken: null })
      const res = await fetch(`${e2e.server.url}/jwt/refresh-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      })
      expect(res.status).toBe(401)
      await page.context().close()
    })
  })

  describe('preferences', () => {
    it('keeps the dark skin and the language after a reload', async () => {
      const page = await e2e.newPage()
      await signIn(page, 'client@demo.local', DEMO_PASSWORDS.client)
      await page.waitForURL('**/dashboard/')
      const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark') || document.body.classList.contains('dark'))
      expect(await isDark()).toBe(false)
      await page.getByTestId('skin-toggle').click()
      expect(await isDark()).toBe(true)
      await page.getByTestId('language-switcher').selectOption('de')
      const heading = page.getByRole('heading', { level: 1 })
      await page.waitForFunction(() => document.documentElement.lang === 'de')
      const germanTitle = await heading.innerText()
      await page.reload()
      await heading.waitFor()
      expect(await isDark()).toBe(true)
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de')
      expect(await heading.innerText()).toBe(germanTitle)
      await page.context().close()
    })
  })

  describe('password reset', () => {
    it('mails a link through the outbox that sets a new password', async () => {
      const page = await e2e.newPage()
      await page.goto('/forgot-password')
      await page.getByLabel('Email').fill('client@demo.local')
      await page.getByTestId('forgot-submit').click()
      await page.getByTestId('reset-link-sent').waitFor()

      const admin = await (
        await fetch(`${e2e.server.url}/jwt/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORDS.admin }),
        })
      ).json()
      const outbox = await (
        await fetch(`${e2e.server.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
          body: JSON.stringify({ query: '{ mailOutbox(first: 5) { to text } }' }),
        })
      ).json()
      const mail = outbox.data.mailOutbox.find((m: { to: string }) => m.to === 'client@demo.local')
      const link = /\/forgot-password\?token=[\w-]+/.exec(mail.text)![0]

      await page.goto(link)
      await page.getByLabel('New password', { exact: true }).fill('N3w-Client-Passw0rd!')
      await page.getByLabel('Confirm password', { exact: true }).fill('N3w-Client-Passw0rd!')
      await page.getByTestId('reset-submit').click()
      await page.getByTestId('reset-done').waitFor()
      await signIn(page, 'client@demo.local', 'N3w-Client-Passw0rd!')
      await page.waitForURL('**/dashboard/')
      await page.context().close()
    })
  })

  describe('chunk loading', () => {
    it('keeps the menu and top bar while a page chunk loads, with the loading state in the content area', async () => {
      const page = await e2e.newPage()
      await signIn(page, 'admin@demo.local', DEMO_PASSWORDS.admin)
      await page.getByRole('heading', { level: 1 }).waitFor()
      // The pricing page's chunk is held back until the test lets it through (a slow network).
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/assets/pricing-page-*.js', async (route) => {
        await held
        await route.continue()
      })
      await page.getByTestId('vertical-menu').getByRole('link', { name: 'Pricing', exact: true }).click()
      await page.getByTestId('page-loading').waitFor()
      expect(await page.getByTestId('vertical-menu').isVisible()).toBe(true)
      expect(await page.getByTestId('user-menu-name').isVisible()).toBe(true)
      expect(await page.getByTestId('loading-overlay').count()).toBe(0)
      release()
      await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor()
      expect(await page.getByTestId('page-loading').count()).toBe(0)
      await page.context().close()
    })

    it('paints the menu and top bar of a signed-in first screen before Apollo has loaded, and asks for the dashboard once', async () => {
      const page = await e2e.newPage()
      // The admin: an earlier test has given the demo client a new password.
      await signIn(page, 'admin@demo.local', DEMO_PASSWORDS.admin)
      await page.waitForURL('**/dashboard/')
      await page.getByTestId('dashboard-page').waitFor()
      // A fresh load whose Apollo chunk (the GraphQL runtime) is held back (routing also turns the HTTP cache off).
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/assets/vendor-apollo-*.js', async (route) => {
        await held
        await route.continue()
      })
      const operations: string[] = []
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/graphql') operations.push((req.postDataJSON() as { operationName: string }).operationName)
      })
      await page.reload()
      await page.getByTestId('page-loading').waitFor()
      expect(await page.getByTestId('vertical-menu').isVisible()).toBe(true)
      expect(await page.getByTestId('user-menu-name').isVisible()).toBe(true)
      expect(await page.getByTestId('navbar-search-open').isVisible()).toBe(true)
      expect(await page.getByTestId('loading-overlay').count()).toBe(0)
      expect(await page.getByTestId('dashboard-page').count()).toBe(0)
      release()
      await page.getByTestId('dashboard-page').waitFor()
      expect(await page.getByTestId('page-loading').count()).toBe(0)
      // The first-screen module asked for the dashboard before the app's code ran; Apollo took that answer.
      await page.waitForLoadState('networkidle')
      expect(operations.filter((name) => name === 'AssistantDashboard')).toHaveLength(1)
      await page.context().close()
    })

    it('loads a page whose chunk was refused once (a 503 while the server is behind) without an error, and retries a refused query', async () => {
      const page = await e2e.newPage()
      await signIn(page, 'admin@demo.local', DEMO_PASSWORDS.admin)
      await page.getByRole('heading', { level: 1 }).waitFor()
      let chunkRefusals = 0
      await page.route('**/assets/pricing-page-*.js', async (route) => {
        if (chunkRefusals++ > 0) return route.continue()
        await route.fulfill({ status: 503, headers: { 'retry-after': '1' }, body: 'Service Unavailable' })
      })
      // The pricing page's first query is refused once too, the way admission control answers.
      let queryRefusals = 0
      await page.route('**/graphql', async (route) => {
        if (queryRefusals > 0 || !route.request().postData()?.includes('Pricing')) return route.continue()
        queryRefusals++
        await route.fulfill({
          status: 503,
          headers: { 'retry-after': '1', 'content-type': 'application/json' },
          body: '{"error":"Server busy","code":"OVERLOADED"}',
        })
      })
      await page.getByTestId('vertical-menu').getByRole('link', { name: 'Pricing', exact: true }).click()
      await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor()
      await page.getByTestId('plan-card').first().waitFor()
      expect(chunkRefusals).toBeGreaterThanOrEqual(2)
      expect(queryRefusals).toBe(1)
      expect(await page.getByTestId('chunk-error').count()).toBe(0)
      await page.context().close()
    })

    it('names the chunk and the failure type when a page chunk cannot load', async () => {
      const page = await e2e.newPage()
      await page.route('**/assets/not-found-page-*.js', (route) => route.abort())
      await page.goto('/error-404')
      const error = page.getByTestId('chunk-error')
      await error.waitFor()
      expect(await error.getAttribute('data-chunk')).toMatch(/not-found-page/)
      expect(await error.getAttribute('data-failure-type')).toBeTruthy()
      expect(await page.getByTestId('reload-button').count()).toBe(1)
      await page.context().close()
    })
  })
})

describe('short-lived access tokens in Chromium', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E({ ACCESS_TOKEN_TTL: '2' })
  })
  afterAll(() => e2e?.close())

  /**
   * Signs the client in and waits until the session's re-read after the first page's paint
   * (SessionSync, Query.viewer) has been answered 200: otherwise that background request, a
   * second later, may be the one that meets the expired token (and refreshes, or ends the
   * session) while the test waits, not the request the test makes.
   */
  async function signInSettled(page: Page) {
    const reread = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/graphql' && res.status() === 200 && (res.request().postData() ?? '').includes('"operationName":"Viewer"'),
    )
    await signIn(page, 'client@demo.local', DEMO_PASSWORDS.client)
    await page.waitForURL('**/dashboard/')
    await reread
  }

  it('an expired access token leads to exactly one refresh, and the request is replayed', async () => {
    const page = await e2e.newPage()
    await signInSettled(page)
    const first = await storedSession(page)
    // Let the 2-second access token expire with the app unloaded: a request the open dashboard
    // makes meanwhile (on a busy machine, a late query) would refresh it before the test's own
    // page load, which would then meet a valid token and never refresh.
    await page.goto('about:blank')
    await page.waitForTimeout(3000)
    const refreshes = countRequests(page, '/jwt/refresh-token')
    const graphqlStatuses: number[] = []
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/graphql') graphqlStatuses.push(res.status())
    })
    await page.goto('/pages/enable')
    // The page's data drawn (its queries answered, after the refresh and the replay), then no
    // request left: network idle alone can come before the app's first query on a busy machine.
    await settled(page)
    await page.waitForLoadState('networkidle')
    expect(refreshes.count).toBe(1)
    expect(graphqlStatuses).toContain(401)
    expect(graphqlStatuses.at(-1)).toBe(200)
    const second = await storedSession(page)
    expect(second.accessToken).not.toBe(first.accessToken)
    expect(second.refreshToken).not.toBe(first.refreshToken)
    await page.context().close()
  })

  it('a session that cannot be refreshed ends on the login page, which says so', async () => {
    const page = await e2e.newPage()
    await signInSettled(page)
    // The sign-in was ended elsewhere: its refresh token is no longer valid.
    await page.evaluate(() => localStorage.setItem('refreshToken', 'revoked-elsewhere'))
    await page.waitForTimeout(3000)
    await page.goto('/pages/enable')
    await page.waitForURL((url) => url.pathname === '/login')
    expect(await page.getByTestId('session-ended').innerText()).toBe('Your session has ended. Please sign in again.')
    // A plain visit to the login page says nothing of the kind.
    await page.goto('/login')
    await page.getByTestId('login-submit').waitFor()
    expect(await page.getByTestId('session-ended').count()).toBe(0)
    await page.context().close()
  })
})
