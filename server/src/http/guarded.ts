import type { Context, Hono } from 'hono'
import { AppError } from '../errors'
import { enforce, enforceTwoStep, type Principal } from '../permissions/abilities'
import { restRules } from '../permissions/rest-rules'
import type { Services } from '../service-registry'
import { findUnstorableText, unstorableTextError } from './text-input'

export type AppEnv = {
  Variables: { requestId: string; clientKey: string; services: Services }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Handler = (c: Context<AppEnv>, principal: Principal | null) => Response | Promise<Response>

/** Reads the Bearer token, if any. A present but bad token is a 401 (the client refreshes once). */
export async function principalOf(c: Context<AppEnv>): Promise<Principal | null> {
  const header = c.req.header('authorization')
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Malformed Authorization header')
  return (await c.get('services').auth.principalFromToken(match[1])).principal
}

/**
 * Registers a REST route under its rule from permissions/rest-rules.ts. A route with no
 * rule cannot be registered at all (deny by default, checked at start-up and by a test).
 */
export function guarded(app: Hono<AppEnv>, method: Method, path: string, handler: Handler) {
  const rule = restRules[`${method} ${path}`]
  if (!rule) throw new Error(`No permission rule for ${method} ${path}`)
  app.on(method, path, async (c) => {
    const principal = rule.kind === 'public' ? null : await principalOf(c)
    enforce(rule, principal)
    enforceTwoStep(rule, principal)
    await refuseUnstorableText(c)
    return handler(c, principal)
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
