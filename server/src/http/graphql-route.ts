import type { Hono } from 'hono'
import { AppError } from '../errors'
import { graphiqlAsset } from '../graphql/graphiql'
import { fromYoga, leanAnswer, yogaRequest } from '../graphql/http'
import type { createGraphQL } from '../graphql/yoga'
import { rule } from '../permissions/abilities'
import { guarded, type AppEnv } from './guarded'
import { httpDocs } from './http.api-doc'

/**
 * `/graphql` through Yoga. CSRF: the API takes bearer tokens, not cookies; still, only JSON (which
 * needs a CORS preflight cross-site) or an explicit preflight header reaches GraphQL operations.
 */
export function graphqlRoute(app: Hono<AppEnv>, yoga: ReturnType<typeof createGraphQL>) {
  app.on(['GET', 'POST'], '/graphql', async (c) => {
    const type = c.req.header('content-type') ?? ''
    const wantsPage = c.req.method === 'GET' && (c.req.header('accept') ?? '').includes('text/html')
    const preflighted = Boolean(c.req.header('apollo-require-preflight') || c.req.header('x-graphql-csrf'))
    if (!wantsPage && !preflighted && !(c.req.method === 'POST' && type.includes('application/json'))) {
      throw new AppError('FORBIDDEN', 'GraphQL requests must be JSON POSTs or carry a preflight header')
    }
    // A resolver may set a cookie on this response (the browser binding of a channel connection).
    const cookies: string[] = []
    const serverContext = { clientKey: c.get('clientKey'), requestId: c.get('requestId'), setCookie: (v: string) => void cookies.push(v) }
    // A plain JSON POST takes the lean path (graphql/http.ts); anything else goes through yoga's HTTP layer.
    const body = c.req.method === 'POST' ? await c.req.text() : undefined
    const lean = body === undefined ? null : await leanAnswer(c, yoga, body, serverContext, cookies)
    if (lean) return lean
    const res = await yoga.fetch(await yogaRequest(c, yoga.fetchAPI, body), serverContext)
    return fromYoga(c, res, cookies)
  })
}

/** GraphiQL's scripts, styles and workers (graphql/graphiql.ts): a 404 when GraphiQL is off. */
export function graphiqlRoute(app: Hono<AppEnv>, enabled: boolean) {
  guarded(app, 'GET', '/graphiql/:file', rule.public, httpDocs.graphiql, async (c) => {
    const asset = enabled ? await graphiqlAsset(c.req.param('file') ?? '') : undefined
    if (!asset) return c.body(null, 404)
    c.header('content-type', asset.type)
    c.header('cache-control', 'public, max-age=3600')
    return c.body(asset.body as string)
  })
}
