import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users, type UserRow } from '../db/schema'
import type { Principal } from '../permissions/abilities'
import type { TwoStepService } from '../modules/two-step/two-step.service'
import type { PasswordHasher } from './passwords'
import type { AbuseLimits } from './rate-limit'
import type { TokenService } from './tokens'
import type { UserData } from './user-data'

export interface AuthResult {
  userData: UserData
  accessToken: string
  refreshToken: string
  /** Only for an admin or reseller who must set up two-step verification and has not yet. */
  twoStepSetupRequired?: true
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** What createAuthService is given. */
export interface AuthServiceDeps {
  db: Db
  passwords: PasswordHasher
  tokens: TokenService
  /** Sign-in delays per (account, address) and registrations per address and e-mail (rate-limit.ts). */
  limits: AbuseLimits
  /**
   * How long one access token's caller stays cached (ms; 0 = read on every request). A
   * change of role, ability or a deletion reaches a token already in use within this time;
   * the token itself lives 10 minutes anyway.
   */
  principalCacheMs?: number
  now?: () => number
  /** Two-step verification: asked after the password when the account has it on. */
  twoStep?: Pick<TwoStepService, 'isEnabled' | 'challenge' | 'verifyChallenge' | 'requireForStaff'>
  /** Told of every completed sign-in (login, two-step, registration) inside its transaction; the statistics count them. */
  onSignIn?: (tx: Db, userId: number, userAgent: string | undefined) => Promise<void>
  /**
   * AUTH_PROVIDER=firebase: passwords live in Firebase Auth (POST /jwt/firebase), so the local
   * login and registration refuse, and the access token's admin claim also needs the Firebase
   * user's `admin` custom claim, read again at every sign-in and refresh (it may throw
   * INVALID_TOKEN when the Firebase user was deleted or disabled, which ends the sign-in).
   */
  provider?: { name: 'firebase'; adminClaim(user: UserRow): Promise<boolean> }
}

export type PrincipalLookup = { principal: Principal; user: UserRow; expiresAt: number }

/** The personal access tokens' check (modules/access-tokens), plugged in by that module: bearer values with `prefix` go to it. */
export interface PersonalTokenCheck {
  prefix: string
  resolve: (secret: string) => Promise<PrincipalLookup>
}

/** What the auth use cases share, built once by createAuthService. */
export interface AuthDeps extends AuthServiceDeps {
  cacheMs: number
  clock: () => number
  findUserById: { execute(values: { id: number }): Promise<UserRow[]> }
  /** Cached callers per access token. */
  callers: Map<string, { until: number; result: { principal: Principal; user: UserRow } }>
  /**
   * Lookups in flight per token: concurrent requests of one caller share one (single flight),
   * so a cache entry running out under load costs one read, not one per request.
   */
  pending: Map<string, Promise<PrincipalLookup>>
  /** Set once the access-tokens module is built (modules/index.ts lists it after auth). */
  personalTokens: PersonalTokenCheck | null
}

export function authDeps(deps: AuthServiceDeps): AuthDeps {
  // Read on every authenticated request: built once, and a named prepared statement on
  // PostgreSQL (parsed and planned once per connection). 0.56 → 0.16 ms on PostgreSQL,
  // 0.90 → 0.59 ms on PGlite (tests/bench/users.ts, 100k users).
  const findUserById = deps.db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_find_user_by_id')
  return {
    ...deps,
    cacheMs: deps.principalCacheMs ?? 0,
    clock: deps.now ?? Date.now,
    findUserById,
    callers: new Map(),
    pending: new Map(),
    personalTokens: null,
  }
}

export async function findById({ findUserById }: AuthDeps, id: number): Promise<UserRow | undefined> {
  const [row] = await findUserById.execute({ id })
  return row
}
