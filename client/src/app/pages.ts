/**
 * One lazily loaded chunk per page (named for chunk-failure messages): the page a route names,
 * found by its place, features/<feature>/pages/<page>.tsx. Routes that share a page share its
 * chunk and its lazy component.
 */
import type { ComponentType } from 'react'
import { type LazyPage, lazyPage } from '../lib/lazy-page'
import { ROUTES } from './route-table'

export type PageProps = { title: string }

type PageModule = { default: ComponentType<PageProps> }

const PAGE_MODULES = import.meta.glob<PageModule>('../features/*/pages/*.tsx')

function pagesOfRoutes(): Record<string, LazyPage<PageProps>> {
  const pages: Record<string, LazyPage<PageProps>> = {}
  for (const route of ROUTES) {
    if (pages[route.page]) continue
    const [feature, file] = route.page.split('/') as [string, string]
    const importer = PAGE_MODULES[`../features/${feature}/pages/${file}.tsx`]
    if (!importer) throw new Error(`Route ${route.name}: no page features/${feature}/pages/${file}.tsx`)
    pages[route.page] = lazyPage<PageProps>(file, importer, route.namespaces ? { namespaces: [...route.namespaces] } : {})
  }
  return pages
}

/** route.page → its lazy page. */
export const PAGES: Readonly<Record<string, LazyPage<PageProps>>> = pagesOfRoutes()
