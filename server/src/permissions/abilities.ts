import { createMongoAbility, type MongoAbility } from '@casl/ability'
import type { AbilityRule, Role } from '../db/schema'
import { AppError } from '../errors'
import { tokenAllows, type TokenGrant, type TokenScope } from './token-scopes'

/**
 * The one place that says who may do what (spec section 6).
 *
 * - A signed-in user's rules are the `ability` list of their user record (new accounts:
 *   read ACL, read all), read at sign-in and on every request.
 * - Role grants on top (STAFF_ABILITY), see `rulesFor`: the same list is sent to the client.
 * - An anonymous visitor has read on Auth.
 * - `manage` additionally requires the admin claim of the access token.
 */
export type Action = 'read' | 'create' | 'update' | 'delete' | 'manage'
export type Subject = 'Auth' | 'ACL' | 'Admin' | 'User' | 'Licence' | 'Plan' | 'MailOutbox' | 'AuditLog' | 'Help' | 'Blog' | 'Product' | 'Invoice' | 'all'
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
  /** The sign-in passed two-step verification (the access token's `amr` claim). */
  twoStep?: boolean
  /**
   * An admin or reseller signed in without two-step verification while the admins' policy
   * requires it: refused everywhere except the rules marked `twoStepSetup` (enforceTwoStep).
   */
  twoStepPending?: boolean
  /** The request came with a personal access token (issue 32): its scopes and channel limit the owner's rights. */
  token?: TokenGrant
}

/** One CASL rule as sent to the client (userData.ability); `inverted` makes it a "cannot". */
export interface AbilityRuleOut extends AbilityRule {
  inverted?: boolean
}

const CRUD = ['read', 'create', 'update', 'delete'] as const

/**
 * What admins (with the admin claim) and resellers may do that clients may not: the
 * `requireStaff` checks of the services (scope.ts), on other people's records (one's own
 * account is always one's own). Admin-only operations are `manage` on their subject.
 */
export const STAFF_ABILITY: readonly AbilityRule[] = [
  { action: 'create', subject: 'User' },
  { action: 'update', subject: 'User' },
  { action: 'update', subject: 'Licence' },
  { action: 'create', subject: 'Invoice' },
  { action: 'update', subject: 'Invoice' },
]

/**
 * The caller's effective rules: the one list both the server's checks (`abilityFor`) and the
 * client (sent as userData.ability; menus, buttons and the route guard ask it) are built from.
 *
 * - The user record's rules; without the admin claim a `manage` rule grants only read,
 *   create, update and delete (manage needs the claim).
 * - Staff (admin claim or reseller role) also hold STAFF_ABILITY; anyone else is refused it
 *   whatever their record says ("cannot" rules, only added when the record would grant it).
 *
 * A user whose record holds the spec's defaults gets exactly them back.
 */
export function rulesFor(principal: Principal | null): AbilityRuleOut[] {
  if (!principal) return ANONYMOUS_ABILITY.map((r) => ({ ...r }))
  const stored = principal.admin
    ? principal.ability.map((r) => ({ action: r.action, subject: r.subject }))
    : principal.ability.flatMap((r) =>
        r.action === 'manage' ? CRUD.map((action) => ({ action, subject: r.subject })) : [{ action: r.action, subject: r.subject }],
      )
  const base = createMongoAbility<[string, string]>(stored)
  const staff = principal.admin || principal.role === 'reseller'
  const extra: AbilityRuleOut[] = staff
    ? STAFF_ABILITY.filter((r) => !base.can(r.action, r.subject)).map((r) => ({ ...r }))
    : STAFF_ABILITY.filter((r) => base.can(r.action, r.subject)).map((r) => ({ ...r, inverted: true }))
  return [...stored, ...extra]
}

export function abilityFor(principal: Principal | null): AppAbility {
  return createMongoAbility<[Action, Subject]>(rulesFor(principal) as never)
}

/** The rule an operation declares. Deny is the default: an operation without a rule is refused. */
export type Rule =
  | { kind: 'public' }
  /** `twoStepSetup`: also open to a staff sign-in the two-step policy holds back (setting it up). */
  | { kind: 'signedIn'; twoStepSetup?: true; token?: TokenScope }
  | { kind: 'can'; action: Action; subject: Subject; token?: TokenScope }
  /** A field of an object that is only ever handed to callers its parent field allowed. */
  | { kind: 'parent' }

/** Anyone may call it. */
export type PublicRule = Extract<Rule, { kind: 'public' }>
/** Only a known caller passes it: the handler is handed a non-null principal. */
export type CallerRule = Extract<Rule, { kind: 'signedIn' | 'can' }>

export const rule = {
  public: { kind: 'public' } as PublicRule,
  signedIn: { kind: 'signedIn' } as CallerRule,
  /** Signed in, and open to a staff sign-in that must still set up two-step verification. */
  twoStepSetup: { kind: 'signedIn', twoStepSetup: true } as CallerRule,
  parent: { kind: 'parent' } as Rule,
  can: (action: Action, subject: Subject): CallerRule => ({ kind: 'can', action, subject }),
}

/** The rule, also open to personal access tokens that hold `scope` (a token without it is refused). */
export const scoped = (r: CallerRule, scope: TokenScope): CallerRule => ({ ...r, token: scope })

export const twoStepSetupRequiredMessage = 'Your account must use two-step verification: set it up in account settings first.'

/**
 * The admins' "require two-step verification for staff" policy, enforced for every REST route
 * (http/guarded.ts) and every root GraphQL field (graphql/authorize.ts): a held-back staff
 * sign-in passes only public rules and those marked `twoStepSetup`. Nested GraphQL fields are
 * only reached through a root field, so checking the roots covers them.
 */
export function enforceTwoStep(r: Rule | undefined, principal: Principal | null): void {
  if (!principal?.twoStepPending || r?.kind === 'public') return
  if (r?.kind === 'signedIn' && r.twoStepSetup) return
  throw new AppError('TWO_STEP_SETUP_REQUIRED', twoStepSetupRequiredMessage)
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
      enforceTokenScope(r.token, principal)
      return
    case 'can': {
      if (!principal && r.subject !== 'Auth') throw new AppError('UNAUTHENTICATED', 'Sign in first')
      if (!may(principal, r.action, r.subject)) throw new AppError('FORBIDDEN', 'Not allowed')
      enforceTokenScope(r.token, principal)
      return
    }
  }
}

/** Deny by default for tokens: a rule that names no scope is refused to a personal access token. */
function enforceTokenScope(scope: TokenScope | undefined, principal: Principal | null): void {
  if (!tokenAllows(principal?.token, scope)) throw new AppError('FORBIDDEN', scope ? `This token lacks the ${scope} scope` : 'Not open to access tokens')
}

/** Whether the caller's abilities grant `action` on `subject`; `manage` also needs the admin claim. */
export function may(principal: Principal | null, action: Action, subject: Subject): boolean {
  if (!abilityFor(principal).can(action, subject)) return false
  return action !== 'manage' || !!principal?.admin
}
