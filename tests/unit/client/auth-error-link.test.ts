/**
 * The Apollo error link against a small real HTTP server, with a real Apollo client and the
 * app's link chain (graphql-link.ts), fetch (auth-fetch.ts) and refresher (token-refresh.ts).
 * Two kinds of failure: an HTTP 401 (handled by the fetch) and an UNAUTHENTICATED error with
 * status 200 inside an SSE subscription stream (only the error link sees it).
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApolloClient, InMemoryCache, gql } from '@apollo/client'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAuthFetch } from '../../../client/src/lib/auth-fetch'
import { createGraphqlLink } from '../../../client/src/lib/graphql-link'
import { type FetchLike, createTokenRefresher } from '../../../client/src/lib/token-refresh'
import { memoryStore, payload } from './helpers'

const UNAUTHENTICATED = { errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }] }

/** Server state: only the newest access token is valid; refreshes rotate it. */
const api = {
  valid: 'access-1',
  n: 1,
  refreshes: 0,
  refuseRefresh: false,
  /** Subscriptions refuse every token (a revoked account): the replay fails too. */
  subscriptionsAlwaysRefuse: false,
  requests: [] as { kind: string; authorization: string | undefined }[],
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let raw = ''
  for await (const chunk of req) raw += String(chunk)
  const body = JSON.parse(raw || '{}') as { query?: string }
  if (req.url === '/jwt/refresh-token') {
    api.refreshes += 1
    // Slow enough that failing operations overlap with the refresh.
    await new Promise((resolve) => setTimeout(resolve, 30))
    if (api.refuseRefresh) return send(res, 401, { error: 'Invalid refresh token' })
    api.n += 1
    api.valid = `access-${api.n}`
    return send(res, 200, payload(api.n))
  }
  const authorized = req.headers.authorization === `Bearer ${api.valid}`
  if (String(req.headers.accept).includes('text/event-stream')) {
    api.requests.push({ kind: 'subscription', authorization: req.headers.authorization })
    // The stream opens with status 200 either way; the refusal is a GraphQL error inside it.
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    const result = authorized && !api.subscriptionsAlwaysRefuse ? { data: { ticks: 1 } } : UNAUTHENTICATED
    res.end(`event: next\ndata: ${JSON.stringify(result)}\n\nevent: complete\ndata:\n\n`)
    return
  }
  api.requests.push({ kind: 'query', authorization: req.headers.authorization })
  if (!authorized) return send(res, 401, UNAUTHENTICATED)
  return send(res, 200, { data: { viewer: { __typename: 'User', id: '1', query: body.query?.length ?? 0 } } })
}

let server: Server
let base = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  Object.assign(api, { valid: 'access-1', n: 1, refreshes: 0, refuseRefresh: false, subscriptionsAlwaysRefuse: false, requests: [] })
})

function setup() {
  const { state, store } = memoryStore({ accessToken: 'stale', refreshToken: 'refresh-1' })
  const onSessionExpired = vi.fn()
  const fetch: FetchLike = (input, init) => globalThis.fetch(input, init)
  const refresher = createTokenRefresher({ fetch, store, url: `${base}/jwt/refresh-token`, onSessionExpired, lock: (_name, job) => job() })
  const authFetch = createAuthFetch({ fetch, store, refresher })
  const client = new ApolloClient({
    link: createGraphqlLink({ uri: `${base}/graphql`, fetch: authFetch, store, refresher }),
    cache: new InMemoryCache(),
  })
  return { state, client, onSessionExpired }
}

const VIEWER = gql`
  query Viewer($n: Int) {
    viewer(n: $n) {
      id
    }
  }
`
const TICKS = gql`
  subscription Ticks($n: Int) {
    ticks(n: $n)
  }
`

function firstEvent(client: ApolloClient, n = 0) {
  return new Promise<{ data?: unknown; error?: unknown }>((resolve, reject) => {
    const subscription = client.subscribe({ query: TICKS, variables: { n } }).subscribe({
      next: (result) => {
        resolve({ data: result.data ?? undefined, error: result.error })
        subscription.unsubscribe()
      },
      error: reject,
    })
  })
}

const count = (kind: string, authorization?: string) =>
  api.requests.filter((request) => request.kind === kind && (authorization === undefined || request.authorization === authorization)).length

describe('the Apollo auth error link', () => {
  it('an UNAUTHENTICATED error inside an SSE stream (status 200) refreshes once and replays the subscription', async () => {
    const { client, state, onSessionExpired } = setup()

    const event = await firstEvent(client)

    expect(event).toEqual({ data: { ticks: 1 }, error: undefined })
    expect(api.refreshes).toBe(1)
    expect(count('subscription')).toBe(2)
    expect(count('subscription', 'Bearer access-2')).toBe(1)
    expect(state.accessToken).toBe('access-2')
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('any number of failing operations of both kinds share one refresh, and each is replayed once', async () => {
    const { client } = setup()

    const results = await Promise.all([
      ...[1, 2, 3].map((n) => client.query({ query: VIEWER, variables: { n }, fetchPolicy: 'network-only' })),
      ...[1, 2, 3].map((n) => firstEvent(client, n)),
    ])

    expect(results.slice(0, 3).map((result) => result.data)).toEqual([1, 2, 3].map(() => ({ viewer: expect.objectContaining({ id: '1' }) })))
    expect(results.slice(3)).toEqual([1, 2, 3].map(() => ({ data: { ticks: 1 }, error: undefined })))
    expect(api.refreshes).toBe(1)
    // Each operation: once with the stale token, once replayed with the new one.
    expect(count('query', 'Bearer stale')).toBe(3)
    expect(count('query', 'Bearer access-2')).toBe(3)
    expect(count('subscription', 'Bearer stale')).toBe(3)
    expect(count('subscription', 'Bearer access-2')).toBe(3)
  })

  it('a replayed operation that fails again ends the session (once), without a second refresh', async () => {
    api.subscriptionsAlwaysRefuse = true
    const { client, state, onSessionExpired } = setup()

    const event = await firstEvent(client)

    expect(event.data).toBeUndefined()
    expect(String(event.error)).toMatch(/Not signed in/)
    expect(api.refreshes).toBe(1)
    expect(count('subscription')).toBe(2)
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(state).toMatchObject({ accessToken: null, refreshToken: null })
  })

  it('a refused refresh ends the session once and passes the original error on', async () => {
    api.refuseRefresh = true
    const { client, state, onSessionExpired } = setup()

    const [query, event] = await Promise.all([client.query({ query: VIEWER, fetchPolicy: 'network-only', errorPolicy: 'all' }), firstEvent(client)])

    expect(String(query.error)).toMatch(/Not signed in|401/)
    expect(String(event.error)).toMatch(/Not signed in/)
    expect(api.refreshes).toBe(1)
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(state.refreshToken).toBeNull()
  })
})
