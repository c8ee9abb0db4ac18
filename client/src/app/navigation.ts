/** The app menu (vertical sidebar and horizontal top menu), filtered by the route guard. */
import type { IconName } from '../components/ui/icon'
import type { UserData } from '../lib/session-types'
import { type GuardContext, type RouteAccess, canOpenRoute, routeAccessOf } from './route-guard'
import { type RouteTitleKey, pathFor, routeByName } from './route-table'

export type NavSectionId = 'admin' | 'dashboards' | 'bot' | 'channel' | 'analytics' | 'support' | 'billing' | 'account'

interface NavItemSpec {
  route: string
  icon: IconName
  /** Show the entry only when the ability allows this [action, subject] (the guard still decides access). */
  can?: readonly [action: string, subject: string]
  params?: (user: UserData) => Record<string, string>
}

interface NavSectionSpec {
  id: NavSectionId
  items: readonly NavItemSpec[]
}

/** Staff (admins and resellers) manage other people's accounts; admins hold manage on Admin. */
const STAFF = ['update', 'User'] as const
const ADMIN = ['manage', 'Admin'] as const

/**
 * The menu, grouped by task. Each page is listed once: other views of a page (v2, Kick only,
 * Licenses v2) are reached from the page itself (PAGE_VIEWS), not from look-alike entries.
 */
export const NAVIGATION: readonly NavSectionSpec[] = [
  {
    id: 'admin',
    items: [
      { route: 'admin-dashboard', icon: 'shield', can: ADMIN },
      { route: 'user-list', icon: 'users', can: STAFF },
      { route: 'license-v11', icon: 'key', can: ADMIN },
      { route: 'admin-plans', icon: 'dollar', can: ADMIN },
      { route: 'apps-e-commerce-products', icon: 'dollar', can: ADMIN },
      { route: 'bot-feedback-reports', icon: 'flag', can: ADMIN },
    ],
  },
  {
    id: 'dashboards',
    items: [
      { route: 'Reseller-ViewerDashboard', icon: 'users', can: STAFF },
      { route: 'Dashboard', icon: 'home' },
    ],
  },
  {
    id: 'bot',
    items: [
      { route: 'bot-panel', icon: 'bot' },
      { route: 'enable-disable', icon: 'toggle' },
      { route: 'chatboard', icon: 'chat' },
      { route: 'chatlist', icon: 'list' },
      { route: 'conversation', icon: 'chat' },
    ],
  },
  {
    id: 'channel',
    items: [
      { route: 'raid-panel', icon: 'zap' },
      { route: 'alerts', icon: 'video' },
      { route: 'follower-panel', icon: 'users' },
      { route: 'vod', icon: 'video' },
    ],
  },
  {
    id: 'analytics',
    items: [
      { route: 'follow-dashboard', icon: 'chart' },
      { route: 'video-dashboard', icon: 'chart' },
      { route: 'kick-dashboard', icon: 'chart' },
    ],
  },
  {
    id: 'billing',
    items: [
      { route: 'pages-license-demo', icon: 'key' },
      { route: 'pages-pricing', icon: 'dollar' },
      { route: 'apps-e-commerce-shop', icon: 'dollar' },
      { route: 'apps-invoice-list', icon: 'list' },
    ],
  },
  {
    id: 'support',
    items: [
      { route: 'apps-email', icon: 'mail' },
      { route: 'apps-chat', icon: 'chat' },
      { route: 'apps-todo', icon: 'list' },
      { route: 'apps-calendar', icon: 'calendar' },
      { route: 'pages-faq', icon: 'help' },
      { route: 'pages-knowledge-base', icon: 'list' },
      { route: 'pages-blog-list', icon: 'columns' },
    ],
  },
  {
    id: 'account',
    items: [{ route: 'pages-account-setting', icon: 'settings', params: (user) => ({ id: user.id }) }],
  },
]

/** Which sections come first for a role: what that role is there for. */
const SECTION_ORDER: Record<string, readonly NavSectionId[]> = {
  admin: ['admin', 'dashboards', 'billing', 'support', 'bot', 'channel', 'analytics', 'account'],
  reseller: ['dashboards', 'admin', 'billing', 'support', 'bot', 'channel', 'analytics', 'account'],
}

/**
 * Routes that show one page in several views (the spec keeps each path): the page offers
 * its other views as links (components/page-views.tsx).
 */
export const PAGE_VIEWS: readonly (readonly string[])[] = [
  ['admin-dashboard', 'admin-dashboard-v2', 'kick-admin-dashboard'],
  ['license-v11', 'license-v2'],
  // The accounts as a list (filters, actions), as a server-paged table (sort any column), and
  // as the sample-data tables (all at once, grouped, searched per column).
  ['user-list', 'data-tables', 'data-tables-basic', 'data-tables-row-group', 'data-tables-advanced-search'],
  ['bot-panel', 'kick-panel'],
  ['pages-pricing', 'kick-pricing'],
]

export interface NavItem {
  name: string
  path: string
  titleKey: RouteTitleKey
  icon: IconName
}

export interface NavSection {
  id: NavSectionId
  items: NavItem[]
}

/** The menu's entries a caller may open (the entry's `can` and the route's own rule). */
function openItems(items: readonly NavItemSpec[], access: RouteAccess, user: Pick<UserData, 'id'>): NavItem[] {
  return items.flatMap((item): NavItem[] => {
    const route = routeByName(item.route)
    if (item.can && !access.can(...item.can)) return []
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
export function menuPages(access: RouteAccess, user: Pick<UserData, 'id'>): NavItem[] {
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
