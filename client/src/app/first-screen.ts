/**
 * Starts fetching the first screen's chunks while the app starts (i18n, first render): the
 * page of the address opened and, for a signed-in visitor on an app page, its layout (menu,
 * top bar) and the Apollo set-up of its content area. Without it each level waits for the one
 * before to render: entry, then layout, then page, then the page's translations. A signed-in
 * page's module may also start its data (its `preloadData` export, lib/lazy-page.ts) as soon
 * as its chunk is in, instead of after the layout and the page have rendered. Only a head start: the route guard still
 * decides what renders, and a chunk that fails here is fetched again when it renders.
 */
import { matchPath } from 'react-router-dom'
import { getLayoutType } from '../lib/preferences'
import { isSignedIn } from '../lib/session'
import { preloadLayout, resolveLayout } from './app-root'
import { PAGES } from './pages'
import { ROUTES } from './route-table'

export function preloadFirstScreen(pathname: string): void {
  const route = ROUTES.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname))
  if (!route) return
  const signedIn = isSignedIn()
  const ignore = () => undefined
  if (route.meta.layout === 'full') {
    // A signed-in visitor on the sign-in pages is sent on: nothing to fetch for them.
    if (!(signedIn && route.meta.redirectIfLoggedIn)) PAGES[route.page]?.preload().catch(ignore)
    return
  }
  // App pages send anonymous visitors to /login.
  if (!signedIn) return
  const layout = resolveLayout(route.meta.layout, getLayoutType())
  if (layout !== 'full') preloadLayout(layout).catch(ignore)
  PAGES[route.page]?.preloadWithData().catch(ignore)
}
