import { describe, expect, it } from 'vitest'
import { navigationFixtures } from './route-fixtures'
import { buildAbility } from '../../../client/src/lib/ability'
import { PATHS, landingPathForRole, loginPathFor, safeRedirect } from '../../../client/src/lib/paths'
import { type GuardContext, decideNavigation } from '../../../client/src/app/route-guard'
import { ROUTES, pathFor, routeByName } from '../../../client/src/app/route-table'
import { visibleNavigation } from '../../../client/src/app/navigation'

function token(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`
}

const { clientUser, adminUser, resellerUser } = navigationFixtures

const anonymous: GuardContext = { ability: buildAbility(null), signedIn: false, accessToken: null, role: null }
const client: GuardContext = { ability: buildAbility(clientUser.ability), signedIn: true, accessToken: token({ role: 'client' }), role: 'client' }
const reseller: GuardContext = { ability: buildAbility(resellerUser.ability), signedIn: true, accessToken: token({ role: 'reseller' }), role: 'reseller' }
const admin: GuardContext = { ability: buildAbility(adminUser.ability), signedIn: true, accessToken: token({ role: 'admin', admin: true }), role: 'admin' }
const adminWithoutClaim: GuardContext = { ...admin, accessToken: token({ role: 'admin' }) }

function decide(name: string, context: GuardContext, params: Record<string, string> = { id: '1' }) {
  const route = routeByName(name)
  return decideNavigation([route.meta], pathFor(name, route.path.includes(':') ? params : {}), context)
}

describe('route table', () => {
  it('contains every route of spec section 2 with unique names and paths', () => {
    const paths = ROUTES.map((route) => route.path)
    for (const path of [
      '/error-404',
      '/login',
      '/register',
      '/forgot-password',
      '/pages/unsubscribemail',
      '/pages/miscellaneous/unsubscribemail',
      '/pages/trackMarketing',
      '/pages/redirectToPage',
      '/pages/miscellaneous/coming-soon',
      '/pages/miscellaneous/not-authorized',
      '/pages/miscellaneous/under-maintenance',
      '/pages/miscellaneous/error',
      '/pages/account-setting/:id',
      '/pages/faq',
      '/pages/pricing',
      '/pages/license-demo',
      '/admin',
      '/dashboard/',
      '/admindashboardv2/',
      '/kick/admindashboard/',
      '/admin/bot-feedback-reports',
      '/followerfabrik/followdashboard',
      '/followerfabrik/videodashboard',
      '/followerfabrik/kickviewerdashboard',
      '/pages/VOD',
      '/pages/follower',
      '/pages/raid',
      '/pages/Panel',
      '/pages/chatlist',
      '/pages/quotes',
      '/pages/counters',
      '/pages/giveaways',
      '/pages/Conversation',
      '/pages/licensev11',
      '/pages/licensev2',
      '/pages/enable',
      '/pages/chatboard',
      '/kick/panel',
      '/kick/pricing',
    ]) {
      expect(paths, path).toContain(path)
    }
    expect(new Set(paths).size).toBe(paths.length)
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length)
    expect(pathFor('Dashboard')).toBe('/dashboard/')
    expect(pathFor('Reseller-ViewerDashboard')).toBe('/reseller/dashboard')
  })

  it('uses action manage on resource Admin for the manage routes and read on Admin for /admin', () => {
    for (const name of ['admin-dashboard-v2', 'kick-admin-dashboard', 'bot-feedback-reports', 'license-v11', 'license-v2']) {
      expect(routeByName(name).meta).toMatchObject({ resource: 'Admin', action: 'manage' })
    }
    expect(routeByName('admin-dashboard').meta).toMatchObject({ resource: 'Admin', action: 'read' })
  })

  it('opens the data tables to staff only: a client typing their paths lands on not-authorized', () => {
    for (const name of ['data-tables', 'data-tables-basic', 'data-tables-row-group', 'data-tables-advanced-search']) {
      expect(routeByName(name).meta, name).toMatchObject({ resource: 'User', action: 'update' })
      expect(decide(name, client), name).toEqual({ allow: false, redirectTo: PATHS.notAuthorized })
      expect(decide(name, anonymous), name).toEqual({ allow: false, redirectTo: loginPathFor(routeByName(name).path) })
      expect(decide(name, reseller), name).toEqual({ allow: true })
      expect(decide(name, admin), name).toEqual({ allow: true })
    }
  })

  it('marks only login, register and forgot-password redirectIfLoggedIn; public pages use the full layout and Auth', () => {
    expect(
      ROUTES.filter((route) => route.meta.redirectIfLoggedIn)
        .map((route) => route.path)
        .sort(),
    ).toEqual(['/forgot-password', '/login', '/register'])
    for (const route of ROUTES.filter((entry) => entry.meta.resource === 'Auth')) expect(route.meta.layout).toBe('full')
  })
})

describe('landing after sign-in', () => {
  it('admin → /, client → Dashboard, reseller → Reseller-ViewerDashboard, others → /login', () => {
    expect(landingPathForRole('admin')).toBe('/')
    expect(landingPathForRole('client')).toBe(pathFor('Dashboard'))
    expect(landingPathForRole('reseller')).toBe(pathFor('Reseller-ViewerDashboard'))
    expect(landingPathForRole('editor')).toBe('/login')
    expect(landingPathForRole(null)).toBe('/login')
  })
})

describe('decideNavigation', () => {
  it('sends anonymous visitors from app pages to /login and lets them see public pages', () => {
    expect(decide('Dashboard', anonymous)).toEqual({ allow: false, redirectTo: PATHS.login })
    expect(decideNavigation([routeByName('Dashboard').meta], '/', anonymous)).toEqual({ allow: false, redirectTo: PATHS.login })
    for (const name of ['auth-login', 'auth-register', 'auth-forgot-password', 'error-404', 'misc-not-authorized', 'track-marketing']) {
      expect(decide(name, anonymous), name).toEqual({ allow: true })
    }
  })

  it('asks the sign-in to come back to a deep link, query included', () => {
    const chatlist = routeByName('bot-feedback-reports')
    expect(decideNavigation([chatlist.meta], chatlist.path, anonymous, { search: '?page=2' })).toEqual({
      allow: false,
      redirectTo: `/login?redirect=${encodeURIComponent(`${chatlist.path}?page=2`)}`,
    })
  })

  it('right after such a sign-in, sends a role that may not open the page to its landing, not to not-authorized', () => {
    expect(decideNavigation([routeByName('license-v11').meta], '/pages/licensev11', client, { afterSignIn: '/dashboard/' })).toEqual({
      allow: false,
      redirectTo: '/dashboard/',
    })
    expect(decideNavigation([routeByName('Dashboard').meta], '/dashboard/', client, { afterSignIn: '/dashboard/' })).toEqual({ allow: true })
  })

  it('lets a new client (read ACL, read all) open app pages but not manage routes', () => {
    expect(decide('Dashboard', client)).toEqual({ allow: true })
    expect(decide('pages-account-setting', client)).toEqual({ allow: true })
    expect(decide('admin-dashboard', client)).toEqual({ allow: true }) // read all covers read Admin (spec)
    expect(decide('license-v11', client)).toEqual({ allow: false, redirectTo: PATHS.notAuthorized })
  })

  it('requires the admin claim in the access token for manage routes', () => {
    expect(decide('admin-dashboard-v2', admin)).toEqual({ allow: true })
    expect(decide('admin-dashboard-v2', adminWithoutClaim)).toEqual({ allow: false, redirectTo: PATHS.notAuthorized })
  })

  it('sends signed-in users away from login/register/forgot-password to their landing', () => {
    expect(decide('auth-login', client)).toEqual({ allow: false, redirectTo: '/dashboard/' })
    expect(decide('auth-register', admin)).toEqual({ allow: false, redirectTo: '/' })
    expect(decide('auth-forgot-password', reseller)).toEqual({ allow: false, redirectTo: '/reseller/dashboard' })
  })

  it('does not loop for a signed-in user whose role has no landing place', () => {
    const odd: GuardContext = { ...client, role: 'editor' }
    expect(decideNavigation([routeByName('auth-login').meta], '/login', odd)).toEqual({ allow: true })
  })

  it('signed-in users always reach the public error pages (no redirect loop)', () => {
    const narrow: GuardContext = { ...client, ability: buildAbility([{ action: 'read', subject: 'ACL' }]) }
    expect(decide('misc-not-authorized', narrow)).toEqual({ allow: true })
    expect(decide('admin-dashboard', narrow)).toEqual({ allow: false, redirectTo: PATHS.notAuthorized })
  })

  it('allows when any matched record permits', () => {
    const denied = routeByName('license-v11').meta
    const allowed = routeByName('Dashboard').meta
    expect(decideNavigation([denied, allowed], '/x', client)).toEqual({ allow: true })
    expect(decideNavigation([], '/', anonymous)).toEqual({ allow: true })
  })
})

describe('the sign-in return path', () => {
  it('accepts only paths of this app, never another host or the sign-in pages', () => {
    expect(safeRedirect('/pages/chatlist?x=1#y')).toBe('/pages/chatlist?x=1#y')
    for (const bad of [
      null,
      '',
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      '/login',
      '/LOGIN/',
      '/register?x',
      '/forgot-password',
      '/',
      '/dashboard/',
      '/' + 'a'.repeat(2001),
    ]) {
      expect(safeRedirect(bad), String(bad)).toBeNull()
    }
    expect(loginPathFor('//evil.test')).toBe('/login')
  })
})

describe('menu', () => {
  it('shows admins the administration section and hides it from clients', () => {
    const adminMenu = visibleNavigation(adminUser, admin).map((section) => section.id)
    const clientMenu = visibleNavigation(clientUser, client).map((section) => section.id)
    expect(adminMenu).toContain('admin')
    expect(clientMenu).not.toContain('admin')
    expect(clientMenu).toContain('bot')
    expect(visibleNavigation(null, anonymous)).toEqual([])
  })

  it('links account settings to the user id', () => {
    const items = visibleNavigation(clientUser, client).flatMap((section) => section.items)
    expect(items.find((item) => item.name === 'pages-account-setting')?.path).toBe('/pages/account-setting/7')
  })
})
