import { z } from 'zod'
import { notFound, type RouteDoc } from '../../http/route-doc'

const key = z.object({ key: z.string().meta({ description: 'The overlay’s secret (the only credential; grants nothing else).' }) })

export const alertDocs = {
  page: {
    summary: 'An overlay page (browser source for OBS)',
    params: key,
    responses: {
      200: { description: 'The overlay’s HTML.', contentType: 'text/html', body: z.string() },
      404: notFound('Unknown or replaced key'),
      503: { description: 'The overlay is not built.' },
    },
  },
  events: {
    summary: 'An overlay’s live feed (server-sent events)',
    description:
      'The first event is `hello` (its alert types, whether bot lines are hidden, the last 20 chat lines); then alerts and chat lines as they happen. At most 10 streams per overlay are open at once (over every server process), and 3 previews.',
    params: key,
    query: z.object({
      preview: z.literal('1').optional().meta({ description: 'The alerts editor’s framed preview: bounded apart from the overlays on air.' }),
    }),
    responses: {
      200: { description: 'The event stream.', contentType: 'text/event-stream', body: z.string() },
      404: notFound('Unknown or replaced key'),
      429: { description: 'The overlay (or its preview) is open too many times.' },
      503: {
        description: 'Too many overlays are reconnecting at once; retry after the Retry-After seconds.',
        headers: { 'Retry-After': 'Seconds to wait before reconnecting.' },
      },
    },
  },
} satisfies Record<string, RouteDoc>
