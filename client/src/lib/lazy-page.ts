import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { ChunkLoadError, loadChunk } from './chunk-load';

/**
 * React.lazy with a named chunk, the 120 s timeout and a ChunkLoadError that says which
 * chunk failed and how. The error reaches the nearest error boundary (RouteContent).
 */
export function lazyPage<P extends object>(
  chunk: string,
  importer: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const module = await loadChunk(chunk, importer);
    if (typeof module.default !== 'function' && typeof module.default !== 'object') {
      throw new ChunkLoadError(chunk, 'evaluation');
    }
    return module;
  });
}
