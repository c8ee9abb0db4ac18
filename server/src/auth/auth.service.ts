import type { UserRow } from '../db/schema'
import { abilityFor } from '../permissions/abilities'
import { noteTokenChannel } from '../permissions/token-scopes'
import { authDeps, findById, type AuthServiceDeps, type PersonalTokenCheck } from './auth-deps'
import { afterPassword, login, loginTwoStep, signInAfterTwoStepSetup } from './login'
import { principalFromToken } from './principal'
import { logout, refresh } from './refresh'
import { register } from './register'

export { normalizeEmail, type AuthResult } from './auth-deps'

/**
 * Sign-in, registration and the caller behind a token: login.ts (password, two-step, after a
 * two-step set-up), register.ts, refresh.ts (refresh, logout) and principal.ts (the cached
 * caller per access token), over deps built once here.
 */
export function createAuthService(serviceDeps: AuthServiceDeps) {
  const deps = authDeps(serviceDeps)
  return {
    login: (raw: unknown, clientKey: string, userAgent?: string) => login(deps, raw, clientKey, userAgent),
    loginTwoStep: (raw: unknown, clientKey: string, userAgent?: string) => loginTwoStep(deps, raw, clientKey, userAgent),
    signInAfterTwoStepSetup: (userId: number, userAgent?: string) => signInAfterTwoStepSetup(deps, userId, userAgent),
    register: (raw: unknown, clientKey: string, userAgent?: string) => register(deps, raw, clientKey, userAgent),
    refresh: (raw: unknown) => refresh(deps, raw),
    logout: (raw: unknown) => logout(deps, raw),
    principalFromToken: async (token: string) => {
      const found = await principalFromToken(deps, token)
      // A channel-bound token limits this request's channel lookups (permissions/token-scopes.ts).
      if (found.principal.token) noteTokenChannel(found.principal.token.channelId)
      return found
    },
    /** Accepts personal access tokens as bearer values too (the access-tokens module plugs its check in). */
    acceptPersonalTokens: (check: PersonalTokenCheck) => {
      deps.personalTokens = check
    },
    /** Drops every cached caller (after an account change here or, through Redis, in another process). */
    forgetCallers: () => deps.callers.clear(),
    findById: (id: number) => findById(deps, id),
    abilityFor,
    completeSignIn: (user: UserRow, userAgent?: string) => afterPassword(deps, user, userAgent),
  }
}

export type AuthService = ReturnType<typeof createAuthService>
