/** The app menu (vertical sidebar and horizontal top menu), filtered by the route guard. */
import type { MenuEntry, NavSectionId } from '../lib/feature'
import type { NavItem, NavSection } from '../lib/menu-context'
import type { UserData } from '../lib/session-types'
import { FEATURES } from './features'
import { type GuardContext, type RouteAccess, canOpenRoute, routeAccessOf } from './route-guard'
import { pathFor, routeByName } from './route-table'

export type { NavSectionId } from '../lib/feature'
export type { NavItem, NavSection } from '../lib/menu-context'

type NavItemSpec = Pick<MenuEntry, 'route' | 'icon' | 'can' | 'params' | 'module'>

interface NavSectionSpec {
  id: NavSectionId
  items: readonly NavItemSpec[]
}

/** The menu's sections, in their default order; each feature puts its entries into them (its `menu`). */
const SECTIONS: readonly NavSectionId[] = ['admin', 'dashboards', 'bot', 'channel', 'analytics', 'billing', 'support', 'account']

/**
 * The menu, grouped by task, composed from the features' entries (sorted by `order` within a
 * section). Each page is listed once: other views of a page (v2, Kick only, the second licence route) are
 * reached from the page itself (PAGE_VIEWS), not from look-alike entries.
 */
export const NAVIGATION: readonly NavSectionSpec[] = SECTIONS.map((id) => ({
  id,
  items: FEATURES.flatMap((feature) => feature.menu ?? [])
    .filter((entry) => entry.section === id)
    .sort((a, b) => a.order - b.order)
    .map(({ route, icon, can, params, module }) => ({ route, icon, ...(can ? { can } : {}), ...(params ? { params } : {}), ...(module ? { module } : {}) })),
}))

/** Which sections come first for a role: what that role is there for. */
const SECTION_ORDER: Record<string, readonly NavSectionId[]> = {
  admin: ['admin', 'dashboards', 'billing', 'support', 'bot', 'channel', 'analytics', 'account'],
  reseller: ['dashboards', 'admin', 'billing', 'support', 'bot', 'channel', 'analytics', 'account'],
}

/**
 * Routes that show one page in several views (the spec keeps each path): the page offers
 * its other views as links (components/page-views.tsx). Declared by the features.
 */
export const PAGE_VIEWS: readonly (readonly string[])[] = FEATURES.flatMap((feature) => feature.pageViews ?? [])

/**
 * A channel module's entry is hidden only when the session names the modules the account may view
 * through its teams (it owns no channel, SessionSync read `teamModules`) and this one is not among them.
 */
export function showsModule(item: Pick<NavItemSpec, 'module'>, user: Pick<UserData, 'teamModules'>): boolean {
  return !item.module || !user.teamModules || user.teamModules.includes(item.module)
}

/** The menu's entries a caller may open (the entry's `can` and the route's own rule). */
function openItems(items: readonly NavItemSpec[], access: RouteAccess, user: Pick<UserData, 'id' | 'teamModules'>): NavItem[] {
  return items.flatMap((item): NavItem[] => {
    const route = routeByName(item.route)
    if (item.can && !access.can(...item.can)) return []
    if (!showsModule(item, user)) return []
    if (!canOpenRoute(route.meta, access)) return []
    return [{ name: route.name, path: pathFor(route.name, item.params?.(user as UserData)), titleKey: route.titleKey, icon: item.icon }]
  })
}

export function visibleNavigation(user: UserData | null, context: Pick<GuardContext, 'ability' | 'accessToken'>): NavSection[] {
  if (!user) return []
  const order = SECTION_ORDER[user.role]
  const sections = order ? order.map((id) => NAVIGATION.find((section) => section.id === id)!) : NAVIGATION
  const access = routeAccessOf(context)
  return sections.map((section) => ({ id: section.id, items: openItems(section.items, access, user) })).filter((section) => section.items.length > 0)
}

/**
 * Every page of the menu a caller may open, in menu order, with the pages' other views
 * (PAGE_VIEWS) they may open: the navbar search's pages (app/search-pages.ts matches them in
 * the browser), so the search offers exactly the menu.
 */
export function menuPages(access: RouteAccess, user: Pick<UserData, 'id' | 'teamModules'>): NavItem[] {
  const entries = openItems(
    NAVIGATION.flatMap((section) => section.items),
    access,
    user,
  )
  const views = PAGE_VIEWS.flatMap((group) =>
    entries.some((entry) => group.includes(entry.name)) ? group.filter((name) => !entries.some((entry) => entry.name === name)) : [],
  ).flatMap((name) => openItems([{ route: name, icon: 'list' }], access, user))
  return [...entries, ...views]
}

/** The other views of the page at `pathname` the user may open (none when the page has no others). */
export function pageViews(pathname: string, context: Pick<GuardContext, 'ability' | 'accessToken'>): NavItem[] {
  const group = PAGE_VIEWS.find((names) => names.some((name) => routeByName(name).path === pathname))
  if (!group) return []
  const views = group.map(routeByName).filter((route) => canOpenRoute(route.meta, routeAccessOf(context)))
  return views.length > 1 ? views.map((route) => ({ name: route.name, path: route.path, titleKey: route.titleKey, icon: 'list' as const })) : []
}

/** How many of a role's first menu sections start open; the others are collapsed groups. */
export const OPEN_SECTIONS = 3

const samePath = (a: string, b: string) => a.toLowerCase().replace(/\/$/, '') === b.toLowerCase().replace(/\/$/, '')

/** Sections open at first: the role's first ones and the one holding the current page. */
export function sectionsOpenAtFirst(sections: readonly NavSection[], pathname: string): Set<NavSectionId> {
  return new Set(sections.filter((section, i) => i < OPEN_SECTIONS || section.items.some((item) => samePath(item.path, pathname))).map((s) => s.id))
}
