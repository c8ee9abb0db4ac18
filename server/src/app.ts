import { join, resolve } from 'node:path'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { Config } from './config'
import type { Database } from './db/client'
import { createGraphQL } from './graphql/yoga'
import { requestDeadline } from './http/deadline'
import { AdmissionController, admission } from './http/admission'
import { bodyLimits } from './http/body-limits'
import { clientFiles } from './http/client-files'
import { compressLarge } from './http/compress'
import { errorHandler } from './http/error-handler'
import { graphiqlRoute, graphqlRoute } from './http/graphql-route'
import type { AppEnv } from './http/guarded'
import { healthRoutes } from './http/health-routes'
import { openApiRoute } from './http/openapi-route'
import { startLagProbe, startLoopMonitor } from './http/loop-monitor'
import { requestContext } from './http/request-context'
import { securityHeaders } from './http/security-headers'
import { spaFallback } from './http/spa-fallback'
import type { Logger } from './logger'
import { modules } from './modules'
import type { Services } from './services'

/** Admission control (MAX_INFLIGHT, MAX_QUEUE, …, the event-loop lag) and the event-loop monitor read by /healthz. */
function createAdmission(config: Config, log: Logger) {
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
  return { admitter, loop }
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
  const { admitter, loop } = createAdmission(config, log)
  const dist = resolve(config.CLIENT_DIST)
  const indexFile = join(dist, 'index.html')

  // First of all: a refusal costs as little as possible (no request id, no log line per refused
  // request: the counts are in /healthz?details and in the stall warnings). The built client's
  // files are never refused.
  app.use('*', admission(admitter, clientFiles(dist)))
  app.use('*', requestContext({ services, log, trustProxy: config.TRUST_PROXY, shutdown }))
  // Larger dynamic answers (JSON, the app's HTML) gzipped for clients that accept it; never an
  // SSE stream. Built assets are served precompressed (http/spa-fallback.ts).
  app.use('*', compressLarge(1024))
  app.use('*', securityHeaders(config, indexFile))
  if (config.CORS_ORIGINS.length > 0) {
    app.use('*', cors({ origin: config.CORS_ORIGINS, allowHeaders: ['authorization', 'content-type', 'x-request-id'] }))
  }
  // Inside the security headers and CORS, so a timed-out answer carries them; /readyz has its own, shorter deadline.
  app.use('*', requestDeadline({ ms: config.REQUEST_TIMEOUT_MS, log, skip: (path) => path === '/readyz' }))
  bodyLimits(app)
  app.onError(errorHandler(log))
  // A personal access token's rate limit and channel holder, before any route (modules/access-tokens).
  app.use('*', services.accessTokens.requests)

  healthRoutes(app, { config, database, admitter, loopDelay: () => loop.last() })
  // Every module's REST routes (modules/index.ts).
  for (const module of modules) module.rest?.(app, { services, log, clientDist: dist, shutdown })
  graphqlRoute(app, yoga)
  graphiqlRoute(app, config.GRAPHIQL)
  openApiRoute(app)
  spaFallback(app, dist, indexFile)
  return app
}

export type App = ReturnType<typeof createApp>
