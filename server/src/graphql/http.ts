import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { isAsyncIterable, processRegularResult, type GraphQLParams } from 'graphql-yoga'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ServerContext, createGraphQL } from './yoga'

/**
 * The hand-over between hono and yoga on /graphql, without web streams on the way in or out.
 *
 * In: a POST's body is read by hono (@hono/node-server reads it straight off the socket) and
 * handed to yoga as a string, with node's own header object where there is one (yoga's
 * headers read it lazily). Passing hono's request itself made @hono/node-server build a full
 * web Request with a body stream, which yoga then read through a TransformStream.
 *
 * Out: a JSON answer (every query and mutation) becomes a plain string response that
 * @hono/node-server writes in one go; an event stream (subscriptions) or GraphiQL's page
 * goes out as yoga made it.
 */
export async function yogaRequest(c: Context, fetchAPI: { Request: typeof Request }, body?: string): Promise<Request> {
  if (c.req.method !== 'POST') return c.req.raw
  return new fetchAPI.Request(c.req.url, { method: 'POST', headers: nodeHeaders(c) ?? c.req.raw.headers, body: body ?? (await c.req.text()) })
}

const nodeHeaders = (c: Context) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.headers as Record<string, string> | undefined

const JSON_ANSWER = /^application\/(graphql-response\+)?json\b/

/** yoga's response as hono's, with the cookies a resolver set (the browser binding of a channel connection). */
export async function fromYoga(c: Context, res: Response, cookies: string[]): Promise<Response> {
  if (!JSON_ANSWER.test(res.headers.get('content-type') ?? '')) {
    if (cookies.length === 0) return res
    const withCookies = new Response(res.body, res)
    for (const v of cookies) withCookies.headers.append('set-cookie', v)
    return withCookies
  }
  const headers: Record<string, string | string[]> = {}
  res.headers.forEach((value, name) => {
    headers[name] = value
  })
  if (cookies.length > 0) headers['set-cookie'] = cookies
  return c.body(await res.text(), res.status as ContentfulStatusCode, headers)
}

/* ------------------------------------------------------------------------------------------
 * The lean path (issue 35): the plain case of a JSON POST — one operation, a query or a
 * mutation, an Accept that a JSON answer satisfies — runs through yoga's own operation
 * pipeline (`getResultForParams`: the onParams hooks, the parser and validation cache, graphql-armor's limits, the
 * context, the introspection and unstorable-text checks, authorization, error masking, every
 * envelop plugin) without yoga's HTTP layer: no web Request or Response per request, and a
 * result without errors is stringified straight into hono's answer. Anything else (a batch,
 * unexpected parameters, a body that is no JSON object, a subscription or @defer/@stream, an
 * Accept that wants an event stream or multipart) goes through `yoga.fetch` as before, so yoga
 * keeps answering every unusual request exactly as it did.
 * ------------------------------------------------------------------------------------------ */

const PARAM_NAMES = new Set(['query', 'variables', 'operationName', 'extensions'])
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
/** Words that may make the result a stream (a subscription, incremental delivery): yoga's HTTP layer answers those. */
const STREAMING = /subscription|@defer|@stream/

/**
 * The body's GraphQL parameters when they are the plain case: a JSON object with only yoga's
 * four parameter names, of the types yoga's own check (`useCheckGraphQLQueryParams`) accepts.
 * Null when yoga should parse and answer the body itself (its errors stay as they were).
 */
export function plainParams(body: string): GraphQLParams | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return null
  }
  if (!isPlainObject(parsed)) return null
  for (const key of Object.keys(parsed)) if (!PARAM_NAMES.has(key)) return null
  const { query, variables, operationName, extensions } = parsed
  if (typeof query !== 'string' || STREAMING.test(query)) return null
  if (variables != null && !isPlainObject(variables)) return null
  if (operationName != null && typeof operationName !== 'string') return null
  if (extensions != null && !isPlainObject(extensions)) return null
  return parsed as GraphQLParams
}

const REGULAR = ['application/graphql-response+json', 'application/json'] as const
const matches = (offered: string, asked: string) => {
  const [offeredType, offeredSub] = offered.split('/')
  const [type, sub] = asked.split('/')
  return (type === '*' || type === offeredType) && (sub === '*' || sub === offeredSub)
}

/**
 * The media type yoga's result processors give a single (non-stream) result for this Accept
 * header, or null when no JSON type fits (then yoga answers: 406, or an event stream). The
 * same walk as yoga's (`useResultProcessors`, `getMediaTypesForRequestInOrder`): utf-8 only,
 * the types in reverse order, the last match wins, so the first acceptable type listed is the one.
 */
export function regularMediaType(accept: string | null | undefined): (typeof REGULAR)[number] | null {
  let chosen: (typeof REGULAR)[number] | null = null
  for (const entry of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',').reverse()) {
    const [type = '', ...params] = entry.split(';')
    if ((params.find((p) => p.includes('charset=')) ?? 'charset=utf-8') !== 'charset=utf-8') continue
    for (const offered of REGULAR) if (matches(offered, type)) chosen = offered
  }
  return chosen
}

/** The content types yoga parses as a JSON body (`isPOSTJsonRequest`): the first listed type, with or without parameters. */
export function jsonContent(contentType: string | null | undefined): boolean {
  const first = contentType?.split(',')[0] ?? ''
  return ['application/json', 'application/graphql+json'].some((t) => first === t || first.startsWith(`${t};`))
}

/** What a resolver and yoga's plugins read of the request: its method, URL and headers (`get`, `has`). */
class LightHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()]
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined
  }
}

/**
 * The lean path's answer, or null when the request is not the plain case (the caller hands it
 * to `yoga.fetch`). `body` is the POST's text, already read.
 */
export async function leanAnswer(
  c: Context,
  yoga: ReturnType<typeof createGraphQL>,
  body: string,
  serverContext: ServerContext & { setCookie(v: string): void },
  cookies: string[],
): Promise<Response | null> {
  const headers = nodeHeaders(c)
  const accept = headers ? headers.accept : c.req.header('accept')
  // yoga reads a POST body as JSON only under a JSON content type; any other type (a form's
  // text/plain, say) is yoga's to refuse, so a cross-site form can never run an operation here.
  const mediaType = jsonContent(headers ? headers['content-type'] : c.req.header('content-type')) ? regularMediaType(accept) : null
  const params = mediaType ? plainParams(body) : null
  if (!mediaType || !params) return null
  const request = { method: 'POST', url: c.req.url, headers: headers ? new LightHeaders(headers) : c.req.raw.headers } as unknown as Request
  const result = await yoga.getResultForParams({ params, request }, serverContext)
  if (!result) throw new Error('GraphQL gave no result')
  const extra: Record<string, string | string[]> = cookies.length > 0 ? { 'set-cookie': cookies } : {}
  // The common answer: no errors, nothing for the HTTP layer (yoga's status 200, its JSON).
  if (!isAsyncIterable(result) && !result.errors?.length && !('http' in (result.extensions ?? {})) && !('stringify' in result)) {
    return c.body(JSON.stringify(result), 200, { 'content-type': `${mediaType}; charset=utf-8`, ...extra })
  }
  // Errors (their status codes, their internals left out) or a stream: yoga's own processor.
  return fromYoga(c, await processRegularResult(result, yoga.fetchAPI, mediaType), cookies)
}
