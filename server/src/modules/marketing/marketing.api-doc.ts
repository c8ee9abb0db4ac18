import { z } from 'zod'
import { okAnswer, type RouteDoc } from '../../http/route-doc'

const signed = { m: z.string().optional().meta({ description: 'The mailing.' }), s: z.string().optional().meta({ description: 'The signature of the link.' }) }

export const marketingDocs = {
  open: {
    summary: 'A marketing mail’s open pixel',
    description: 'Always a 1×1 GIF; the open is recorded only when the link is signed.',
    query: z.object(signed),
    responses: { 200: { description: 'The pixel.', contentType: 'image/gif', body: z.string().meta({ format: 'binary' }) } },
  },
  click: {
    summary: 'A marketing mail’s link',
    description: 'Redirects only to the product’s own address or a host in MARKETING_REDIRECT_HOSTS, and only when signed; anything else is a 400.',
    query: z.object({ ...signed, url: z.string().optional() }),
    responses: { 302: { description: 'To the link’s address.', headers: { Location: 'The address.' } } },
  },
  unsubscribe: {
    summary: 'Unsubscribe from marketing mail',
    body: z.object({ token: z.string().meta({ description: 'The token of the mail’s unsubscribe link.' }) }),
    responses: { 200: { description: 'Unsubscribed.', body: okAnswer } },
  },
} satisfies Record<string, RouteDoc>
