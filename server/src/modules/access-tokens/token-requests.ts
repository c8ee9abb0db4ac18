import type { MiddlewareHandler } from 'hono'
import { RateLimitedError, type LimitStore } from '../../auth/rate-limit'
import type { AppEnv } from '../../http/guarded'
import type { Logger } from '../../logger'
import { runInTokenRequest } from '../../permissions/token-scopes'
import { hashSecret, looksLikeToken, wellFormed } from './secret'

export interface TokenRequestDeps {
  limitStore: LimitStore
  ms: () => number
  log: Logger
  /** Requests per window and the window (ms). */
  limit: number
  windowMs: number
  touch: (hash: string, address: string) => Promise<void>
}

const BEARER = /^Bearer\s+(\S+)$/i

/**
 * Every request that carries a personal access token, before any route: counts it against the
 * token's limit (a fixed window in the abuse limits' store, so Redis shares it between
 * processes) and says so in the IETF `RateLimit-*` headers, 429 with `Retry-After` past it;
 * opens the request's channel holder (permissions/token-scopes.ts); records the last use after a
 * call the token was accepted for. It keys the count by the secret's hash, so it reads no
 * principal: the route's own principal lookup stays the request's one cache lookup.
 */
export function tokenRequests(deps: TokenRequestDeps): MiddlewareHandler<AppEnv> {
  const { limitStore, ms, log, limit, windowMs, touch } = deps
  const policy = `${limit};w=${Math.round(windowMs / 1000)}`
  return async (c, next) => {
    const secret = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
    if (!secret || !looksLikeToken(secret)) return next()
    // A malformed token is refused by the route (401) without counting.
    if (!wellFormed(secret)) return runInTokenRequest(next)
    const hash = hashSecret(secret)
    const now = ms()
    const r = await limitStore.hit(`token:${hash.slice(0, 32)}`, now, windowMs, false)
    const reset = Math.max(1, Math.ceil((r.expiresAt - now) / 1000))
    const headers = {
      'RateLimit-Policy': policy,
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - r.count)),
      'RateLimit-Reset': String(reset),
    }
    if (r.count > limit) {
      for (const [k, v] of Object.entries(headers)) c.header(k, v)
      throw new RateLimitedError(reset)
    }
    await runInTokenRequest(next)
    // On the response's own headers (see http/request-context.ts: c.header() after next() rebuilds a stream).
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v)
    if (c.res.status !== 401) void touch(hash, c.get('clientKey')).catch((e: unknown) => log.warn({ err: e }, 'access token: last use not recorded'))
  }
}
