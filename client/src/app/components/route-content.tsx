import { Suspense, useEffect, useState } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import styled, { keyframes } from 'styled-components'
import { ErrorBoundary } from '../../components/ui/error-boundary'
import { ScreenLoadingState } from '../../components/ui/loading-state'
import { firstPageShown, markFirstPageShown } from '../../lib/first-page'
import { lazyPage } from '../../lib/lazy-page'
import { MenuContext } from '../../lib/menu-context'
import { useNavigation } from '../use-navigation'
import { AppErrorView } from './app-error'
import { PageViews } from './page-views'

const zoomFade = keyframes`
  from { opacity: 0; transform: scale(0.97); }
  to { opacity: 1; transform: none; }
`

/** zoom-fade route transition (CSS only); none for people who ask for reduced motion. */
const StyledZoomFade = styled.div<{ $animate: boolean }>`
  animation: ${({ $animate }) => ($animate ? zoomFade : 'none')} ${({ theme }) => theme.durations.route} ease-out both;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`

const AppGraphql = lazyPage('app-graphql', () => import('./app-graphql'))

/** Starts loading the app layouts' Apollo set-up (app-graphql.tsx) before it renders. */
export function preloadAppGraphql(): Promise<unknown> {
  return AppGraphql.preload()
}

/** Holds the content area's place while a page (or Apollo) loads. */
function PageLoading() {
  return <ScreenLoadingState testId="page-loading" />
}

/**
 * The page, with the zoom-fade when it comes from another page. The first page of the visit is
 * shown as it is: fading it in would only hold back the first screen (and the browser does not
 * count text that first paints transparent as the page's largest content).
 */
function RoutedPage() {
  const [animate] = useState(firstPageShown)
  useEffect(markFirstPageShown, [])
  return (
    <StyledZoomFade $animate={animate}>
      <PageViews />
      <Outlet />
    </StyledZoomFade>
  )
}

/**
 * The routed page. Keyed by path, so every navigation mounts a fresh Suspense boundary
 * (a loading state shows in the content area while the page chunk loads — the menu and top
 * bar stay — and is gone once it renders) and a fresh error boundary (a failed chunk shows
 * the chunk error page).
 */
export function RouteContent() {
  const { pathname } = useLocation()
  return (
    <ErrorBoundary key={pathname} fallback={(error) => <AppErrorView error={error} />}>
      <Suspense fallback={<PageLoading />}>
        <RoutedPage />
      </Suspense>
    </ErrorBoundary>
  )
}

/**
 * The app layouts' content area: the routed page under Apollo (app-graphql.tsx). Apollo loads
 * with the first page, behind the same loading state, so the shell around it paints without
 * waiting for it. A failure to load it shows in the content area, with a reload.
 */
export function AppRouteContent() {
  // The pages read the menu (lib/menu-context.ts) without importing the app.
  return (
    <MenuContext.Provider value={useNavigation()}>
      <ErrorBoundary fallback={(error) => <AppErrorView error={error} />}>
        <Suspense fallback={<PageLoading />}>
          <AppGraphql>
            <RouteContent />
          </AppGraphql>
        </Suspense>
      </ErrorBoundary>
    </MenuContext.Provider>
  )
}
