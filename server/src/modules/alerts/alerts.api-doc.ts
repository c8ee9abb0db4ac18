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
      'The first event is `hello` (its alert types, whether bot lines are hidden, the last 20 chat lines); then alerts and chat lines as they happen.',
    params: key,
    responses: {
      200: { description: 'The event stream.', contentType: 'text/event-stream', body: z.string() },
      404: notFound('Unknown or replaced key'),
      429: { description: 'The overlay is open too many times.' },
    },
  },
} satisfies Record<string, RouteDoc>
