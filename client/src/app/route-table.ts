/**
 * The route table (spec section 2), composed from the features' routes (app/features.ts). Every
 * route has a name, a path, a page of its feature and meta {layout, resource, action,
 * redirectIfLoggedIn?}; app/router.tsx turns it into React Router routes with one lazily loaded
 * page each. The CASL subjects of the meta are described in lib/feature.ts.
 */
import { type FeatureRoute, fillPath } from '../lib/feature'
import { FEATURES } from './features'

export type { RouteAction, RouteLayout, RouteMeta, RouteTitleKey } from '../lib/feature'

/** A route of the app: `page` is `<feature>/<page file>` (features/<feature>/pages/<page file>.tsx). */
export interface AppRoute extends FeatureRoute {
  feature: string
}

export const ROUTES: readonly AppRoute[] = FEATURES.flatMap((feature) =>
  (feature.routes ?? []).map((entry) => ({ ...entry, feature: feature.id, page: `${feature.id}/${entry.page}` })),
)

export type RouteName = (typeof ROUTES)[number]['name']

const BY_NAME = new Map(ROUTES.map((entry) => [entry.name, entry]))

export function routeByName(name: string): AppRoute {
  const found = BY_NAME.get(name)
  if (!found) throw new Error(`Unknown route name: ${name}`)
  return found
}

/** The path of a named route with its :params filled in. */
export function pathFor(name: string, params: Record<string, string> = {}): string {
  return fillPath(routeByName(name), params)
}

/** The route React Router handles at "/" (redirect target of the root). */
export const ROOT_REDIRECT_ROUTE = 'Dashboard'
export const UNKNOWN_ROUTE_REDIRECT = '/error-404'

/** Route handle attached to each React Router route. */
export interface RouteHandle {
  route: AppRoute
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value
}
