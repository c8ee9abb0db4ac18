import type { GraphQLField, GraphQLObjectType } from 'graphql'
import { AppError } from '../errors'
import { may, rule, twoStepSetupRequiredMessage, type Action, type Principal, type Rule, type Subject } from '../permissions/abilities'
import { tokenAllows, type TokenScope } from '../permissions/token-scopes'
import type { GraphQLContext } from './context'

/**
 * Authorization on the field: each GraphQL field states who may call it beside its definition,
 * as Pothos scope-auth `authScopes`, evaluated from the same CASL abilities as the REST routes
 * and the client. Several scopes in one map must all pass (the builder's default strategy is
 * `all`), which leaves room for a second dimension (an API token's scopes) beside the role rule.
 *
 *   builder.queryField('channels', (t) => t.withAuth({ signedIn: true }).field({ … }))  // ctx.principal is non-null
 *   builder.mutationField('deleteUser', (t) => t.field({ authScopes: { can: ['manage', 'User'] }, … }))
 *
 * Object types reached only through the field that returned them say so with
 * `extensions: guardedByParent`; a schema with a field that declares nothing does not build
 * (graphql/authorize.ts requireRules).
 *
 * The second dimension (issue 32): a request made with a personal access token carries the
 * token's scopes beside its owner's role. A field states the scope it needs in the same map as
 * its role rule, `authScopes: { signedIn: true, token: 'commands:read' }`; the loader answers
 * `token` true for a sign-in (a person is limited by their role alone) and, for a token, whether
 * the token grants that scope, while `signedIn` and `can` judge the token's owner. With the
 * `all` strategy both must pass, so a token never widens what its owner's role allows. A root
 * field that declares no `token` scope stays closed to tokens (graphql/authorize.ts
 * closeToTokens); a nested field may add a narrower scope (`Channel.commands` needs
 * `commands:read` beside the `channel:read` of the root field that returned the channel).
 */
export interface AuthScopes {
  /** Anyone, signed in or not. */
  public: boolean
  /** Signed in, and not a staff sign-in the two-step policy holds back. */
  signedIn: boolean
  /** Signed in, a held-back staff sign-in included (what it needs to set up two-step verification). */
  twoStepSetup: boolean
  /** The caller's abilities grant the action on the subject (`manage` also needs the admin claim). */
  can: readonly [Action, Subject]
  /** A personal access token must hold this scope (a sign-in passes; see above). */
  token: TokenScope
}

/** The context a field declared `signedIn`, `twoStepSetup` or `can` gets: the caller is known. */
export type SignedInContext = GraphQLContext & { principal: Principal }

export interface AuthContexts {
  signedIn: SignedInContext
  twoStepSetup: SignedInContext
  can: SignedInContext
}

/** The scope loader of one request (Pothos caches the results per request). */
export function authScopesOf(ctx: GraphQLContext) {
  const p = ctx.principal
  const held = !!p?.twoStepPending
  return {
    public: true,
    signedIn: !!p && !held,
    twoStepSetup: !!p,
    can: ([action, subject]: readonly [Action, Subject]) => !held && may(p, action, subject),
    token: (scope: TokenScope) => tokenAllows(p?.token, scope),
  }
}

/** The coded error a refused field answers with, the same as the REST routes'. */
export function refusal(ctx: GraphQLContext): AppError {
  if (!ctx.principal) return new AppError('UNAUTHENTICATED', 'Sign in first')
  if (ctx.principal.twoStepPending) return new AppError('TWO_STEP_SETUP_REQUIRED', twoStepSetupRequiredMessage)
  return new AppError('FORBIDDEN', 'Not allowed')
}

/** Marks an object type whose fields are only reached through a field that was authorized. */
export const guardedByParent = { rule: 'parent' } as const

type Declared = { authScopes?: Partial<AuthScopes> }

/**
 * The rule a built field declares, in the terms of permissions/abilities (the schema walk, the
 * authorization matrix and the fuzzer read it); undefined when it declares none.
 */
export function declaredRule(type: GraphQLObjectType, field: GraphQLField<unknown, unknown>): Rule | undefined {
  const scopes = (field.extensions?.pothosOptions as Declared | undefined)?.authScopes
  if (scopes) {
    const token = scopes.token ? { token: scopes.token } : {}
    if (scopes.public) return rule.public
    if (scopes.can) return { ...rule.can(scopes.can[0], scopes.can[1]), ...token }
    if (scopes.signedIn) return { ...rule.signedIn, ...token }
    if (scopes.twoStepSetup) return { ...rule.twoStepSetup, ...token }
  }
  if ((type.extensions as { rule?: string } | undefined)?.rule === 'parent') return rule.parent
  return undefined
}

/** The token scope a built field declares (`authScopes.token`), or undefined. */
export function declaredTokenScope(field: GraphQLField<unknown, unknown>): TokenScope | undefined {
  return (field.extensions?.pothosOptions as Declared | undefined)?.authScopes?.token
}
