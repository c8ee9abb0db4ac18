import type { Hono } from 'hono'
import { z } from 'zod'
import { rule } from '../permissions/abilities'
import { guarded, type AppEnv } from './guarded'
import { openApiDocument } from './openapi'

const doc = {
  summary: 'This document: the REST routes in OpenAPI 3.1',
  description: 'Built from what each route declares where it is mounted (its rule, zod schemas and answers).',
  responses: { 200: { description: 'The OpenAPI document.', body: z.looseObject({ openapi: z.literal('3.1.0') }) } },
}

/**
 * GET /openapi.json: the REST routes' OpenAPI 3.1 document, public (it describes the calls,
 * not data). Built once, on the first request, when every route has been mounted.
 */
export function openApiRoute(app: Hono<AppEnv>) {
  let body: string | undefined
  guarded(app, 'GET', '/openapi.json', rule.public, doc, (c) => {
    body ??= JSON.stringify(openApiDocument())
    c.header('content-type', 'application/json; charset=utf-8')
    c.header('cache-control', 'no-cache')
    return c.body(body)
  })
}
