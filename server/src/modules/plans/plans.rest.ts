import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { guarded, type AppEnv } from '../../http/guarded'
import { localeFromHeader } from '../help/help.service'
import { plansDocs } from './plans.api-doc'

/** GET /pricing/data and /pricing/kick/data: the pricing page's data, from the plans table (public), in the Accept-Language. */
export function mountPricingRoutes(app: Hono<AppEnv>) {
  guarded(app, 'GET', '/pricing/data', rule.public, plansDocs.twitch, async (c) =>
    c.json(await c.get('services').plans.pricing('twitch', localeFromHeader(c.req.header('accept-language')))),
  )
  guarded(app, 'GET', '/pricing/kick/data', rule.public, plansDocs.kick, async (c) =>
    c.json(await c.get('services').plans.pricing('kick', localeFromHeader(c.req.header('accept-language')))),
  )
}
