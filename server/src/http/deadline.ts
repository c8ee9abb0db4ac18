import type { MiddlewareHandler } from 'hono'
import type { DocumentNode, OperationDefinitionNode } from 'graphql'
import type { Plugin } from 'graphql-yoga'
import { dbActivity, type DbActivity } from '../db/resilience'
import type { Logger } from '../logger'
import type { AppEnv } from './guarded'

const MESSAGE = 'The server could not answer in time; try again'

/**
 * A deadline per request: when the response is not ready within `ms`, the caller gets a
 * coded 503 SERVICE_UNAVAILABLE (a GraphQL-shaped body on /graphql) and the log says what the
 * request was waiting for (route, GraphQL operation, the database statements in flight).
 * The work itself is not cancelled; its late result is dropped. The deadline ends when the
 * response starts, so a streaming response (the SSE `chatMessages` subscription) lives on.
 */
export function requestDeadline(opts: { ms: number; log: Logger; skip?: (path: string) => boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (opts.skip?.(c.req.path)) return next()
    const activity: DbActivity = { pending: new Map() }
    let timer: ReturnType<typeof setTimeout> | undefined
    const work = dbActivity.run(activity, next)
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), opts.ms)
    })
    const first = await Promise.race([work, expired]).finally(() => clearTimeout(timer))
    if (first !== 'expired') return
    work.catch(() => {
      /* the late outcome has no one to go to */
    })
    opts.log.warn(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        route: c.req.routePath,
        operation: activity.operation,
        waitingFor: activity.pending.size ? [...activity.pending.values()] : 'no database statement (application code or a queue)',
        deadlineMs: opts.ms,
      },
      'request deadline exceeded',
    )
    const code = 'SERVICE_UNAVAILABLE'
    return c.req.path === '/graphql' ? c.json({ errors: [{ message: MESSAGE, extensions: { code } }] }, 503) : c.json({ error: MESSAGE, code }, 503)
  }
}

/** The operation a log line names: its name, else its kind (query, mutation, subscription). */
export function operationLabel(args: { document: DocumentNode; operationName?: string | null }): string | undefined {
  const op = args.document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')
  return args.operationName ?? op?.name?.value ?? op?.operation
}

/** Records the GraphQL operation on the request's activity, for the deadline's log line. */
export const operationForDeadline: Plugin = {
  onExecute({ args }) {
    const activity = dbActivity.getStore()
    if (activity) activity.operation = operationLabel(args)
  },
}
