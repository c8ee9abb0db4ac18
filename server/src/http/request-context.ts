import { randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import type { Logger } from '../logger'
import type { Services } from '../services'
import type { AppEnv } from './guarded'

// Paths of the API (logged per request). A data path of spec §7 the server does not answer (yet) is a
// 404 with no body for an API client; only a browser navigation gets the app (see http/spa-fallback.ts).
const API_PREFIXES = [
  '/graphql',
  '/api/',
  '/graphiql/',
  '/jwt/',
  '/apps/',
  '/faq/',
  '/kb/',
  '/card/',
  '/analytics/',
  '/ecommerce/',
  '/profile/',
  '/pricing/',
  '/account-setting/',
  '/blog/',
  '/good-table/',
  '/autosuggest/',
  '/healthz',
  '/readyz',
]

function clientKeyOf(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'local' // in-process requests (tests) have no socket
  }
}

/** Sets the request id, client key and services on the context; logs API requests; says `Connection: close` while draining. */
export function requestContext(deps: { services: Services; log: Logger; trustProxy: boolean; shutdown?: AbortSignal }): MiddlewareHandler<AppEnv> {
  const { services, log, trustProxy, shutdown } = deps
  return async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID()
    c.set('requestId', requestId)
    c.set('clientKey', clientKeyOf(c, trustProxy))
    c.set('services', services)
    const started = performance.now()
    await next()
    // On the response's own headers: c.header() after next() would rebuild the response
    // around a stream (see http/compress.ts).
    c.res.headers.set('x-request-id', requestId)
    // Draining: this connection is not reused, so keep-alive clients move to another process.
    if (shutdown?.aborted) c.res.headers.set('connection', 'close')
    const path = c.req.path
    if (API_PREFIXES.some((p) => path.startsWith(p))) {
      log.info({ requestId, method: c.req.method, path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request')
    }
  }
}
