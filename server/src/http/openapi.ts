import { z } from 'zod'
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi'
import type { Rule } from '../permissions/abilities'
import { mountedRoutes, type MountedRoute } from '../permissions/mounted-routes'
import { codedError, type RouteDoc } from './route-doc'

/** `/apps/todo/tasks/:id` → `/apps/todo/tasks/{id}` (OpenAPI's path template). */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')

const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!)

/** Who may call, in words (the rule the route declares where it is mounted). */
function ruleText(rule: Rule): string {
  switch (rule.kind) {
    case 'public':
      return 'Anyone (no token).'
    case 'signedIn':
      return rule.twoStepSetup
        ? 'A signed-in user, also while two-step setup is still pending.'
        : 'Any signed-in user (a Bearer token); the answer holds what the caller may see.'
    case 'can':
      return `A signed-in user allowed to ${rule.action} ${rule.subject}.`
    default:
      return 'Nobody.'
  }
}

/** What a personal access token needs on the route (issue 32): its scope, or nothing opens it to tokens. */
function tokenText(rule: Rule): string | undefined {
  if (rule.kind !== 'signedIn' && rule.kind !== 'can') return undefined
  return rule.token ? `**Personal access token:** needs the \`${rule.token}\` scope.` : '**Personal access token:** refused; a sign-in only.'
}

/** The first path segments after the prefix name the group (`/apps/todo/…` → todo, `/jwt/…` → jwt). */
function tagOf(path: string): string {
  const parts = path.split('/').filter(Boolean)
  return (parts[0] === 'apps' ? parts[1] : parts[0]) ?? 'root'
}

function operationOf(route: MountedRoute): ZodOpenApiOperationObject {
  const doc: RouteDoc = route.doc ?? { summary: `${route.method} ${route.path}`, responses: { 200: { description: 'Not yet described (placeholder).' } } }
  const names = pathParamNames(route.path)
  const path = doc.params ?? (names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined)
  const responses: ZodOpenApiOperationObject['responses'] = {}
  for (const [status, r] of Object.entries(doc.responses)) {
    responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: r.description,
      ...(r.body ? { content: { [r.contentType ?? 'application/json']: { schema: r.body } } } : {}),
      ...(r.headers
        ? { headers: Object.fromEntries(Object.entries(r.headers).map(([name, description]) => [name, { description, schema: { type: 'string' as const } }])) }
        : {}),
    }
  }
  // Every route refuses bad text and, unless public, a missing or bad token the same coded way.
  responses['400'] ??= { description: 'Bad input (a coded error, nothing changed).', content: { 'application/json': { schema: codedError } } }
  if (route.rule.kind !== 'public') {
    responses['401'] ??= {
      description: 'No token, or a bad or expired one (refresh once, then retry).',
      content: { 'application/json': { schema: codedError } },
    }
    if (route.rule.kind === 'can') responses['403'] ??= { description: 'Signed in but not allowed.', content: { 'application/json': { schema: codedError } } }
  }
  return {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: doc.summary,
    description: [doc.description, `**Who may call:** ${ruleText(route.rule)}`, tokenText(route.rule)].filter(Boolean).join('\n\n'),
    tags: [tagOf(route.path)],
    'x-rule': route.rule,
    ...(route.rule.kind === 'public' ? { security: [] } : {}),
    ...(doc.query || path ? { requestParams: { ...(doc.query ? { query: doc.query } : {}), ...(path ? { path } : {}) } } : {}),
    ...(doc.body ? { requestBody: { required: true, content: { 'application/json': { schema: doc.body } } } } : {}),
    responses,
  }
}

/**
 * The OpenAPI 3.1 document of the REST routes, built from what each route declared where it
 * was mounted (`guarded(…, doc)`): its rule, its zod schemas and its answers. GraphQL is
 * described by its own schema (/graphql, schema/schema.graphql).
 */
export function openApiDocument(routes: MountedRoute[] = mountedRoutes()) {
  const paths: ZodOpenApiPathsObject = {}
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const item = (paths[openApiPath(route.path)] ??= {})
    item[route.method.toLowerCase() as 'get'] = operationOf(route)
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Channel assistant REST API',
      version: '1',
      description:
        'The REST routes of the dashboard. Most of the product is in the GraphQL API at `/graphql` (its schema is described field by field); ' +
        'these routes keep the shapes of the original app (`/jwt/*` sign-in, `/apps/*`) and a few files and callbacks. ' +
        'Send `Authorization: Bearer <token>`; a refusal is a coded error (`{error, code, fields?}`) unless the route says otherwise.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: "A personal access token (`cat_…`, made on the developers' page, within its scopes) or a sign-in's access token (a JWT).",
        },
      },
    },
    security: [{ bearer: [] }],
    paths,
  })
}
