import { existsSync, readFileSync } from 'node:fs'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono } from 'hono'
import { acceptsEncoding } from './compress'
import type { AppEnv } from './guarded'

/** A browser opening a page (GET or HEAD asking for HTML), as opposed to an API call. */
function isNavigation(c: Context<AppEnv>): boolean {
  const method = c.req.method
  if (method !== 'GET' && method !== 'HEAD') return false
  if (c.req.header('sec-fetch-mode') === 'navigate') return true
  return (c.req.header('accept') ?? '').includes('text/html')
}

/**
 * The built client: its assets (precompressed, cached for a year), and index.html for every
 * browser navigation the routes before did not answer. An unknown path under /jwt or /apps, or
 * any other data path, is a plain 404 for an API client.
 */
export function spaFallback(app: Hono<AppEnv>, dist: string, indexFile: string) {
  // An unknown path under /jwt or /apps is a plain 404 for an API client; a browser navigation
  // (GET asking for HTML) gets the app, which shows the page or its own 404.
  app.all('/jwt/*', (c, next) => (isNavigation(c) ? next() : c.body(null, 404)))
  app.all('/apps/*', (c, next) => (isNavigation(c) ? next() : c.body(null, 404)))

  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable')
  })
  // `npm run build` writes a brotli and a gzip copy of every text asset (client/vite.config.ts).
  if (existsSync(dist)) app.use('*', serveStatic({ root: dist, precompressed: true }))
  // index.html with the brotli and gzip copies the build wrote beside it (read once).
  let indexHtml: { plain: string; br?: Buffer; gzip?: Buffer } | undefined
  const readBeside = (suffix: string) => (existsSync(indexFile + suffix) ? readFileSync(indexFile + suffix) : undefined)
  app.get('*', (c) => {
    // Data paths the server does not answer are a 404 with no body: only a navigation gets the app.
    if (!isNavigation(c)) return c.body(null, 404)
    indexHtml ??= existsSync(indexFile) ? { plain: readFileSync(indexFile, 'utf8'), br: readBeside('.br'), gzip: readBeside('.gz') } : undefined
    if (!indexHtml) return c.text('The client is not built. Run `npm run build` (npm start does it for you).', 503)
    c.header('cache-control', 'no-cache')
    c.header('vary', 'Accept-Encoding')
    const accepted = c.req.header('accept-encoding')
    const coding = indexHtml.br && acceptsEncoding(accepted, 'br') ? 'br' : indexHtml.gzip && acceptsEncoding(accepted, 'gzip') ? 'gzip' : undefined
    if (!coding) return c.html(indexHtml.plain)
    c.header('content-encoding', coding)
    c.header('content-type', 'text/html; charset=UTF-8')
    return c.body(new Uint8Array(indexHtml[coding]!))
  })
}
