import type { Hono } from 'hono'
import type { AbuseLimits, LimitStore } from '../auth/rate-limit'
import type { PasswordHasher } from '../auth/passwords'
import type { TokenService } from '../auth/tokens'
import type { Config } from '../config'
import type { Db } from '../db/client'
import type { AppEnv } from '../http/guarded'
import type { Logger } from '../logger'
import type { Platforms } from '../platforms'
import type { Invalidations } from '../realtime/invalidation'
import type { Realtime } from '../realtime/pubsub'
import type { Services } from '../service-registry'
import type { TokenBox } from './channels/token-box'
import type { FirebaseIdentity } from './firebase-auth/firebase-identity'

/**
 * What every module may use, built once before the modules (server/src/services.ts): settings,
 * the database, the clock, the pub/sub and its cache invalidations, the abuse limits, password
 * hashing, signed tokens, the sealing box for platform tokens and the platform clients.
 */
export interface Core {
  config: Config
  db: Db
  log: Logger
  /** The JWT signing secret (also the fallback for the token key and marketing links). */
  secret: string
  now: () => Date
  ms: () => number
  /** PUBLIC_URL, or the local address: links in mails and OAuth redirects. */
  publicUrl: string
  realtime: Realtime
  pubsub: Realtime['pubsub']
  invalidations: Invalidations
  limitStore: LimitStore
  limits: AbuseLimits
  passwords: PasswordHasher
  tokens: TokenService
  box: TokenBox
  platforms: Platforms
  /** AUTH_PROVIDER=firebase: the Firebase Admin identity; otherwise null. */
  firebaseIdentity: FirebaseIdentity | null
}

/** The part of the core callers see on `services` (the rest stays inside the modules). */
export const PUBLIC_CORE = ['invalidations', 'firebaseIdentity', 'passwords', 'tokens', 'limits', 'realtime', 'pubsub', 'platforms'] as const
export type PublicCore = Pick<Core, (typeof PUBLIC_CORE)[number]>

/** What a module's routes may need beyond the request: the services, the log, the built client, the shutdown signal. */
export interface RestContext {
  services: Services
  log: Logger
  /** The built client's folder (CLIENT_DIST). */
  clientDist: string
  /** Aborted when the server shuts down (long-lived answers end). */
  shutdown?: AbortSignal
}

/**
 * One feature's plug-in: everything it brings to the server, exported from its
 * `<name>.module.ts` and listed once in `modules/index.ts`. Its GraphQL types and fields
 * register themselves when the module file imports its `*.schema.ts`.
 */
export interface ServerModule<Name extends string = string, Needs = unknown, Provides extends object = object> {
  name: Name
  /**
   * Builds its services from the core and the services of the modules listed before it (the
   * parameter's type says which; `modules/index.ts` refuses a list in the wrong order). The
   * keys it returns become `services.<key>`. Cross-module callbacks are wired here, in the
   * module that owns them.
   */
  services?: (deps: Needs) => Provides
  /** Mounts its REST routes (each with its rule, see http/guarded.ts). */
  rest?: (app: Hono<AppEnv>, ctx: RestContext) => void
  /** The data the product needs on every deployment (seeded at each start, in list order). */
  productData?: (db: Db) => Promise<void>
  /** Background duties, run by one process of a deployment (the server with index 0). */
  background?: { start: (own: Provides) => void; stop: (own: Provides) => Promise<void> }
}

/** Declares a module; the types of what it needs and provides are inferred from `services`. */
export function defineModule<const Name extends string, Needs = unknown, Provides extends object = object>(
  module: ServerModule<Name, Needs, Provides>,
): ServerModule<Name, Needs, Provides> {
  return module
}

type ProvidedBy<M> = M extends { services?: (deps: never) => infer P } ? (object extends P ? unknown : P) : unknown
type NeedsOf<M> = M extends { services?: (deps: infer N) => unknown } ? N : unknown

/** The services a list of modules provides, by key (the intersection of each one's `services` result). */
export type ServicesOf<Ms extends readonly unknown[]> = Ms extends readonly [infer Head, ...infer Rest] ? ProvidedBy<Head> & ServicesOf<Rest> : unknown

/**
 * `true` when every module needs only the core and services of modules before it; otherwise
 * the first module that does not, and the keys it misses (a type error at the list).
 */
export type InDependencyOrder<Ms extends readonly unknown[], Have> = Ms extends readonly [infer Head, ...infer Rest]
  ? [Have] extends [NeedsOf<Head>]
    ? InDependencyOrder<Rest, Have & ProvidedBy<Head>>
    : { module: Head extends { name: infer N } ? N : never; missing: Exclude<keyof NeedsOf<Head>, keyof Have> }
  : true
