import type { Hono } from 'hono'
import { guarded, type AppEnv } from '../../http/guarded'

/** GET /pricing/data and /pricing/kick/data: the pricing page's data, from the plans table (public). */
export function mountPricingRoutes(app: Hono<AppEnv>) {
  guarded(app, 'GET', '/pricing/data', async (c) => c.json(await c.get('services').plans.pricing('twitch')))
  guarded(app, 'GET', '/pricing/kick/data', async (c) => c.json(await c.get('services').plans.pricing('kick')))
}
