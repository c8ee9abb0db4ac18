import { describe, expect, it } from 'vitest'
import { navigationFixtures } from './route-fixtures'
import { buildAbility } from '../../../client/src/lib/ability'
import { type GuardContext } from '../../../client/src/app/route-guard'
import { NAVIGATION, PAGE_VIEWS, pageViews, sectionsOpenAtFirst, visibleNavigation } from '../../../client/src/app/navigation'
import { ROUTES, routeByName } from '../../../client/src/app/route-table'

function token(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`
}

const { clientUser, adminUser, resellerUser } = navigationFixtures
const client: GuardContext = { ability: buildAbility(clientUser.ability), signedIn: true, accessToken: token({ role: 'client' }), role: 'client' }
const reseller: GuardContext = { ability: buildAbility(resellerUser.ability), signedIn: true, accessToken: token({ role: 'reseller' }), role: 'reseller' }
const admin: GuardContext = { ability: buildAbility(adminUser.ability), signedIn: true, accessToken: token({ role: 'admin', admin: true }), role: 'admin' }

const names = (sections: ReturnType<typeof visibleNavigation>) => sections.flatMap((s) => s.items.map((i) => i.name))

describe('menu grouped by role and task', () => {
  it("puts each role's own work first: admins their administration, resellers their dashboard, clients their channel", () => {
    const adminMenu = visibleNavigation(adminUser, admin)
    expect(adminMenu[0]!.id).toBe('admin')
    expect(adminMenu[0]!.items.map((i) => i.name)).toEqual([
      'admin-dashboard',
      'user-list',
      'license-v11',
      'admin-plans',
      'apps-e-commerce-products',
      'bot-feedback-reports',
    ])
    const resellerMenu = visibleNavigation(resellerUser, reseller)
    expect(names(resellerMenu).slice(0, 3)).toEqual(['Reseller-ViewerDashboard', 'Dashboard', 'user-list'])
    const clientMenu = visibleNavigation(clientUser, client)
    expect(clientMenu.map((s) => s.id).slice(0, 2)).toEqual(['dashboards', 'bot'])
    expect(names(clientMenu)).not.toContain('user-list')
  })

  it('lists every page once: no two entries open the same page, and the other views of a page are not in the menu', () => {
    for (const [user, ctx] of [
      [adminUser, admin],
      [resellerUser, reseller],
      [clientUser, client],
    ] as const) {
      const items = names(visibleNavigation(user, ctx))
      const pages = items.map((name) => routeByName(name).page)
      expect(new Set(pages).size, user.role).toBe(pages.length)
      for (const group of PAGE_VIEWS) expect(items.filter((name) => group.includes(name)).length, `${user.role} ${group.join()}`).toBeLessThanOrEqual(1)
    }
  })

  it('shows an admin a short menu at first: the first groups open, the others collapsed unless the page is in them', () => {
    const sections = visibleNavigation(adminUser, admin)
    const open = sectionsOpenAtFirst(sections, '/admin')
    expect([...open]).toEqual(['admin', 'dashboards', 'billing'])
    expect(sections.filter((s) => open.has(s.id)).reduce((n, s) => n + s.items.length, 0)).toBeLessThanOrEqual(12)
    expect([...sectionsOpenAtFirst(sections, '/pages/raid')]).toContain('channel')
  })

  it('keeps every app route of the route table reachable: in the menu, as another view of a listed page, or from a page (a :param route)', () => {
    const listed = new Set(NAVIGATION.flatMap((s) => s.items.map((i) => i.route)))
    const viaViews = new Set(PAGE_VIEWS.filter((group) => group.some((name) => listed.has(name))).flat())
    const unreachable = ROUTES.filter((r) => r.meta.layout !== 'full' && !r.path.includes(':') && !listed.has(r.name) && !viaViews.has(r.name)).map(
      (r) => r.name,
    )
    // A new blog post from the blog, checkout and the wishlist from the shop, a new invoice from the invoice list, the API reference from the developers' page.
    expect(unreachable).toEqual(['pages-blog-new', 'apps-e-commerce-wishlist', 'apps-e-commerce-checkout', 'apps-invoice-add', 'developers-api'])
  })

  it('offers the other views of a page to those who may open them', () => {
    expect(pageViews('/admin', admin).map((v) => v.path)).toEqual(['/admin', '/admindashboardv2/', '/kick/admindashboard/'])
    expect(pageViews('/pages/licensev2', admin).map((v) => v.path)).toEqual(['/pages/licensev11', '/pages/licensev2'])
    expect(pageViews('/kick/panel', client).map((v) => v.path)).toEqual(['/pages/Panel', '/kick/panel'])
    // A reseller may open /admin only as the refusal: no views to offer.
    expect(pageViews('/admin', reseller)).toEqual([])
    expect(pageViews('/dashboard/', admin)).toEqual([])
  })
})

describe("a team member's menu (UserData.teamModules)", () => {
  const MODULE_ENTRIES = ['enable-disable', 'chatboard', 'conversation', 'follower-panel', 'moderation', 'counters', 'raid-panel', 'vod']

  it('hides the entry of a channel module the member may view on no channel, and keeps the others', () => {
    const member = { ...clientUser, teamModules: ['commands', 'moderation'] }
    const menu = names(visibleNavigation(member, client))
    expect(menu).toEqual(expect.arrayContaining(['counters', 'chatboard', 'moderation']))
    for (const hidden of ['raid-panel', 'vod', 'conversation', 'follower-panel', 'enable-disable']) expect(menu).not.toContain(hidden)
    // Entries of no channel module stay.
    expect(menu).toContain('Dashboard')
  })

  it('shows the same menu as today when nothing is named: an owner, staff, an account before the app has read its modules', () => {
    for (const [user, ctx] of [
      [clientUser, client],
      [resellerUser, reseller],
      [adminUser, admin],
    ] as const) {
      const today = names(visibleNavigation(user, ctx))
      expect(names(visibleNavigation({ ...user, teamModules: null }, ctx))).toEqual(today)
      expect(today).toEqual(expect.arrayContaining(MODULE_ENTRIES))
    }
  })
})
