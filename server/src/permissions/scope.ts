import { AppError } from '../errors'
import type { Principal } from './abilities'

/**
 * Whose accounts a caller may see and change (spec section 6, SCOPE.md): an admin (with the
 * admin claim) everyone; a reseller their own account and the clients they brought
 * (users.reseller_id); anyone else only themself. Services filter their queries by this,
 * so "read all" in a user's ability never widens it.
 */
export type Scope = { kind: 'all'; actorId: number } | { kind: 'reseller'; actorId: number } | { kind: 'self'; actorId: number }

export function scopeOf(principal: Principal | null): Scope {
  if (!principal) throw new AppError('UNAUTHENTICATED', 'Sign in first')
  if (principal.admin) return { kind: 'all', actorId: principal.userId }
  if (principal.role === 'reseller') return { kind: 'reseller', actorId: principal.userId }
  return { kind: 'self', actorId: principal.userId }
}

/** Admins and resellers manage accounts; clients only their own. */
export function requireStaff(scope: Scope): asserts scope is Exclude<Scope, { kind: 'self' }> {
  if (scope.kind === 'self') throw new AppError('FORBIDDEN', 'Only admins and resellers may do this')
}

export function requireAdmin(scope: Scope): asserts scope is Extract<Scope, { kind: 'all' }> {
  if (scope.kind !== 'all') throw new AppError('FORBIDDEN', 'Only admins may do this')
}
