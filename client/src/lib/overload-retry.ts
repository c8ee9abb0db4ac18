/**
 * A request the server refused because it was briefly behind (503 with Retry-After: its
 * admission control answers so before it reads the request, so nothing was done) is sent
 * again after the time the server asked for, a few times, before the caller sees the error.
 * A 503 without Retry-After (e.g. the database is down) is passed on at once: whether it did
 * anything is unknown, and the user should hear about it.
 */
import type { FetchLike } from './token-refresh'

export interface OverloadRetryOptions {
  /** How many times a refused request is sent again. */
  retries?: number
  /** A Retry-After longer than this (seconds) is not waited for: the error is shown instead. */
  maxWaitSeconds?: number
  sleep?: (ms: number) => Promise<void>
}

export const OVERLOAD_RETRIES = 3
export const OVERLOAD_MAX_WAIT_SECONDS = 10

/** Retry-After as seconds (the delta-seconds form the server sends), or null. */
export function retryAfterSeconds(response: Response): number | null {
  const value = response.headers.get('retry-after')
  if (value === null || !/^\d+$/.test(value.trim())) return null
  return Number(value.trim())
}

export function withOverloadRetry(fetch: FetchLike, options: OverloadRetryOptions = {}): FetchLike {
  const retries = options.retries ?? OVERLOAD_RETRIES
  const maxWait = options.maxWaitSeconds ?? OVERLOAD_MAX_WAIT_SECONDS
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  return async (input, init) => {
    // A Request body can be read only once: each try sends a copy.
    const copy = () => (typeof Request !== 'undefined' && input instanceof Request ? input.clone() : input)
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(copy(), init)
      const wait = response.status === 503 ? retryAfterSeconds(response) : null
      if (wait === null || wait > maxWait || attempt >= retries || init?.signal?.aborted) return response
      // A little spread, so the pages that were refused together do not come back together.
      await sleep(Math.max(wait, 1) * 1000 * (1 + Math.random() * 0.25))
    }
  }
}
