import { Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, ScrollRestoration, useLocation, useMatches } from 'react-router-dom'
import { ErrorBoundary } from '../components/ui/error-boundary'
import { LoadingOverlay } from '../components/ui/loading-overlay'
import { env } from '../lib/env'
import { lazyPage } from '../lib/lazy-page'
import { type LayoutType, useLayoutType } from '../lib/preferences'
import { AbilityProvider } from '../lib/ability-context'
import { useSessionAbility, useSession } from '../lib/use-session'
import { AppErrorView } from './components/app-error'
import { preloadAppGraphql } from './components/route-content'
import { ScrollToTop } from './components/scroll-to-top'
import { SkipLink } from './components/skip-link'
import { FullLayout } from './layouts/full-layout'
import { decideNavigation } from './route-guard'
import { type AppRoute, type RouteLayout, isRouteHandle } from './route-table'

const VerticalLayout = lazyPage('vertical-layout', () => import('./layouts/vertical-layout'))
const HorizontalLayout = lazyPage('horizontal-layout', () => import('./layouts/horizontal-layout'))

/** Starts loading an app layout's chunk, and the Apollo set-up of its content area, before they render. */
export function preloadLayout(layout: Exclude<RouteLayout, 'full'>): Promise<unknown> {
  return Promise.all([(layout === 'vertical' ? VerticalLayout : HorizontalLayout).preload(), preloadAppGraphql()])
}

/** 'full' comes from the route; for app pages the user's stored choice wins over the route default. */
export function resolveLayout(routeLayout: RouteLayout, preference: LayoutType | null): RouteLayout {
  if (routeLayout === 'full') return 'full'
  return preference ?? routeLayout
}

function useDocumentTitle(route: AppRoute | undefined): void {
  const { t, i18n } = useTranslation()
  const title = route ? `${t(`routes.${route.titleKey}`)} | ${env.appTitle}` : env.appTitle
  useEffect(() => {
    document.title = title
  }, [title, i18n.language])
}

/** The landing the sign-in page left in the history state when it returned to a deep link. */
function afterSignInOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('afterSignIn' in state)) return undefined
  const value = (state as { afterSignIn: unknown }).afterSignIn
  return typeof value === 'string' ? value : undefined
}

/**
 * Root route element: runs the guard on every navigation and picks the layout from the
 * matched route's meta. Protected content is never rendered before the guard allows it.
 */
export function AppRoot() {
  const matches = useMatches()
  const { pathname, search, state } = useLocation()
  const session = useSession()
  const ability = useSessionAbility()
  const layoutPreference = useLayoutType()

  const matched = matches.flatMap((match) => (isRouteHandle(match.handle) ? [match.handle.route] : []))
  const current = matched.at(-1)
  useDocumentTitle(current)

  const decision = decideNavigation(
    matched.map((route) => route.meta),
    pathname,
    {
      ability,
      signedIn: session.signedIn,
      accessToken: session.accessToken,
      role: session.userData?.role ?? null,
    },
    { search, afterSignIn: afterSignInOf(state) },
  )
  if (!decision.allow) return <Navigate to={decision.redirectTo} replace />

  const layout = current ? resolveLayout(current.meta.layout, layoutPreference) : 'full'
  return (
    <AbilityProvider value={ability}>
      <SkipLink />
      <ErrorBoundary key={layout} fallback={(error) => <AppErrorView error={error} />}>
        {layout === 'full' ? (
          <FullLayout />
        ) : (
          <Suspense fallback={<LoadingOverlay />}>{layout === 'vertical' ? <VerticalLayout /> : <HorizontalLayout />}</Suspense>
        )}
      </ErrorBoundary>
      <ScrollToTop />
      <ScrollRestoration />
    </AbilityProvider>
  )
}
