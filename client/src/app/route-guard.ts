/**
 * The navigation guard (spec sections 2 and 6), as a pure function so it can be tested:
 *
 * 1. A route is allowed if any matched route record permits its action (default read)
 *    on its resource. Records with action 'manage' additionally need the admin claim in
 *    the access token.
 * 2. Not allowed → signed in: not-authorized (or, right after a sign-in that a deep link
 *    asked for, the role's landing: that page was not the role's); signed out: login, asked
 *    to come back to the page afterwards.
 * 3. Records flagged redirectIfLoggedIn send a signed-in user to their role's landing.
 */
import type { AppAbility } from '../lib/ability'
import { hasAdminClaim } from '../lib/jwt'
import { PATHS, landingPathForRole, loginPathFor } from '../lib/paths'
import type { RouteMeta } from './route-table'

export interface GuardContext {
  ability: AppAbility
  signedIn: boolean
  accessToken: string | null
  role: string | null
}

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string }

/** Where the navigation comes from: the query string, and the landing a sign-in left in the history state. */
export interface NavigationExtras {
  search?: string
  /** Set by the sign-in page when it returns to a deep link: where to go instead if the role may not open it. */
  afterSignIn?: string
}

/** What a page asks of an ability (`can`) and of the admin claim; the server asks it too (the navbar search's pages). */
export interface RouteAccess {
  can: (action: string, subject: string) => boolean
  admin: boolean
}

export function canOpenRoute(meta: RouteMeta, access: RouteAccess): boolean {
  if (!access.can(meta.action, meta.resource)) return false
  if (meta.action === 'manage' && !access.admin) return false
  return true
}

export function canAccessRoute(meta: RouteMeta, context: Pick<GuardContext, 'ability' | 'accessToken'>): boolean {
  return canOpenRoute(meta, routeAccessOf(context))
}

export function routeAccessOf(context: Pick<GuardContext, 'ability' | 'accessToken'>): RouteAccess {
  return { can: (action, subject) => context.ability.can(action, subject), admin: hasAdminClaim(context.accessToken) }
}

export function decideNavigation(matched: readonly RouteMeta[], pathname: string, context: GuardContext, extras: NavigationExtras = {}): GuardDecision {
  // Pure redirect records (/ and unknown paths) carry no meta.
  if (matched.length === 0) return { allow: true }

  if (!matched.some((meta) => canAccessRoute(meta, context))) {
    if (!context.signedIn) return { allow: false, redirectTo: loginPathFor(`${pathname}${extras.search ?? ''}`) }
    return { allow: false, redirectTo: extras.afterSignIn ?? PATHS.notAuthorized }
  }

  if (context.signedIn && matched.some((meta) => meta.redirectIfLoggedIn)) {
    const landing = landingPathForRole(context.role)
    // A role without a landing place lands on /login: show it instead of looping.
    if (normalise(landing) !== normalise(pathname)) return { allow: false, redirectTo: landing }
  }

  return { allow: true }
}

function normalise(path: string): string {
  const trimmed = path.replace(/\/+$/, '')
  return (trimmed || '/').toLowerCase()
}
