import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { getConnInfo } from '@hono/node-server/conninfo'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import { secureHeaders } from 'hono/secure-headers'
import { isRateLimited } from './auth/rate-limit'
import type { Config } from './config'
import type { Database } from './db/client'
import { asServiceUnavailable, withDeadline } from './db/resilience'
import { AppError, isAppError } from './errors'
import { graphiqlAsset } from './graphql/graphiql'
import { fromYoga, yogaRequest } from './graphql/http'
import { createGraphQL } from './graphql/yoga'
import { requestDeadline } from './http/deadline'
import { AdmissionController, admission } from './http/admission'
import { clientFiles } from './http/client-files'
import { acceptsEncoding, compressLarge } from './http/compress'
import { guarded, type AppEnv } from './http/guarded'
import { rule } from './permissions/abilities'
import { inlineScriptHashes } from './http/inline-script-hashes'
import { mayReadHealthDetails } from './http/health-details'
import { limitBody } from './http/too-large'
import { startLagProbe, startLoopMonitor } from './http/loop-monitor'
import type { Logger } from './logger'
import { modules } from './modules'
import type { Services } from './services'

// Paths of the API (logged per request). A data path of spec §7 the server does not answer (yet) is a
// 404 with no body for an API client; only a browser navigation gets the app (see the fallback below).
const API_PREFIXES = [
  '/graphql',
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

/** A browser opening a page (GET or HEAD asking for HTML), as opposed to an API call. */
function isNavigation(c: Context<AppEnv>): boolean {
  const method = c.req.method
  if (method !== 'GET' && method !== 'HEAD') return false
  if (c.req.header('sec-fetch-mode') === 'navigate') return true
  return (c.req.header('accept') ?? '').includes('text/html')
}

/**
 * The HTTP front: security headers, CORS, request ids and logs, /graphql, the REST shims,
 * health checks and the built client with an SPA fallback — one port.
 */
export function createApp(deps: {
  config: Config
  database: Database
  services: Services
  log: Logger
  /** Aborted when the server shuts down: live subscriptions end (graphql/end-on-shutdown.ts), answers say `Connection: close`. */
  shutdown?: AbortSignal
}) {
  const { config, database, services, log, shutdown } = deps
  const app = new Hono<AppEnv>()
  const yoga = createGraphQL({ config, services, log, shutdown })
  const graphiql = config.GRAPHIQL
  const lagProbe = config.MAX_LOOP_LAG_MS > 0 ? startLagProbe() : undefined
  const admitter = new AdmissionController({
    maxInflight: config.MAX_INFLIGHT,
    maxQueue: config.MAX_QUEUE,
    maxWaitMs: config.QUEUE_TIMEOUT_MS,
    queueTargetMs: config.QUEUE_TARGET_MS,
    retryAfterSeconds: 1,
    maxLoopLagMs: config.MAX_LOOP_LAG_MS,
    loopLag: lagProbe?.lag,
  })
  const loop = startLoopMonitor({ log, context: () => ({ admission: admitter.snapshot() }) })
  const dist = resolve(config.CLIENT_DIST)

  // First of all: a refusal costs as little as possible (no request id, no log line per refused
  // request: the counts are in /healthz?details and in the stall warnings). The built client's
  // files are never refused.
  app.use('*', admission(admitter, clientFiles(dist)))

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID()
    c.set('requestId', requestId)
    c.set('clientKey', clientKeyOf(c, config.TRUST_PROXY))
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
  })

  // Larger dynamic answers (JSON, the app's HTML) gzipped for clients that accept it; never an
  // SSE stream. Built assets are served precompressed (below).
  app.use('*', compressLarge(1024))

  const indexFile = join(dist, 'index.html')
  // The built index.html's own inline script (the skin before the first paint), allowed by its hash.
  const indexScripts = existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : []
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Scripts only from this server (GraphiQL's too, see graphql/graphiql.ts); inline only index.html's own, by hash.
      scriptSrc: ["'self'", ...indexScripts, 'https://www.googletagmanager.com'],
      // styled-components (and GraphiQL's editor) set style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // GraphiQL's stylesheet carries its fonts as data: URLs.
      fontSrc: ["'self'", 'data:'],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'", 'https://www.google-analytics.com', ...firebaseConnectSources(config)],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
  })
  // A built file (script, style, font, image) is no document: the policy, framing, referrer
  // and transport rules act on the page that loads it. It keeps what applies to a subresource
  // (no sniffing, same-origin loads only), about 1 KiB less on each of the first screen's
  // requests (HTTP/1.1 does not compress headers).
  const assetHeaders = secureHeaders({
    contentSecurityPolicy: undefined,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  })
  app.use('*', (c, next) => (c.req.path.startsWith('/assets/') ? assetHeaders(c, next) : documentHeaders(c, next)))
  if (config.CORS_ORIGINS.length > 0) {
    app.use('*', cors({ origin: config.CORS_ORIGINS, allowHeaders: ['authorization', 'content-type', 'x-request-id'] }))
  }
  // Inside the security headers and CORS, so a timed-out answer carries them; /readyz has its own, shorter deadline.
  app.use('*', requestDeadline({ ms: config.REQUEST_TIMEOUT_MS, log, skip: (path) => path === '/readyz' }))
  app.use('/jwt/*', limitBody(16 * 1024))
  app.use('/graphql', limitBody(256 * 1024))
  // Not on GET: bodyLimit reads c.req.raw, which makes @hono/node-server build a full Request.
  const appsBodyLimit = limitBody(64 * 1024)
  app.use('/apps/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : appsBodyLimit(c, next)))
  // A blog post with its cover image (up to ~150 KB as a data URL) fits the GraphQL limit too.
  const blogBodyLimit = limitBody(256 * 1024)
  app.use('/blog/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : blogBodyLimit(c, next)))

  app.onError((thrown, c) => {
    const err = asServiceUnavailable(thrown) ?? thrown
    if (isAppError(err)) {
      if (isRateLimited(err)) c.header('Retry-After', String(err.retryAfterSeconds))
      return c.json({ error: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) }, err.status as 400)
    }
    log.error({ err, requestId: c.get('requestId') }, 'unhandled error')
    return c.json({ error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' }, 500)
  })

  // `/healthz` is public and minimal. `?details` adds the event-loop delay of the last 5 s and the
  // admission figures for operators only (loopback, an admin's token, or HEALTH_DETAILS=public);
  // anyone else gets the minimal answer, so a load balancer probing `?details` keeps working.
  guarded(app, 'GET', '/healthz', rule.public, async (c) =>
    c.json(
      c.req.query('details') !== undefined && (await mayReadHealthDetails(c, config.HEALTH_DETAILS))
        ? { status: 'ok', eventLoopDelayMs: loop.last(), admission: admitter.snapshot() }
        : { status: 'ok' },
    ),
  )
  guarded(app, 'GET', '/readyz', rule.public, async (c) => {
    try {
      await withDeadline(database.ping(), config.READYZ_TIMEOUT_MS, 'The database')
      return c.json({ status: 'ready', database: database.kind })
    } catch {
      return c.json({ status: 'unavailable', database: database.kind }, 503)
    }
  })

  // Every module's REST routes (modules/index.ts).
  for (const module of modules) module.rest?.(app, { services, log, clientDist: dist, shutdown })

  // CSRF: the API takes bearer tokens, not cookies; still, only JSON (which needs a CORS
  // preflight cross-site) or an explicit preflight header reaches GraphQL operations.
  app.on(['GET', 'POST'], '/graphql', async (c) => {
    const type = c.req.header('content-type') ?? ''
    const wantsPage = c.req.method === 'GET' && (c.req.header('accept') ?? '').includes('text/html')
    const preflighted = Boolean(c.req.header('apollo-require-preflight') || c.req.header('x-graphql-csrf'))
    if (!wantsPage && !preflighted && !(c.req.method === 'POST' && type.includes('application/json'))) {
      throw new AppError('FORBIDDEN', 'GraphQL requests must be JSON POSTs or carry a preflight header')
    }
    // A resolver may set a cookie on this response (the browser binding of a channel connection).
    const cookies: string[] = []
    const serverContext = { clientKey: c.get('clientKey'), requestId: c.get('requestId'), setCookie: (v: string) => void cookies.push(v) }
    const res = await yoga.fetch(await yogaRequest(c, yoga.fetchAPI), serverContext)
    return fromYoga(c, res, cookies)
  })

  // GraphiQL's scripts, styles and workers (graphql/graphiql.ts): a 404 when GraphiQL is off.
  guarded(app, 'GET', '/graphiql/:file', rule.public, async (c) => {
    const asset = graphiql ? await graphiqlAsset(c.req.param('file') ?? '') : undefined
    if (!asset) return c.body(null, 404)
    c.header('content-type', asset.type)
    c.header('cache-control', 'public, max-age=3600')
    return c.body(asset.body as string)
  })

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

  return app
}

export type App = ReturnType<typeof createApp>

/** AUTH_PROVIDER=firebase: the browser's Firebase SDK talks to Google's identity endpoints (or the emulator). */
function firebaseConnectSources(config: Config): string[] {
  if (config.AUTH_PROVIDER !== 'firebase') return []
  if (config.FIREBASE_AUTH_EMULATOR_HOST) return [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`]
  return ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']
}
