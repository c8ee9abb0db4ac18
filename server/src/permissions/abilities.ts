import { createMongoAbility, type MongoAbility } from '@casl/ability'
import type { AbilityRule, Role } from '../db/schema'
import { AppError } from '../errors'

/**
 * The one place that says who may do what (spec section 6).
 *
 * - A signed-in user's rules are the `ability` list of their user record (new accounts:
 *   read ACL, read all), read at sign-in and on every request.
 * - An anonymous visitor has read on Auth.
 * - `manage` additionally requires the admin claim of the access token.
 */
export type Action = 'read' | 'create' | 'update' | 'delete' | 'manage'
export type Subject = 'Auth' | 'ACL' | 'Admin' | 'User' | 'Licence' | 'Plan' | 'MailOutbox' | 'AuditLog' | 'Help' | 'Product' | 'all'
export type AppAbility = MongoAbility<[Action, Subject]>

export const DEFAULT_ABILITY: AbilityRule[] = [
  { action: 'read', subject: 'ACL' },
  { action: 'read', subject: 'all' },
]
export const ADMIN_ABILITY: AbilityRule[] = [{ action: 'manage', subject: 'all' }]
export const ANONYMOUS_ABILITY: AbilityRule[] = [{ action: 'read', subject: 'Auth' }]

export interface Principal {
  userId: number
  role: Role
  /** The admin claim carried by the access token. */
  admin: boolean
  ability: AbilityRule[]
}

export function abilityFor(principal: Principal | null): AppAbility {
  const rules = principal ? principal.ability : ANONYMOUS_ABILITY
  return createMongoAbility<[Action, Subject]>(rules as never)
}

/** The rule an operation declares. Deny is the default: an operation without a rule is refused. */
export type Rule =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'can'; action: Action; subject: Subject }
  /** A field of an object that is only ever handed to callers its parent field allowed. */
  | { kind: 'parent' }

export const rule = {
  public: { kind: 'public' } as Rule,
  signedIn: { kind: 'signedIn' } as Rule,
  parent: { kind: 'parent' } as Rule,
  can: (action: Action, subject: Subject): Rule => ({ kind: 'can', action, subject }),
}

/** Throws UNAUTHENTICATED / FORBIDDEN when `principal` may not pass `r`. */
export function enforce(r: Rule | undefined, principal: Principal | null): void {
  if (!r) throw new AppError('FORBIDDEN', 'Not allowed')
  switch (r.kind) {
    case 'public':
    case 'parent':
      return
    case 'signedIn':
      if (!principal) throw new AppError('UNAUTHENTICATED', 'Sign in first')
      return
    case 'can': {
      if (!principal && r.subject !== 'Auth') throw new AppError('UNAUTHENTICATED', 'Sign in first')
      if (!abilityFor(principal).can(r.action, r.subject)) throw new AppError('FORBIDDEN', 'Not allowed')
      if (r.action === 'manage' && !principal?.admin) throw new AppError('FORBIDDEN', 'Not allowed')
      return
    }
  }
}
