import type { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { guarded, type AppEnv } from '../../http/guarded'
import type { PlatformName } from '../../platforms/types'
import { panelPath } from './channels.service'

/**
 * The OAuth callbacks (the browser comes back from Twitch or Kick; the state ties the round
 * trip to the user who started it) and Kick's webhook receiver. Callbacks always redirect,
 * with `connected=<platform>` or `error=<code>`, never a 500 or a stack trace.
 */
export function mountChannelRoutes(app: Hono<AppEnv>) {
  for (const platform of ['twitch', 'kick'] as const satisfies readonly PlatformName[]) {
    guarded(app, 'GET', `/apps/oauth/${platform}/callback`, async (c) => {
      let target: string
      try {
        target = await c.get('services').channels.completeConnection(platform, {
          code: c.req.query('code'),
          state: c.req.query('state'),
          error: c.req.query('error'),
        })
      } catch {
        target = `${panelPath[platform]}?error=server_error`
      }
      c.header('cache-control', 'no-store')
      c.header('referrer-policy', 'no-referrer')
      return c.redirect(target, 302)
    })
  }

  app.use('/apps/webhooks/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: 'Payload too large' }, 413) }))
  guarded(app, 'POST', '/apps/webhooks/kick', async (c) => {
    const raw = await c.req.text()
    const answer = await c.get('services').kickWebhooks.receive((n) => c.req.header(n), raw)
    return c.json(answer.body, answer.status)
  })
}
