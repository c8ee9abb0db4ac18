import { z } from 'zod'
import { notFound, type RouteDoc } from './route-doc'

export const httpDocs = {
  healthz: {
    summary: 'Liveness',
    description:
      '`?details` adds the event-loop delay of the last 5 s and the admission figures, for operators only (loopback, an admin’s token, or HEALTH_DETAILS=public); anyone else gets the minimal answer.',
    query: z.object({ details: z.string().optional() }),
    responses: {
      200: {
        description: 'Alive.',
        body: z.looseObject({ status: z.literal('ok'), eventLoopDelayMs: z.looseObject({}).optional(), admission: z.looseObject({}).optional() }),
      },
    },
  },
  readyz: {
    summary: 'Readiness: the database answers',
    description: 'Pings the database within READYZ_TIMEOUT_MS.',
    responses: {
      200: { description: 'Ready.', body: z.object({ status: z.literal('ready'), database: z.string() }) },
      503: { description: 'The database does not answer.', body: z.object({ status: z.literal('unavailable'), database: z.string() }) },
    },
  },
  graphiql: {
    summary: 'GraphiQL’s own files (scripts, styles, workers)',
    description: 'Served from this server so GraphiQL works offline; a 404 when GraphiQL is off (GRAPHIQL).',
    responses: { 200: { description: 'The file.', contentType: 'text/javascript', body: z.string() }, 404: notFound('Unknown file, or GraphiQL off') },
  },
} satisfies Record<string, RouteDoc>
