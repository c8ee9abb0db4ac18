import type { Hono } from 'hono'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { withDeadline } from '../db/resilience'
import { rule } from '../permissions/abilities'
import type { AdmissionController } from './admission'
import { guarded, type AppEnv } from './guarded'
import { mayReadHealthDetails } from './health-details'
import type { LoopDelay } from './loop-monitor'
import { httpDocs } from './http.api-doc'

/**
 * `/healthz` is public and minimal. `?details` adds the event-loop delay of the last 5 s and the
 * admission figures for operators only (loopback, an admin's token, or HEALTH_DETAILS=public);
 * anyone else gets the minimal answer, so a load balancer probing `?details` keeps working.
 * `/readyz` pings the database within READYZ_TIMEOUT_MS.
 */
export function healthRoutes(app: Hono<AppEnv>, deps: { config: Config; database: Database; admitter: AdmissionController; loopDelay: () => LoopDelay }) {
  const { config, database, admitter, loopDelay } = deps
  guarded(app, 'GET', '/healthz', rule.public, httpDocs.healthz, async (c) =>
    c.json(
      c.req.query('details') !== undefined && (await mayReadHealthDetails(c, config.HEALTH_DETAILS))
        ? { status: 'ok', eventLoopDelayMs: loopDelay(), admission: admitter.snapshot() }
        : { status: 'ok' },
    ),
  )
  guarded(app, 'GET', '/readyz', rule.public, httpDocs.readyz, async (c) => {
    try {
      await withDeadline(database.ping(), config.READYZ_TIMEOUT_MS, 'The database')
      return c.json({ status: 'ready', database: database.kind })
    } catch {
      return c.json({ status: 'unavailable', database: database.kind }, 503)
    }
  })
}
