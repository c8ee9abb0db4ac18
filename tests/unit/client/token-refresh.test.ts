import { describe, expect, it, vi } from 'vitest'
import { REFRESH_TOKEN_URL, createTokenRefresher } from '../../../client/src/lib/token-refresh'
import { deferred, fakeFetch, json, memoryStore, payload } from './helpers'

describe('createTokenRefresher', () => {
  it('posts the stored refresh token and stores the rotated pair and userData', async () => {
    const { state, store } = memoryStore({ accessToken: 'access-0', refreshToken: 'refresh-0' })
    const { fetch, calls } = fakeFetch(() => json(200, payload(1)))
    const refresher = createTokenRefresher({ fetch, store })

    await expect(refresher.refresh('access-0')).resolves.toBe('access-1')

    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe(REFRESH_TOKEN_URL)
    expect(calls[0]?.init?.method).toBe('POST')
    expect(calls[0]?.body).toEqual({ refreshToken: 'refresh-0' })
    expect(state).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1', saved: 1 })
    expect(state.userData?.username).toBe('jane')
  })

  it('shares one request between parallel callers (single flight)', async () => {
    const { store } = memoryStore({ accessToken: 'access-0', refreshToken: 'refresh-0' })
    const gate = deferred<Response>()
    const { fetch, calls } = fakeFetch(() => gate.promise)
    const refresher = createTokenRefresher({ fetch, store })

    const results = Promise.all([refresher.refresh('access-0'), refresher.refresh('access-0'), refresher.refresh('access-0')])
    expect(refresher.pending()).not.toBeNull()
    gate.resolve(json(200, payload(1)))

    await expect(results).resolves.toEqual(['access-1', 'access-1', 'access-1'])
    expect(calls).toHaveLength(1)
    expect(refresher.pending()).toBeNull()
  })

  it('does not refresh again for a request that failed with an already replaced token', async () => {
    const { store } = memoryStore({ accessToken: 'access-0', refreshToken: 'refresh-0' })
    const { fetch, calls } = fakeFetch(() => json(200, payload(1)))
    const refresher = createTokenRefresher({ fetch, store })

    await refresher.refresh('access-0')
    await expect(refresher.refresh('access-0')).resolves.toBe('access-1')
    expect(calls).toHaveLength(1)
  })

  it('refreshes again later once the new token has expired too (rotation uses the newest refresh token)', async () => {
    const { store } = memoryStore({ accessToken: 'access-0', refreshToken: 'refresh-0' })
    let n = 0
    const { fetch, calls } = fakeFetch(() => json(200, payload(++n)))
    const refresher = createTokenRefresher({ fetch, store })

    await refresher.refresh('access-0')
    await expect(refresher.refresh('access-1')).resolves.toBe('access-2')
    expect(calls.map((call) => call.body)).toEqual([{ refreshToken: 'refresh-0' }, { refreshToken: 'refresh-1' }])
  })

  it('clears the session and reports expiry once when the refresh token is refused (401)', async () => {
    const { state, store } = memoryStore({ accessToken: 'access-0', refreshToken: 'refresh-0' })
    const onSessionExpired = vi.fn()
    const { fetch, calls } = fakeFetch(() => json(401, { error: 'Invalid refresh token' }))
    const refresher = createTokenRefresher({ fetch, store, onSessionExpired })

    const results = await Promise.all([refresher.refresh('access-0'), refresher.refresh('access-0')])

    expect(results).toEqual([null, null])
    expect(calls).toHaveLength(1)
    expect(state).toMatchObject({ accessToken: null, refreshToken: null, cleared: 1 })
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it('expires without a request when there is no refresh token', async () => {
    const { state, store } = memoryStore({ accessToken: 'access-0' })
    const onSessionExpired = vi.fn()
    const { fetch, calls } = fakeFetch(() => json(200, payload(1)))
    const refresher = createTokenRefresher({ fetch, store, onSessionExpired })

    await expect(refresher.refresh('access-0')).resolves.toBeNull()
    expect(calls).toHaveLength(0)
    expect(state.cleared).toBe(1)
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it('keeps the session on a network error or 5xx and lets a later call try again', async () => {
    const { state, store } = memoryStore({ accessToken: 'access-0', refreshToken: 'refresh-0' })
    const onSessionExpired = vi.fn()
    const answers: Array<() => Response> = [
      () => {
        throw new TypeError('Failed to fetch')
      },
      () => json(503, {}),
      () => json(200, payload(1)),
    ]
    const { fetch, calls } = fakeFetch(() => {
      const next = answers.shift()
      if (!next) throw new Error('unexpected call')
      return next()
    })
    const refresher = createTokenRefresher({ fetch, store, onSessionExpired })

    await expect(refresher.refresh('access-0')).resolves.toBeNull()
    await expect(refresher.refresh('access-0')).resolves.toBeNull()
    expect(state).toMatchObject({ accessToken: 'access-0', refreshToken: 'refresh-0', cleared: 0 })
    await expect(refresher.refresh('access-0')).resolves.toBe('access-1')
    expect(calls).toHaveLength(3)
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('treats a malformed 200 answer as a refused refresh', async () => {
    const { state, store } = memoryStore({ accessToken: 'access-0', refreshToken: 'refresh-0' })
    const { fetch } = fakeFetch(() => json(200, { accessToken: 'x' }))
    const refresher = createTokenRefresher({ fetch, store })

    await expect(refresher.refresh('access-0')).resolves.toBeNull()
    expect(state.cleared).toBe(1)
  })

  it('spends a refresh token once across tabs: the second tab takes the new token of the first', async () => {
    // Two tabs share localStorage (one store) and a Web Lock (one queue).
    const { store } = memoryStore({ accessToken: 'access-0', refreshToken: 'refresh-0' })
    let queue: Promise<unknown> = Promise.resolve()
    const lock = <T>(_name: string, job: () => Promise<T>): Promise<T> => {
      const run = queue.then(job)
      queue = run.catch(() => undefined)
      return run
    }
    const { fetch, calls } = fakeFetch(() => json(200, payload(1)))
    const tabA = createTokenRefresher({ fetch, store, lock })
    const tabB = createTokenRefresher({ fetch, store, lock })

    const [a, b] = await Promise.all([tabA.refresh('access-0'), tabB.refresh('access-0')])
    expect([a, b]).toEqual(['access-1', 'access-1'])
    expect(calls).toHaveLength(1)
  })
})
