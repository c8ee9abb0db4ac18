import { z } from 'zod'
import type { RouteDoc } from '../../http/route-doc'

const refused = z.object({ ok: z.literal(false), error: z.string(), code: z.string() })

export const channelDocs = {
  oauthCallback: {
    summary: 'OAuth callback of a channel connection (the platform redirects the browser here)',
    description:
      'The single-use `state` names the user who started it, the binding cookie the browser. Always redirects back to the app: `confirm=<id>` (confirm the account in the app) or `error=<code>`.',
    query: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }),
    responses: { 302: { description: 'Back to the app’s channel panel.', headers: { Location: 'The panel with confirm= or error=.' } } },
  },
  kickWebhook: {
    summary: 'Kick’s webhook receiver',
    description: 'For Kick only: every delivery’s RSA signature is verified before anything is read; bodies over 64 KiB are refused (413).',
    body: z.looseObject({}).meta({ description: 'Kick’s event payload.' }),
    responses: {
      200: { description: 'Accepted (also a repeated delivery).', body: z.object({ ok: z.literal(true) }) },
      400: { description: 'A malformed delivery.', body: refused },
      401: { description: 'A bad or missing signature.', body: refused },
      413: { description: 'Too large.', body: z.object({ error: z.string() }) },
    },
  },
} satisfies Record<string, RouteDoc>
