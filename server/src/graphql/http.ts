import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

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
export async function yogaRequest(c: Context, fetchAPI: { Request: typeof Request }): Promise<Request> {
  if (c.req.method !== 'POST') return c.req.raw
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  const body = await c.req.text()
  return new fetchAPI.Request(c.req.url, { method: 'POST', headers: (incoming?.headers as Record<string, string> | undefined) ?? c.req.raw.headers, body })
}

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
