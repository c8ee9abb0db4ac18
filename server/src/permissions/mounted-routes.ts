import type { RouteDoc } from '../http/route-doc'
import type { Rule } from './abilities'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A REST route as mounted, with the rule it declared where it was mounted (http/guarded.ts). */
export interface MountedRoute {
  method: Method
  path: string
  rule: Rule
  /** What the route takes and answers (the OpenAPI document, http/openapi.ts). */
  doc?: RouteDoc
}

const mounted = new Map<string, MountedRoute>()
const keyOf = (method: Method, path: string) => `${method} ${path}`

/**
 * Records a route as it is mounted. The record is the process's: every app mounts the same
 * routes, so a second app adds nothing; the same route under another rule is a programming
 * error and stops the start.
 */
export function recordRoute(route: MountedRoute): void {
  const key = keyOf(route.method, route.path)
  const seen = mounted.get(key)
  if (seen && JSON.stringify(seen.rule) !== JSON.stringify(route.rule)) throw new Error(`${key} is mounted under two different rules`)
  mounted.set(key, route)
}

/** Every route mounted so far with its rule (the schema walk, the authorization matrix and the fuzzer read them). */
export function mountedRoutes(): MountedRoute[] {
  return [...mounted.values()]
}

/** The rule a mounted route declared; undefined when no such route is mounted (so a check against it refuses). */
export function mountedRule(method: Method, path: string): Rule | undefined {
  return mounted.get(keyOf(method, path))?.rule
}
