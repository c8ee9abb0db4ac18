import { describe, expect, it, vi } from 'vitest'
import { createAuthFetch, isUnauthenticatedResponse } from '../../../client/src/lib/auth-fetch'
import { REFRESH_TOKEN_URL, createTokenRefresher } from '../../../client/src/lib/token-refresh'
import { fakeFetch, json, memoryStore, payload } from './helpers'

/** A server where only the newest access token is valid. */
function server(options: { graphqlStyle?: boolean; refreshStatus?: number } = {}) {
  let valid = 'access-1'
  let n = 1
  return fakeFetch(async (call) => {
    if (call.url === REFRESH_TOKEN_URL) {
      if (options.refreshStatus) return json(options.refreshStatus, { error: 'Invalid refresh token' })
      n += 1
      valid = `access-${n}`
      return json(200, payload(n))
    }
    await Promise.resolve()
    if (call.authorization === `Bearer ${valid}`) return json(200, { data: { ok: true } })
    if (options.graphqlStyle) {
      return json(200, { errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }] }, 'application/graphql-response+json')
    }
    return json(401, { error: 'Unauthorized' })
  })
}

function setup(serverFetch: ReturnType<typeof server>, tokens = { accessToken: 'access-0', refreshToken: 'refresh-0' }) {
  const { state, store } = memoryStore(tokens)
  const onSessionExpired = vi.fn()
  const refresher = createTokenRefresher({ fetch: serverFetch.fetch, store, onSessionExpired })
  const authFetch = createAuthFetch({ fetch: serverFetch.fetch, store, refresher })
  return { state, authFetch, onSessionExpired }
}

const post = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: '{ viewer { id } }' }) }

describe('createAuthFetch', () => {
  it('sends the stored access token as a Bearer header', async () => {
    const api = server()
    const { authFetch } = setup(api, { accessToken: 'access-1', refreshToken: 'refresh-1' })

    const response = await authFetch('/graphql', post)

    expect(response.status).toBe(200)
    expect(api.calls).toHaveLength(1)
    expect(api.calls[0]?.authorization).toBe('Bearer access-1')
    expect(api.calls[0]?.init?.headers).toBeInstanceOf(Headers)
  })

  it('on a 401 refreshes once and replays the request with the new token', async () => {
    const api = server()
    const { authFetch, state } = setup(api)

    const response = await authFetch('/apps/ecommerce/cart', post)

    expect(response.status).toBe(200)
    expect(api.calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/apps/ecommerce/cart', 'Bearer access-0'],
      [REFRESH_TOKEN_URL, null],
      ['/apps/ecommerce/cart', 'Bearer access-2'],
    ])
    expect(api.calls[2]?.body).toEqual(api.calls[0]?.body)
    expect(state).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' })
  })

  it('treats a GraphQL UNAUTHENTICATED error like a 401', async () => {
    const api = server({ graphqlStyle: true })
    const { authFetch } = setup(api)

    const response = await authFetch('/graphql', post)

    expect(await response.json()).toEqual({ data: { ok: true } })
    expect(api.calls.filter((call) => call.url === REFRESH_TOKEN_URL)).toHaveLength(1)
  })

  it('parallel requests that fail share one refresh and are all replayed', async () => {
    const api = server()
    const { authFetch } = setup(api)

    const responses = await Promise.all([1, 2, 3, 4].map(() => authFetch('/graphql', post)))

    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200])
    expect(api.calls.filter((call) => call.url === REFRESH_TOKEN_URL)).toHaveLength(1)
    expect(api.calls.filter((call) => call.authorization === 'Bearer access-2')).toHaveLength(4)
  })

  it('does not loop: a replay that fails again is returned as is', async () => {
    const alwaysUnauthorized = fakeFetch((call) => (call.url === REFRESH_TOKEN_URL ? json(200, payload(2)) : json(401, {})))
    const { authFetch } = setup(alwaysUnauthorized)

    const response = await authFetch('/graphql', post)

    expect(response.status).toBe(401)
    expect(alwaysUnauthorized.calls.map((call) => call.url)).toEqual(['/graphql', REFRESH_TOKEN_URL, '/graphql'])
  })

  it('a refused refresh clears the session, reports expiry and returns the original 401', async () => {
    const api = server({ refreshStatus: 401 })
    const { authFetch, state, onSessionExpired } = setup(api)

    const responses = await Promise.all([authFetch('/graphql', post), authFetch('/graphql', post)])

    expect(responses.map((response) => response.status)).toEqual([401, 401])
    expect(api.calls.filter((call) => call.url === REFRESH_TOKEN_URL)).toHaveLength(1)
    expect(state).toMatchObject({ accessToken: null, refreshToken: null })
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it('signed out (no refresh token): no refresh attempt', async () => {
    const api = server()
    const { authFetch, onSessionExpired } = setup(api, { accessToken: '', refreshToken: '' })

    const response = await authFetch('/jwt/login', post)

    expect(response.status).toBe(401)
    expect(api.calls).toHaveLength(1)
    expect(api.calls[0]?.authorization).toBeNull()
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('a request started while a refresh is running waits for it and uses the new token', async () => {
    const api = server()
    const { authFetch } = setup(api)

    const first = authFetch('/graphql', post)
    await vi.waitFor(() => expect(api.calls.some((call) => call.url === REFRESH_TOKEN_URL)).toBe(true))
    const second = authFetch('/graphql', post)
    await Promise.all([first, second])

    expect(api.calls.map((call) => call.authorization ?? call.url)).toEqual(['Bearer access-0', REFRESH_TOKEN_URL, 'Bearer access-2', 'Bearer access-2'])
  })
})

describe('isUnauthenticatedResponse', () => {
  it('reads 401s and GraphQL error codes, ignores other answers', async () => {
    await expect(isUnauthenticatedResponse(json(401, {}))).resolves.toBe(true)
    await expect(isUnauthenticatedResponse(json(200, { errors: [{ extensions: { code: 'FORBIDDEN' } }] }))).resolves.toBe(false)
    await expect(isUnauthenticatedResponse(json(200, { data: {} }))).resolves.toBe(false)
    await expect(isUnauthenticatedResponse(new Response('UNAUTHENTICATED', { status: 200 }))).resolves.toBe(false)
  })
})
