/**
 * fetch with the stored access token as Bearer header. On a 401, or a GraphQL response
 * whose errors carry extensions.code UNAUTHENTICATED, it refreshes once (single flight,
 * see token-refresh.ts) and replays the request once with the new token. Used by the
 * Apollo HttpLink and by every REST call, so both share one refresh.
 */
import { STORAGE_KEYS, readItem } from './storage'
import type { FetchLike, TokenRefresher, TokenStore } from './token-refresh'

export interface AuthFetchOptions {
  fetch: FetchLike
  store: Pick<TokenStore, 'getAccessToken' | 'getRefreshToken'>
  refresher: TokenRefresher
}

const JSON_CONTENT = /application\/(graphql-response\+)?json/i

function withBearer(init: RequestInit | undefined, token: string | null): RequestInit {
  const headers = new Headers(init?.headers)
  if (token) headers.set('Authorization', `Bearer ${token}`)
  else headers.delete('Authorization')
  // The UI language, so content stored per language (plans, their Q and A) comes in it.
  const language = readItem(STORAGE_KEYS.language)
  if (language && !headers.has('Accept-Language')) headers.set('Accept-Language', language)
  return { ...init, headers }
}

function hasUnauthenticatedError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return false
  const { errors } = body as { errors: unknown }
  if (!Array.isArray(errors)) return false
  return errors.some((error: unknown) => {
    if (typeof error !== 'object' || error === null) return false
    const extensions = (error as { extensions?: { code?: unknown } }).extensions
    return extensions?.code === 'UNAUTHENTICATED'
  })
}

export async function isUnauthenticatedResponse(response: Response): Promise<boolean> {
  if (response.status === 401) return true
  if (!JSON_CONTENT.test(response.headers.get('content-type') ?? '')) return false
  try {
    return hasUnauthenticatedError(await response.clone().json())
  } catch {
    return false
  }
}

export function createAuthFetch({ fetch, store, refresher }: AuthFetchOptions): FetchLike {
  return async (input, init) => {
    // A Request body can be read only once: keep a copy for the replay.
    const replayInput = typeof Request !== 'undefined' && input instanceof Request ? input.clone() : input

    const running = refresher.pending()
    if (running) await running

    const token = store.getAccessToken()
    const response = await fetch(input, withBearer(init, token))
    if (!store.getRefreshToken() || !(await isUnauthenticatedResponse(response))) return response

    const fresh = await refresher.refresh(token)
    if (!fresh) return response
    return fetch(replayInput, withBearer(init, fresh))
  }
}
