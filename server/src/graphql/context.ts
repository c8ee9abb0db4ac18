import type { UserRow } from '../db/schema'
import type { Principal } from '../permissions/abilities'
import type { Services } from '../service-registry'

export interface GraphQLContext {
  principal: Principal | null
  user: UserRow | null
  services: Services
  /** The caller's address, for rate limits. */
  clientKey: string
  /** The request's User-Agent (a sign-in records its device kind from it). */
  userAgent?: string
  /** The request's Accept-Language header (the client sends its UI language). */
  acceptLanguage?: string
  /**
   * Adds a Set-Cookie header to this request's HTTP response (passed in by the HTTP front
   * with the server context; absent outside HTTP, e.g. in schema walks).
   */
  setCookie?: (cookie: string) => void
}
