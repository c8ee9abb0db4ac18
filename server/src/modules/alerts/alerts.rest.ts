import { existsSync, readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { AppError } from '../../errors'
import { AdmissionController } from '../../http/admission'
import { guarded, type AppEnv } from '../../http/guarded'
import { rule } from '../../permissions/abilities'
import type { RestContext } from '../module'
import { createOverlayHub } from './overlay-hub'
import { alertDocs } from './alerts.api-doc'

/** Lines of chat an overlay's chat box starts with. */
const CHAT_BACKLOG = 20

/**
 * The overlay streams' own admission lane (http/admission.ts leaves them out of its queue):
 * after a restart thousands of overlays reconnect at once, each a few reads and then a stream
 * that holds no place. They wait here (long, in a queue of thousands) rather than be refused or
 * queue ahead of page loads; a few at a time, so the database pool stays free for the rest.
 */
export const OVERLAY_LANE = { maxInflight: 4, maxQueue: 10_000, maxWaitMs: 30_000, queueTargetMs: 30_000, retryAfterSeconds: 5 }

/**
 * The overlays (browser sources for OBS and other streaming software), on the app's origin:
 * `/overlay/<secret>` is the page (a separate small build, client/src/features/alerts/overlay),
 * `/overlay/<secret>/events` its live feed over server-sent events. The secret in the URL is
 * the only credential and grants nothing else; an unknown or replaced one is a 404 with no body.
 */
export function mountAlertRoutes(app: Hono<AppEnv>, opts: RestContext) {
  const { services } = opts
  const slots = services.overlaySlots
  const hub = createOverlayHub({ pubsub: services.pubsub, log: opts.log, current: (id) => services.alerts.overlayRow(id), slots })
  const lane = new AdmissionController(OVERLAY_LANE)
  opts.shutdown?.addEventListener('abort', () => {
    hub.close()
    void slots?.close()
  })
  const page = join(opts.clientDist, 'overlay', 'index.html')
  let html: string | undefined

  const secretHeaders = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' }

  guarded(app, 'GET', '/overlay/:key', rule.public, alertDocs.page, async (c) => {
    const row = await services.alerts.byKey(c.req.param('key') ?? '')
    if (!row) return c.body(null, 404, secretHeaders)
    html ??= existsSync(page) ? readFileSync(page, 'utf8') : undefined
    if (!html) return c.text('The overlay is not built. Run `npm run build`.', 503, secretHeaders)
    return c.html(html, 200, secretHeaders)
  })

  guarded(app, 'GET', '/overlay/:key/events', rule.public, alertDocs.events, async (c) => {
    const release = await lane.acquire().catch((e: unknown) => {
      c.header('retry-after', String(OVERLAY_LANE.retryAfterSeconds))
      throw e
    })
    try {
      const row = await services.alerts.byKey(c.req.param('key') ?? '')
      if (!row) return c.body(null, 404, secretHeaders)
      const [settings, chat] = await Promise.all([services.alerts.settingsOf(row.channelId), services.chat.recent(row.channelId, CHAT_BACKLOG)])
      const hello = {
        kind: 'hello',
        hideBot: row.hideBot,
        alerts: settings.filter((s) => s.overlay).map((s) => s.type),
        chat: chat
          .filter((m) => !(row.hideBot && m.fromBot))
          .map((m) => ({ kind: 'chat', id: m.platformMessageId, userId: m.userId, userName: m.userName, text: m.text, roles: m.roles, fromBot: m.fromBot })),
      }
      const preview = c.req.query('preview') === '1'
      // On the node server the stream is written to its response directly (overlay-hub.ts).
      const res = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing
      const stream = await hub.open(row, hello, { preview, res })
      if (!stream) {
        throw new AppError(
          'RATE_LIMITED',
          preview ? 'This overlay is previewed too many times; close one first' : 'This overlay is open too many times; close one first',
        )
      }
      return new Response(stream, { headers: { ...secretHeaders, 'content-type': 'text/event-stream; charset=utf-8', 'x-accel-buffering': 'no' } })
    } finally {
      release()
    }
  })

  return hub
}
