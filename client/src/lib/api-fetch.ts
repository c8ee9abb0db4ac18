/**
 * The app's one authenticated fetch (REST and GraphQL) and its refresher, wired to the
 * session in localStorage. When a refresh is refused the session is cleared and the
 * registered handler (the router, see app/app.tsx) sends the user to /login.
 */
import { createAuthFetch } from './auth-fetch'
import { withOverloadRetry } from './overload-retry'
import { PATHS } from './paths'
import { clearSession, getAccessToken, getRefreshToken, saveSession } from './session'
import { STORAGE_KEYS, readItem, removeItem, writeItem } from './storage'
import { type FetchLike, createTokenRefresher } from './token-refresh'

let expiredHandler: (() => void) | null = null

/** Registers what to do after a refused refresh (default: full load of /login). */
export function onSessionExpired(handler: () => void): void {
  expiredHandler = handler
}

function handleExpired(): void {
  if (typeof window === 'undefined' || window.location.pathname === PATHS.login) return
  // Kept outside the router: the route guard also sends a signed-out user to /login.
  writeItem(STORAGE_KEYS.sessionEnded, '1')
  if (expiredHandler) expiredHandler()
  else window.location.assign(PATHS.login)
}

/** Whether the last session ended because it could not be refreshed; answers true once. */
export function takeSessionEndedNotice(): boolean {
  const ended = readItem(STORAGE_KEYS.sessionEnded) === '1'
  removeItem(STORAGE_KEYS.sessionEnded)
  return ended
}

// A 503 with Retry-After (the server briefly behind) is sent again before anyone sees it.
const baseFetch: FetchLike = withOverloadRetry((input, init) => globalThis.fetch(input, init))

export const tokenRefresher = createTokenRefresher({
  fetch: baseFetch,
  store: { getAccessToken, getRefreshToken, save: saveSession, clear: clearSession },
  onSessionExpired: handleExpired,
})

export const apiFetch: FetchLike = createAuthFetch({
  fetch: baseFetch,
  store: { getAccessToken, getRefreshToken },
  refresher: tokenRefresher,
})

/** POST a JSON body through apiFetch and return the response with its parsed JSON (or null). */
export async function postJson(url: string, body: unknown): Promise<{ status: number; data: unknown }> {
  const response = await apiFetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const data: unknown = await response.json().catch(() => null)
  return { status: response.status, data }
}
