/**
 * What a client feature plugs into the app: its routes, its menu entries, the other views of its
 * pages and its translations. Each feature says it once in `features/<name>/feature.ts`; the app
 * composes the list (`app/features.ts`) into the route table, the lazily loaded pages, the menu
 * and the i18next namespaces. Plain data (no component, no page import): the build step that
 * preloads the first screen (client/vite-first-screen.ts) reads it under Node.
 *
 * CASL subjects of a route: 'Auth' for public pages (everyone may read Auth), 'ACL' for the
 * ordinary app pages (new clients hold read ACL / read all), 'Admin' for the admin dashboards
 * (/admin with action read, the rest with action manage, which additionally needs the admin
 * claim in the access token), update 'User' for the staff-only pages (admins and resellers hold
 * it, clients are refused it: server/src/permissions/abilities.ts STAFF_ABILITY).
 */
import type { IconName } from '../components/ui/icon'
import type en from '../locales/en/translation.json'
import type { UserData } from './session-types'
import type { ChannelModuleName } from './channel-ability'

export type RouteLayout = 'vertical' | 'horizontal' | 'full'
export type RouteAction = 'read' | 'update' | 'manage'

export interface RouteMeta {
  layout: RouteLayout
  resource: string
  action: RouteAction
  redirectIfLoggedIn?: boolean
}

/** Route titles are shared strings (`routes.<key>` in locales/<lng>/translation.json): the menu and the search show them. */
export type RouteTitleKey = keyof (typeof en)['routes']

/** A route as its feature declares it: `page` is a file of the feature's `pages/` folder, without `.tsx`. */
export interface FeatureRoute {
  name: string
  path: string
  titleKey: RouteTitleKey
  page: string
  meta: RouteMeta
  /** i18next namespaces the page reads, fetched with its chunk (lib/lazy-page.ts) instead of after it renders. */
  namespaces?: readonly string[]
}

export type NavSectionId = 'admin' | 'dashboards' | 'bot' | 'channel' | 'analytics' | 'support' | 'billing' | 'account'

/** A menu entry: the section it sits in and its place there (entries sort by `order` within a section). */
export interface MenuEntry {
  section: NavSectionId
  order: number
  route: string
  icon: IconName
  /** Show the entry only when the ability allows this [action, subject] (the guard still decides access). */
  can?: readonly [action: string, subject: string]
  params?: (user: UserData) => Record<string, string>
  /** The channel module the page works on: hidden from a team member who may view it on no channel (`UserData.teamModules`). */
  module?: ChannelModuleName
}

export type LocaleLoaders = Record<'en' | 'de' | 'fr' | 'pt', () => Promise<{ default: Record<string, unknown> }>>

export interface ClientFeature {
  /** The feature's folder name, also its i18next namespace. */
  id: string
  routes?: readonly FeatureRoute[]
  menu?: readonly MenuEntry[]
  /**
   * Routes that show one page in several views (the spec keeps each path): the page offers its
   * other views as links. May name another feature's route (by name, never by import).
   */
  pageViews?: readonly (readonly string[])[]
  /** The feature's strings (`locales/<lng>.json`), loaded with its pages. */
  locales?: LocaleLoaders
}

export const defineFeature = (feature: ClientFeature): ClientFeature => feature

interface MetaInput {
  layout?: RouteLayout
  resource: string
  action?: RouteAction
  redirectIfLoggedIn?: boolean
}

export function route(name: string, path: string, titleKey: RouteTitleKey, page: string, meta: MetaInput, namespaces?: readonly string[]): FeatureRoute {
  const { layout = 'vertical', resource, action = 'read', redirectIfLoggedIn } = meta
  return {
    name,
    path,
    titleKey,
    page,
    meta: { layout, resource, action, ...(redirectIfLoggedIn ? { redirectIfLoggedIn } : {}) },
    ...(namespaces ? { namespaces } : {}),
  }
}

export const publicPage = { layout: 'full', resource: 'Auth' } as const
export const authPage = { ...publicPage, redirectIfLoggedIn: true } as const
export const appPage = { resource: 'ACL' } as const
export const adminManage = { resource: 'Admin', action: 'manage' } as const
/** Staff only (admins and resellers): pages over other people's accounts that the server refuses clients. */
export const staffPage = { resource: 'User', action: 'update' } as const
/** Staff (admins and resellers) manage other people's accounts; admins hold manage on Admin (menu entries' `can`). */
export const STAFF = ['update', 'User'] as const
export const ADMIN = ['manage', 'Admin'] as const

/** The path of a route with its :params filled in. */
export function fillPath(routeEntry: Pick<FeatureRoute, 'name' | 'path'>, params: Record<string, string> = {}): string {
  return routeEntry.path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key]
    if (value === undefined) throw new Error(`Route ${routeEntry.name} needs param ${key}`)
    return encodeURIComponent(value)
  })
}

/** A feature's own path helper: `pathFor('apps-invoice-list')` over the routes it declares. */
export function pathsOf(routes: readonly FeatureRoute[]): (name: string, params?: Record<string, string>) => string {
  const byName = new Map(routes.map((entry) => [entry.name, entry]))
  return (name, params) => {
    const found = byName.get(name)
    if (!found) throw new Error(`Unknown route name: ${name}`)
    return fillPath(found, params)
  }
}
