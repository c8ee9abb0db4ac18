import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { guarded, type AppEnv } from '../../http/guarded'
import type { PlatformName } from '../../platforms/types'
import { getCookie } from 'hono/cookie'
import { bindingCookieName, panelPath } from './channels.service'
import { channelDocs } from './channels.api-doc'

/**
 * The OAuth callbacks (the browser comes back from Twitch or Kick; the state ties the round
 * trip to the user who started it, the binding cookie to the browser that started it) and
 * Kick's webhook receiver. Callbacks always redirect, with `confirm=<id>` (the account waits
 * for the user's confirmation in the app) or `error=<code>`, never a 500 or a stack trace;
 * the binding cookie is cleared either way.
 */
export function mountChannelRoutes(app: Hono<AppEnv>) {
  for (const platform of ['twitch', 'kick'] as const satisfies readonly PlatformName[]) {
    // The browser returns from the platform without a bearer token; the single-use state names the user.
    guarded(app, 'GET', `/apps/oauth/${platform}/callback`, rule.public, channelDocs.oauthCallback, async (c) => {
      const channels = c.get('services').channels
      let target: string
      try {
        target = await channels.completeConnection(
          platform,
          { code: c.req.query('code'), state: c.req.query('state'), error: c.req.query('error') },
          getCookie(c, bindingCookieName(platform)),
        )
      } catch {
        target = `${panelPath[platform]}?error=server_error`
      }
      c.header('set-cookie', channels.bindingCookie(platform, null))
      c.header('cache-control', 'no-store')
      c.header('referrer-policy', 'no-referrer')
      return c.redirect(target, 302)
    })
  }

  app.use('/apps/webhooks/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: 'Payload too large' }, 413) }))
  // Kick calls it; every delivery's RSA signature is verified before anything is read.
  guarded(app, 'POST', '/apps/webhooks/kick', rule.public, channelDocs.kickWebhook, async (c) => {
    const raw = await c.req.text()
    const answer = await c.get('services').kickWebhooks.receive((n) => c.req.header(n), raw)
    return c.json(answer.body, answer.status)
  })
}
