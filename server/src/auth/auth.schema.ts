import { guardedByParent } from '../graphql/field-auth'
import { AppError } from '../errors'
import { roles } from '../db/schema'
import type { AbilityRuleOut } from '../permissions/abilities'
import { builder } from '../graphql/builder'
import type { AuthResult } from './auth.service'
import { toUserData, type UserData } from './user-data'

export const RoleEnum = builder.enumType('Role', { values: roles })

const AbilityRuleRef = builder.objectRef<AbilityRuleOut>('AbilityRule').implement({
  extensions: guardedByParent,
  description: 'One rule a user holds: CASL action on subject (a "cannot" when inverted).',
  fields: (t) => ({
    action: t.exposeString('action'),
    subject: t.exposeString('subject'),
    inverted: t.boolean({ resolve: (r) => r.inverted === true }),
  }),
})

const UserExtrasRef = builder.objectRef<UserData['extras']>('UserExtras').implement({
  extensions: guardedByParent,
  fields: (t) => ({ eCommerceCartItemsCount: t.exposeInt('eCommerceCartItemsCount') }),
})

export const UserDataRef = builder.objectRef<UserData>('UserData').implement({
  extensions: guardedByParent,
  description: 'The session user data the client stores under `userData`.',
  fields: (t) => ({
    id: t.id({ resolve: (u) => String(u.id) }),
    fullName: t.exposeString('fullName', { nullable: true }),
    username: t.exposeString('username'),
    avatar: t.exposeString('avatar', { nullable: true }),
    email: t.exposeString('email'),
    role: t.field({ type: RoleEnum, resolve: (u) => u.role }),
    ability: t.field({ type: [AbilityRuleRef], resolve: (u) => u.ability }),
    extras: t.field({ type: UserExtrasRef, resolve: (u) => u.extras }),
  }),
})

export const AuthPayloadRef = builder.objectRef<AuthResult>('AuthPayload').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    userData: t.field({ type: UserDataRef, resolve: (p) => p.userData }),
    accessToken: t.exposeString('accessToken'),
    refreshToken: t.exposeString('refreshToken'),
  }),
})

const LoginInput = builder.inputType('LoginInput', {
  fields: (t) => ({ email: t.string({ required: true }), password: t.string({ required: true }) }),
})

const RegisterInput = builder.inputType('RegisterInput', {
  fields: (t) => ({
    username: t.string({ required: true }),
    email: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
})

builder.queryField('viewer', (t) =>
  t.field({
    authScopes: { public: true },
    type: UserDataRef,
    nullable: true,
    description: 'The signed-in user, or null when signed out.',
    // Read fresh: the caller may be cached for PRINCIPAL_CACHE_MS, but a user who just saved
    // their profile must see it at once.
    resolve: async (_root, _args, ctx) => {
      if (!ctx.principal) return null
      const user = await ctx.services.auth.findById(ctx.principal.userId)
      return user ? toUserData(user, await ctx.services.shop.cartCount(user.id), ctx.principal.admin) : null
    },
  }),
)

builder.mutationFields((t) => ({
  login: t.field({
    authScopes: { public: true },
    type: AuthPayloadRef,
    args: { input: t.arg({ type: LoginInput, required: true }) },
    description:
      'Signs in with e-mail and password. An account with two-step verification on answers TWO_STEP_REQUIRED: sign in through POST /jwt/login and /jwt/login/two-step.',
    resolve: async (_root, { input }, ctx) => {
      const result = await ctx.services.auth.login(input, ctx.clientKey, ctx.userAgent)
      if ('twoStepRequired' in result) throw new AppError('TWO_STEP_REQUIRED', 'Two-step verification is on: sign in through /jwt/login')
      return result
    },
  }),
  register: t.field({
    authScopes: { public: true },
    type: AuthPayloadRef,
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.auth.register(input, ctx.clientKey, ctx.userAgent),
  }),
  refreshToken: t.field({
    authScopes: { public: true },
    type: AuthPayloadRef,
    args: { refreshToken: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.auth.refresh(args),
  }),
  logout: t.boolean({
    authScopes: { public: true },
    description: 'Revokes the refresh token (and the sign-in it belongs to).',
    args: { refreshToken: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.services.auth.logout(args)
      return true
    },
  }),
  requestPasswordReset: t.boolean({
    authScopes: { public: true },
    description: 'Mails a reset link when the account exists; answers true either way.',
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, { email }, ctx) => {
      await ctx.services.passwordReset.request(email, ctx.clientKey)
      return true
    },
  }),
  resetPassword: t.boolean({
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_root, { token, password }, ctx) => {
      await ctx.services.passwordReset.reset(token, password)
      return true
    },
  }),
}))
