import type { ErrorHandler } from 'hono'
import { isRateLimited } from '../auth/rate-limit'
import { asServiceUnavailable } from '../db/resilience'
import { isAppError } from '../errors'
import type { Logger } from '../logger'
import type { AppEnv } from './guarded'

/** A coded error as JSON with its status (Retry-After when rate-limited); anything else logged and a bare 500. */
export function errorHandler(log: Logger): ErrorHandler<AppEnv> {
  return (thrown, c) => {
    const err = asServiceUnavailable(thrown) ?? thrown
    if (isAppError(err)) {
      if (isRateLimited(err)) c.header('Retry-After', String(err.retryAfterSeconds))
      return c.json({ error: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) }, err.status as 400)
    }
    log.error({ err, requestId: c.get('requestId') }, 'unhandled error')
    return c.json({ error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' }, 500)
  }
}
