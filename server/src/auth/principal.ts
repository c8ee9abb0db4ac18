import type { UserRow } from '../db/schema'
import { AppError } from '../errors'
import { isStaff } from '../modules/two-step/two-step.service'
import type { Principal } from '../permissions/abilities'
import { findById, type AuthDeps } from './auth-deps'

/** Resolves a Bearer token to the caller; the user's current ability is read from the database. */
export async function principalFromToken(deps: AuthDeps, token: string): Promise<{ principal: Principal; user: UserRow }> {
  const { cacheMs, callers, pending, clock } = deps
  if (cacheMs <= 0) {
    const { expiresAt: _expiresAt, ...result } = await lookUpPrincipal(deps, token)
    return result
  }
  const hit = callers.get(token)
  if (hit && hit.until > clock()) return hit.result
  let lookup = pending.get(token)
  if (!lookup) {
    lookup = lookUpPrincipal(deps, token)
    pending.set(token, lookup)
    const done = () => {
      if (pending.get(token) === lookup) pending.delete(token)
    }
    lookup.then(({ expiresAt, ...result }) => {
      done()
      if (callers.size >= 10_000) callers.clear()
      // Never past the token's own expiry.
      callers.set(token, { until: Math.min(clock() + cacheMs, expiresAt), result })
    }, done)
  }
  const { expiresAt: _expiresAt, ...result } = await lookup
  return result
}

async function lookUpPrincipal(deps: AuthDeps, token: string): Promise<{ principal: Principal; user: UserRow; expiresAt: number }> {
  // A personal access token: the same cache and single flight, its own check.
  if (deps.personalTokens && token.startsWith(deps.personalTokens.prefix)) return deps.personalTokens.resolve(token)
  const claims = await deps.tokens.verifyAccess(token)
  const user = await findById(deps, claims.userId)
  if (!user) throw new AppError('UNAUTHENTICATED', 'Invalid access token')
  // The admin claim only holds while the account is still an admin.
  const principal: Principal = {
    userId: user.id,
    role: user.role,
    admin: claims.admin && user.role === 'admin',
    ability: user.ability,
    twoStep: claims.twoStep,
    twoStepPending: !claims.twoStep && isStaff(user.role) && (await deps.twoStep?.requireForStaff()) === true,
  }
  return { principal, user, expiresAt: claims.expiresAt }
}
