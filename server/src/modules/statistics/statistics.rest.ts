import { rule } from '../../permissions/abilities'
import type { Context, Hono } from 'hono'
import { isAppError } from '../../errors'
import { guarded, type AppEnv } from '../../http/guarded'
import { statisticsDocs } from './statistics.api-doc'

/** An unknown card is a 404 with no body (spec §8), like any missing record. */
async function cardOr404(c: Context<AppEnv>, read: () => Promise<unknown>): Promise<Response> {
  try {
    return c.json(await read())
  } catch (e) {
    if (isAppError(e) && e.code === 'NOT_FOUND') return c.body(null, 404)
    throw e
  }
}

/**
 * The spec's statistics calls (§7) in their exact shapes: GET /card/card-statistics/{name},
 * /card/card-analytics/{name}, /analytics/data, /ecommerce/data (admins and resellers; an
 * unknown card is a 404 with no body), and GET /profile/data (anyone signed in, their own).
 */
export function mountStatisticsRoutes(app: Hono<AppEnv>) {
  // Statistics cards and dashboards (spec §7): signed in; the statistics service lets admins
  // and resellers through (a reseller's figures are their clients') and refuses clients.
  guarded(app, 'GET', '/card/card-statistics/:name', rule.signedIn, statisticsDocs.cardStatistic, (c, principal) =>
    cardOr404(c, () => c.get('services').statistics.cardStatistic(principal, c.req.param('name') ?? '')),
  )
  guarded(app, 'GET', '/card/card-analytics/:name', rule.signedIn, statisticsDocs.cardAnalytic, (c, principal) =>
    cardOr404(c, () => c.get('services').statistics.cardAnalytic(principal, c.req.param('name') ?? '')),
  )
  guarded(app, 'GET', '/analytics/data', rule.signedIn, statisticsDocs.analytics, async (c, principal) =>
    c.json(await c.get('services').statistics.analyticsData(principal)),
  )
  guarded(app, 'GET', '/ecommerce/data', rule.signedIn, statisticsDocs.ecommerce, async (c, principal) =>
    c.json(await c.get('services').statistics.ecommerceData(principal)),
  )
  // The caller's own public profile.
  guarded(app, 'GET', '/profile/data', rule.signedIn, statisticsDocs.profile, async (c, principal) =>
    c.json(await c.get('services').profile.profileData(principal)),
  )
}
