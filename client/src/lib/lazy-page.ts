import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { ChunkLoadError, loadChunk } from './chunk-load'
import { i18n } from './i18n'

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /**
   * Starts loading the chunk (and the translation namespaces it needs) ahead of rendering,
   * e.g. for the first screen while the app starts. Rendering uses the same load.
   */
  preload(): Promise<unknown>
  /**
   * preload(), then the data of the page's first render: a page module may export
   * `preloadData()` (e.g. start its main query), called once the chunk has loaded. For the
   * first screen, where the layout still has to load and render before the page asks for it.
   */
  preloadWithData(): Promise<unknown>
}

/** What a page module may export besides its component. */
interface PageModule {
  preloadData?: () => Promise<unknown>
}

export interface LazyPageOptions {
  /** i18next namespaces the page reads (features/<feature>/locales): fetched with the chunk, not after it renders. */
  namespaces?: string[]
}

/** i18next can load namespaces once it has initialised (main.tsx starts page loads during init). */
function i18nInitialized(): Promise<void> {
  if (i18n.isInitialized) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      i18n.off('initialized', done)
      resolve()
    }
    i18n.on('initialized', done)
  })
}

function loadNamespaces(namespaces: string[] | undefined): Promise<unknown> | undefined {
  if (!namespaces?.length) return undefined
  // A namespace that fails here is loaded again by useTranslation when the page renders.
  return i18nInitialized()
    .then(() => i18n.loadNamespaces(namespaces))
    .catch(() => undefined)
}

/**
 * React.lazy with a named chunk, the 120 s timeout and a ChunkLoadError that says which
 * chunk failed and how. The error reaches the nearest error boundary (RouteContent).
 */
export function lazyPage<P extends object>(chunk: string, importer: () => Promise<{ default: ComponentType<P> }>, options: LazyPageOptions = {}): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null
  const load = () => {
    loading ??= (async () => {
      const [module] = await Promise.all([loadChunk(chunk, importer), loadNamespaces(options.namespaces)])
      if (typeof module.default !== 'function' && typeof module.default !== 'object') {
        throw new ChunkLoadError(chunk, 'evaluation')
      }
      return module
    })().catch((error: unknown) => {
      // A failed load is tried again by the next render or preload.
      loading = null
      throw error
    })
    return loading
  }
  return Object.assign(lazy(load), {
    preload: () => load(),
    preloadWithData: () => load().then((module) => (module as PageModule).preloadData?.()),
  })
}
