import { publicUrlOf, type Config } from './config'
import type { Db } from './db/client'
import type { Logger } from './logger'
import { createPasswordHasher } from './auth/passwords'
import { AbuseLimits, abuseLimitSettings, createLimitStore, type LimitStore } from './auth/rate-limit'
import { createTokenService } from './auth/tokens'
import { createFirebaseIdentity } from './modules/firebase-auth/firebase-identity'
import { createTokenBox, resolveTokenKey } from './modules/channels/token-box'
import { modules, type ModuleServices } from './modules'
import { PUBLIC_CORE, type Core, type PublicCore } from './modules/module'
import { createPlatforms, type Platforms } from './platforms'
import { createInvalidations } from './realtime/invalidation'
import { createRealtime, type Realtime } from './realtime/pubsub'
import type { Services as ServiceRegistry } from './service-registry'

export interface Clock {
  now: () => Date
}

export interface ServiceDeps {
  config: Config
  db: Db
  log: Logger
  secret: string
  clock?: Clock
  /** Pub/sub (in memory, or Redis with REDIS_URL) and platform clients; tests may pass their own. */
  realtime?: Realtime
  platforms?: Platforms
  /** Where the abuse limits count (in memory, or Redis with REDIS_URL); tests may pass their own. */
  limitStore?: LimitStore
}

/** What every module may use (modules/module.ts `Core`), built once. */
function createCore(deps: ServiceDeps): Core {
  const { config, db, log, secret } = deps
  const now = deps.clock?.now ?? (() => new Date())
  const ms = () => now().getTime()
  // Pub/sub: in memory, or through Redis with REDIS_URL (live events and cache invalidations reach every process).
  const realtime = deps.realtime ?? createRealtime({ redisUrl: config.REDIS_URL, log })
  // Sign-in, registration and password-reset limits; shared by every process through Redis when configured.
  const limitStore = deps.limitStore ?? createLimitStore({ redisUrl: config.REDIS_URL, log })
  // Platform tokens and two-step secrets are sealed with this key (AES-256-GCM).
  const tokenKey = resolveTokenKey({ configured: config.CHANNEL_TOKEN_KEY, dataDir: config.DATA_DIR, fallbackSecret: secret })
  if (tokenKey.source === 'generated') log.warn('CHANNEL_TOKEN_KEY not set: generated a key for platform tokens in the data directory')
  return {
    config,
    db,
    log,
    secret,
    now,
    ms,
    publicUrl: publicUrlOf(config),
    realtime,
    pubsub: realtime.pubsub,
    invalidations: createInvalidations(realtime, log),
    limitStore,
    limits: new AbuseLimits(limitStore, abuseLimitSettings(config), ms),
    passwords: createPasswordHasher({ memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_ITERATIONS }),
    tokens: createTokenService(db, {
      secret,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      accessTtlSeconds: config.ACCESS_TOKEN_TTL,
      refreshIdleTtlSeconds: config.REFRESH_TOKEN_IDLE_TTL,
      refreshAbsoluteTtlSeconds: config.REFRESH_TOKEN_ABSOLUTE_TTL,
      refreshReuseGraceSeconds: config.REFRESH_REUSE_GRACE_SECONDS,
      now,
    }),
    box: createTokenBox(tokenKey.key),
    platforms: deps.platforms ?? createPlatforms(config, { now: ms }),
    // AUTH_PROVIDER=firebase: Firebase Auth holds the passwords; firebase-admin verifies its ID tokens and admin claims.
    firebaseIdentity:
      config.AUTH_PROVIDER === 'firebase' && config.FIREBASE_PROJECT_ID
        ? createFirebaseIdentity({ projectId: config.FIREBASE_PROJECT_ID, emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST })
        : null,
  }
}

/** The core's public part and every module's services (modules/index.ts), by key. */
export type Services = ServiceRegistry

declare module './service-registry' {
  interface Services extends PublicCore, ModuleServicesObject {}
}
type ModuleServicesObject = { [K in keyof ModuleServices]: ModuleServices[K] }

/**
 * Builds every service once, module by module in the list's order (modules/index.ts); both
 * doors (GraphQL and REST) and the bot worker call these.
 */
export function createServices(deps: ServiceDeps): Services {
  const core = createCore(deps)
  const built: Record<string, unknown> = { ...core }
  for (const module of modules) if (module.services) Object.assign(built, module.services(built as never))
  const services: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(built)) if (!(key in core) || (PUBLIC_CORE as readonly string[]).includes(key)) services[key] = value
  return services as unknown as Services
}

/** Starts the modules' background duties (one process of a deployment runs them). */
export function startBackground(services: Services): void {
  for (const module of modules) module.background?.start(services as never)
}

/** Stops them, waiting for the work in flight. */
export async function stopBackground(services: Services): Promise<void> {
  for (const module of modules) await module.background?.stop(services as never)
}
