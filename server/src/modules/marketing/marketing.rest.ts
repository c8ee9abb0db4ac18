import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import { PIXEL_GIF } from './marketing.service'
import { marketingDocs } from './marketing.api-doc'

/**
 * Marketing mail links: the open pixel (always a 1×1 GIF; recorded when signed), the click
 * redirect (only to MARKETING_REDIRECT_HOSTS, signed; anything else 400), and unsubscribe.
 */
export function mountMarketingRoutes(app: Hono<AppEnv>) {
  // Marketing mail links are opened from mail clients, without a token; they are signed.
  guarded(app, 'GET', '/apps/marketing/open', rule.public, marketingDocs.open, async (c) => {
    await c.get('services').marketing.recordOpen(c.req.query('m'), c.req.query('s'))
    return c.body(new Uint8Array(PIXEL_GIF), 200, {
      'content-type': 'image/gif',
      'cache-control': 'no-store, max-age=0',
      'content-length': String(PIXEL_GIF.length),
    })
  })

  guarded(app, 'GET', '/apps/marketing/click', rule.public, marketingDocs.click, async (c) => {
    const href = await c.get('services').marketing.click(c.req.query('m'), c.req.query('url'), c.req.query('s'))
    c.header('cache-control', 'no-store')
    c.header('referrer-policy', 'no-referrer')
    return c.redirect(href, 302)
  })

  guarded(app, 'POST', '/apps/marketing/unsubscribe', rule.public, marketingDocs.unsubscribe, async (c) => {
    await c.get('services').marketing.unsubscribe((await jsonBody(c)).token)
    return c.json({ ok: true })
  })
}
