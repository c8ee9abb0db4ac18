import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { guarded, type AppEnv } from '../../http/guarded'
import { accountDocs } from './account.api-doc'

/** GET /account-setting/data: the signed-in user's settings, {general, info, social, notification}. */
export function mountAccountRoutes(app: Hono<AppEnv>) {
  guarded(app, 'GET', '/account-setting/data', rule.signedIn, accountDocs.data, async (c, principal) => c.json(await c.get('services').account.get(principal)))
}
