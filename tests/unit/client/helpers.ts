import type { AuthPayload } from '../../../client/src/lib/session-types'
import type { FetchLike, TokenStore } from '../../../client/src/lib/token-refresh'

export function payload(n: number, role = 'client'): AuthPayload {
  return {
    userData: {
      id: '1',
      fullName: 'Jane Doe',
      username: 'jane',
      avatar: null,
      email: 'jane@example.com',
      role,
      ability: [{ action: 'read', subject: 'ACL' }],
      extras: { eCommerceCartItemsCount: 0 },
    },
    accessToken: `access-${n}`,
    refreshToken: `refresh-${n}`,
  }
}

export function memoryStore(initial: { accessToken?: string; refreshToken?: string } = {}) {
  const state: { accessToken: string | null; refreshToken: string | null; userData: AuthPayload['userData'] | null; cleared: number; saved: number } = {
    accessToken: initial.accessToken ?? null,
    refreshToken: initial.refreshToken ?? null,
    userData: null,
    cleared: 0,
    saved: 0,
  }
  const store: TokenStore = {
    getAccessToken: () => state.accessToken,
    getRefreshToken: () => state.refreshToken,
    save(p) {
      state.accessToken = p.accessToken
      state.refreshToken = p.refreshToken
      state.userData = p.userData
      state.saved += 1
    },
    clear() {
      state.accessToken = null
      state.refreshToken = null
      state.userData = null
      state.cleared += 1
    },
  }
  return { state, store }
}

export function json(status: number, body: unknown, contentType = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } })
}

export interface RecordedCall {
  url: string
  init: RequestInit | undefined
  authorization: string | null
  body: unknown
}

/** A fake fetch: `route` decides each answer; every call is recorded. */
export function fakeFetch(route: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = []
  const fetch: FetchLike = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const headers = new Headers(init?.headers)
    const call: RecordedCall = {
      url,
      init,
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    }
    calls.push(call)
    return route(call)
  }
  return { fetch, calls }
}

/** A promise you resolve from outside. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}
