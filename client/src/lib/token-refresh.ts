/**
 * Single-flight access-token refresh (spec section 4: "On a 401 the app refreshes the
 * token once, stores the new pair, and replays queued requests").
 *
 * - Parallel callers share one POST /jwt/refresh-token; refresh tokens rotate, so the
 *   new pair (and userData) is always stored.
 * - A caller that got its 401 with an access token that has since been replaced gets the
 *   current token without a new refresh.
 * - A refused refresh (any 4xx, or no refresh token) clears the session and calls
 *   onSessionExpired once per failure. A network error or 5xx keeps the session (the
 *   server may just be restarting) and reports no token, so the caller surfaces its error.
 */
import { type AuthPayload, parseAuthPayload } from './session-types'

export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

export interface TokenStore {
  getAccessToken(): string | null
  getRefreshToken(): string | null
  save(payload: AuthPayload): void
  clear(): void
}

export interface TokenRefresherOptions {
  fetch: FetchLike
  store: TokenStore
  /** Defaults to /jwt/refresh-token (same origin). */
  url?: string
  onSessionExpired?: () => void
  /**
   * Serializes refreshes across tabs (refresh tokens rotate and a replayed one revokes the
   * sign-in, so two tabs must never spend the same token). Defaults to the Web Locks API.
   */
  lock?: LockFn
}

export type LockFn = <T>(name: string, job: () => Promise<T>) => Promise<T>

const webLock: LockFn | undefined =
  typeof navigator !== 'undefined' && navigator.locks ? <T>(name: string, job: () => Promise<T>) => navigator.locks.request(name, job) as Promise<T> : undefined

export interface TokenRefresher {
  /**
   * Returns a usable access token after at most one refresh, or null when none could be
   * obtained. `staleAccessToken` is the token the failed request was sent with.
   */
  refresh(staleAccessToken?: string | null): Promise<string | null>
  /** The refresh currently in flight, if any (new requests wait for it). */
  pending(): Promise<string | null> | null
  /**
   * Ends the session as a refused refresh does (store cleared, onSessionExpired): for a
   * request that failed again with the token a refresh just gave it.
   */
  expire(): void
}

export const REFRESH_TOKEN_URL = '/jwt/refresh-token'

export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const { fetch, store, url = REFRESH_TOKEN_URL, onSessionExpired, lock = webLock } = options
  let inflight: Promise<string | null> | null = null

  function expire(): null {
    store.clear()
    onSessionExpired?.()
    return null
  }

  async function run(): Promise<string | null> {
    const refreshToken = store.getRefreshToken()
    if (!refreshToken) return expire()
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refreshToken }),
      })
    } catch {
      return null
    }
    if (response.status >= 400 && response.status < 500) return expire()
    if (!response.ok) return null
    const payload: AuthPayload | null = parseAuthPayload(await response.json().catch(() => null))
    if (!payload) return expire()
    store.save(payload)
    return payload.accessToken
  }

  return {
    refresh(staleAccessToken) {
      if (inflight) return inflight
      const current = store.getAccessToken()
      if (staleAccessToken !== undefined && current && current !== staleAccessToken) {
        return Promise.resolve(current)
      }
      // Inside the lock, another tab may have refreshed already: use its token.
      const guarded = async () => {
        const latest = store.getAccessToken()
        if (staleAccessToken !== undefined && latest && latest !== staleAccessToken) return latest
        return run()
      }
      const attempt = (lock ? lock('token-refresh', guarded) : guarded()).finally(() => {
        inflight = null
      })
      inflight = attempt
      return attempt
    },
    pending() {
      return inflight
    },
    expire() {
      expire()
    },
  }
}
