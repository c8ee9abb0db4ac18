/**
 * GraphQL subscriptions over Server-Sent Events ("distinct connections" mode of the
 * GraphQL over SSE protocol, as graphql-yoga serves it): POST /graphql with
 * `Accept: text/event-stream`, then `event: next` frames with results and one
 * `event: complete`.
 *
 * Why not Apollo's built-in multipart subscriptions: graphql-yoga 5 answers multipart
 * only for queries with @defer/@stream; a subscription asked for as multipart/mixed gets
 * 406 Not Acceptable. EventSource cannot send the Bearer header, so this reads the stream
 * with fetch + ReadableStream through the app's authenticated fetch (one shared token
 * refresh and a replay on a 401, see auth-fetch.ts).
 *
 * A stream that ends without `complete` (server restart, network drop) errors with a
 * TypeError, which errorCodeOf() reports as NETWORK; callers decide whether to resubscribe.
 * A caller that wants to know when the stream is open passes `context: { onSseOpen }`.
 */
import { ApolloLink } from '@apollo/client'
import { print } from 'graphql'
import { Observable } from 'rxjs'
import type { FetchLike } from './token-refresh'

export interface SseEvent {
  event: string
  data: string
}

/** Splits an event stream into events (comments such as the `:` keep-alive are skipped). */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let event = ''
  let data: string[] = []
  try {
    for (;;) {
      const { value, done } = await reader.read()
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true })
      let newline = buffer.search(/\r\n|\r|\n/)
      // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
      while (newline >= 0 && !(newline === buffer.length - 1 && buffer.endsWith('\r') && !done)) {
        const line = buffer.slice(0, newline)
        const width = buffer.startsWith('\r\n', newline) ? 2 : 1
        buffer = buffer.slice(newline + width)
        if (line === '') {
          if (event || data.length) yield { event: event || 'message', data: data.join('\n') }
          event = ''
          data = []
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':')
          const field = colon < 0 ? line : line.slice(0, colon)
          const raw = colon < 0 ? '' : line.slice(colon + 1)
          const text = raw.startsWith(' ') ? raw.slice(1) : raw
          if (field === 'event') event = text
          else if (field === 'data') data.push(text)
        }
        newline = buffer.search(/\r\n|\r|\n/)
      }
      if (done) return
    }
  } finally {
    reader.cancel().catch(() => {})
  }
}

export interface SseLinkOptions {
  uri: string
  fetch: FetchLike
}

type GraphQLErrorList = NonNullable<ApolloLink.Result['errors']>

function errorsOf(body: unknown): GraphQLErrorList | null {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return null
  const { errors } = body as { errors: unknown }
  return Array.isArray(errors) ? (errors as GraphQLErrorList) : null
}

/** A terminating link for subscription operations (combine with ApolloLink.split). */
export function createSseLink({ uri, fetch }: SseLinkOptions): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const controller = new AbortController()
        const run = async () => {
          const response = await fetch(uri, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
            credentials: 'same-origin',
            signal: controller.signal,
            body: JSON.stringify({
              query: print(operation.query),
              variables: operation.variables,
              operationName: operation.operationName,
              extensions: operation.extensions,
            }),
          })
          const contentType = response.headers.get('content-type') ?? ''
          if (!contentType.includes('text/event-stream') || !response.body) {
            // Refused before the stream started (e.g. a 401 after a refused refresh): the
            // body is an ordinary GraphQL response with the coded errors.
            const errors = errorsOf(await response.json().catch(() => null))
            if (errors) {
              observer.next({ errors })
              observer.complete()
              return
            }
            throw Object.assign(new Error(`Subscription refused with HTTP ${response.status}`), { statusCode: response.status })
          }
          const onOpen: unknown = operation.getContext().onSseOpen
          if (typeof onOpen === 'function') onOpen()
          for await (const message of readEventStream(response.body)) {
            if (message.event === 'next' && message.data) {
              observer.next(JSON.parse(message.data) as ApolloLink.Result)
            } else if (message.event === 'complete') {
              observer.complete()
              return
            }
          }
          throw new TypeError('The live connection to the server closed')
        }
        run().catch((error: unknown) => {
          if (!controller.signal.aborted) observer.error(error)
        })
        return () => controller.abort()
      }),
  )
}
