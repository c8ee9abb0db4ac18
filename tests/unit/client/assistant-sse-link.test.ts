import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client'
import { parse } from 'graphql'
import { describe, expect, it, vi } from 'vitest'
import { createAuthFetch } from '../../../client/src/lib/auth-fetch'
import { createSseLink, readEventStream } from '../../../client/src/lib/sse-link'
import { REFRESH_TOKEN_URL, createTokenRefresher, type FetchLike } from '../../../client/src/lib/token-refresh'
import { deferred, fakeFetch, json, memoryStore, payload } from './helpers'

const encoder = new TextEncoder()

/** A streamed body: each chunk is sent as written; `end` closes it (or leaves it open). */
function stream(chunks: string[], end = true) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      if (end) controller.close()
    },
  })
}

const sse = (chunks: string[], end = true, status = 200) => new Response(stream(chunks, end), { status, headers: { 'content-type': 'text/event-stream' } })

const next = (data: unknown) => `event: next\ndata: ${JSON.stringify(data)}\n\n`
const COMPLETE = 'event: complete\ndata:\n\n'

const SUBSCRIPTION = parse('subscription Chat($channelId: ID!) { chatMessages(channelId: $channelId) { id text } }')

interface Run {
  results: unknown[]
  error: unknown
  completed: boolean
  done: Promise<void>
  unsubscribe(): void
}

function run(link: ApolloLink, context: Record<string, unknown> = {}): Run {
  const client = new ApolloClient({ link, cache: new InMemoryCache() })
  const settled = deferred<void>()
  const out: Run = { results: [], error: null, completed: false, done: settled.promise, unsubscribe: () => {} }
  const subscription = ApolloLink.execute(link, { query: SUBSCRIPTION, variables: { channelId: '7' }, context }, { client }).subscribe({
    next: (value) => out.results.push(value),
    error: (error: unknown) => {
      out.error = error
      settled.resolve()
    },
    complete: () => {
      out.completed = true
      settled.resolve()
    },
  })
  out.unsubscribe = () => subscription.unsubscribe()
  return out
}

async function collect(body: ReadableStream<Uint8Array>) {
  const events = []
  for await (const event of readEventStream(body)) events.push(event)
  return events
}

describe('readEventStream', () => {
  it('reads events split anywhere across chunks, with CRLF line ends, skipping comments', async () => {
    const text = ':\n\nevent: next\r\ndata: {"a":\r\ndata: 1}\r\n\r\n: keep-alive\n\nevent: complete\ndata:\n\n'
    const chunks = text.match(/[\s\S]{1,5}/g) ?? []
    expect(await collect(stream(chunks))).toEqual([
      { event: 'next', data: '{"a":\n1}' },
      { event: 'complete', data: '' },
    ])
  })

  it('keeps multi-byte characters whole when a chunk splits them', async () => {
    const bytes = encoder.encode('data: ✓ ok\n\n')
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 7))
        controller.enqueue(bytes.slice(7))
        controller.close()
      },
    })
    expect(await collect(body)).toEqual([{ event: 'message', data: '✓ ok' }])
  })
})

describe('createSseLink', () => {
  it('POSTs the operation with Accept: text/event-stream and emits each result until complete', async () => {
    const api = fakeFetch(() =>
      sse([':\n\n', next({ data: { chatMessages: { id: '1', text: 'hi' } } }), next({ data: { chatMessages: { id: '2', text: 'yo' } } }), COMPLETE]),
    )
    const onSseOpen = vi.fn()
    const result = run(createSseLink({ uri: '/graphql', fetch: api.fetch }), { onSseOpen })
    await result.done
    expect(result.completed).toBe(true)
    expect(result.results).toEqual([{ data: { chatMessages: { id: '1', text: 'hi' } } }, { data: { chatMessages: { id: '2', text: 'yo' } } }])
    expect(onSseOpen).toHaveBeenCalledTimes(1)
    const [call] = api.calls
    expect(call?.url).toBe('/graphql')
    expect(new Headers(call?.init?.headers).get('accept')).toBe('text/event-stream')
    expect(call?.body).toMatchObject({ operationName: 'Chat', variables: { channelId: '7' } })
    expect(String((call?.body as { query: string }).query)).toContain('subscription Chat')
  })

  it('passes the errors of a refused subscription on (a GraphQL answer instead of a stream)', async () => {
    const api = fakeFetch(() =>
      json(404, { errors: [{ message: 'Channel not found', extensions: { code: 'NOT_FOUND' } }] }, 'application/graphql-response+json'),
    )
    const result = run(createSseLink({ uri: '/graphql', fetch: api.fetch }))
    await result.done
    expect(result.results).toEqual([{ errors: [{ message: 'Channel not found', extensions: { code: 'NOT_FOUND' } }] }])
    expect(result.completed).toBe(true)
  })

  it('errors with a network TypeError when the stream ends without complete', async () => {
    const api = fakeFetch(() => sse([next({ data: { chatMessages: { id: '1', text: 'hi' } } })]))
    const result = run(createSseLink({ uri: '/graphql', fetch: api.fetch }))
    await result.done
    expect(result.results).toHaveLength(1)
    expect(result.error).toBeInstanceOf(TypeError)
  })

  it('aborts the request when unsubscribed, without reporting an error', async () => {
    let signal: AbortSignal | undefined
    const opened = deferred<void>()
    const fetch: FetchLike = async (_input, init) => {
      signal = init?.signal ?? undefined
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(':\n\n'))
          signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')))
          opened.resolve()
        },
      })
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    }
    const result = run(createSseLink({ uri: '/graphql', fetch }))
    await opened.promise
    result.unsubscribe()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(signal?.aborted).toBe(true)
    expect(result.error).toBeNull()
  })

  it('goes through the authenticated fetch: a 401 refreshes once and the stream is opened again', async () => {
    let valid = 'access-1'
    const api = fakeFetch((call) => {
      if (call.url === REFRESH_TOKEN_URL) {
        valid = 'access-2'
        return json(200, payload(2))
      }
      if (call.authorization !== `Bearer ${valid}`) return json(401, { errors: [{ message: 'Invalid access token', extensions: { code: 'UNAUTHENTICATED' } }] })
      return sse([next({ data: { chatMessages: { id: '9', text: 'after refresh' } } }), COMPLETE])
    })
    const { state, store } = memoryStore({ accessToken: 'stale', refreshToken: 'refresh-1' })
    const refresher = createTokenRefresher({ fetch: api.fetch, store, lock: (_name, job) => job() })
    const result = run(createSseLink({ uri: '/graphql', fetch: createAuthFetch({ fetch: api.fetch, store, refresher }) }))
    await result.done
    expect(result.results).toEqual([{ data: { chatMessages: { id: '9', text: 'after refresh' } } }])
    expect(api.calls.filter((call) => call.url === REFRESH_TOKEN_URL)).toHaveLength(1)
    expect(api.calls.at(-1)?.authorization).toBe('Bearer access-2')
    expect(state.accessToken).toBe('access-2')
  })
})
