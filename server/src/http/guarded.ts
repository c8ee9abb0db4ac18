import type { Context, Hono } from 'hono'
import { AppError } from '../errors'
import { enforce, enforceTwoStep, type CallerRule, type Principal, type PublicRule, type Rule } from '../permissions/abilities'
import { recordRoute, type Method } from '../permissions/mounted-routes'
import type { Services } from '../service-registry'
import type { RouteDoc } from './route-doc'
import { findUnstorableText, unstorableTextError } from './text-input'

export type AppEnv = {
  Variables: { requestId: string; clientKey: string; services: Services }
}

type Handler<P> = (c: Context<AppEnv>, principal: P) => Response | Promise<Response>

/** Reads the Bearer token, if any. A present but bad token is a 401 (the client refreshes once). */
export async function principalOf(c: Context<AppEnv>): Promise<Principal | null> {
  const header = c.req.header('authorization')
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Malformed Authorization header')
  return (await c.get('services').auth.principalFromToken(match[1])).principal
}

/**
 * Mounts a REST route under the rule it declares here, beside its path:
 * `guarded(app, 'GET', '/apps/todo/tasks', rule.signedIn, (c, principal) => …)`. A public route's
 * handler gets no principal; any other rule's handler gets the caller, never null (an anonymous
 * caller is refused UNAUTHENTICATED before it runs). The route and its rule are recorded
 * (permissions/mounted-routes.ts), which the schema walk, the authorization matrix and the
 * fuzzer read. A route mounted with `app.on` directly has no rule: the walk test refuses it.
 * The argument before the handler documents the route (its zod schemas and answers,
 * http/route-doc.ts) for /openapi.json: `guarded(app, 'POST', '/jwt/login', rule.public, docs.login, (c) => …)`.
 */
export function guarded(app: Hono<AppEnv>, method: Method, path: string, rule: PublicRule, handler: Handler<null>): void
export function guarded(app: Hono<AppEnv>, method: Method, path: string, rule: CallerRule, handler: Handler<Principal>): void
export function guarded(app: Hono<AppEnv>, method: Method, path: string, rule: PublicRule, doc: RouteDoc, handler: Handler<null>): void
export function guarded(app: Hono<AppEnv>, method: Method, path: string, rule: CallerRule, doc: RouteDoc, handler: Handler<Principal>): void
export function guarded(
  app: Hono<AppEnv>,
  method: Method,
  path: string,
  rule: Rule,
  ...rest: [Handler<Principal> | Handler<null>] | [RouteDoc, Handler<Principal> | Handler<null>]
): void {
  const [doc, handler] = rest.length === 2 ? rest : [undefined, rest[0]]
  if (typeof rule !== 'object' || !['public', 'signedIn', 'can', 'parent'].includes(rule?.kind)) throw new Error(`${method} ${path} declares no rule`)
  if (rule.kind === 'parent') throw new Error(`${method} ${path}: a route has no parent to be guarded by`)
  recordRoute({ method, path, rule, doc })
  app.on(method, path, async (c) => {
    const principal = rule.kind === 'public' ? null : await principalOf(c)
    if (rule.kind !== 'public' && !principal) throw new AppError('UNAUTHENTICATED', 'Sign in first')
    enforce(rule, principal)
    enforceTwoStep(rule, principal)
    await refuseUnstorableText(c)
    return (handler as Handler<Principal | null>)(c, principal)
  })
}

/**
 * Refuses (400 BAD_USER_INPUT) a request whose query, path or JSON body holds a string the
 * database cannot store (NUL, unpaired surrogates), before any handler sees it. The body is
 * read as text first, so a handler that needs the exact bytes (a signature check) still has them.
 */
async function refuseUnstorableText(c: Context<AppEnv>): Promise<void> {
  const found = findUnstorableText(c.req.queries(), 'query') ?? findUnstorableText(c.req.param(), 'path')
  if (found) throw unstorableTextError(found)
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || !(c.req.header('content-type') ?? '').includes('json')) return
  let body: unknown
  try {
    body = JSON.parse(await c.req.text())
  } catch {
    return // not JSON: the handler refuses it in its own words
  }
  const inBody = findUnstorableText(body, 'body')
  if (inBody) throw unstorableTextError(inBody)
}

/** Parses a JSON body; anything that is not a JSON object reads as an empty object. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await c.req.json()
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
