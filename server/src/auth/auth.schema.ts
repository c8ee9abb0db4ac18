import { guardedByParent } from '../graphql/field-auth'
import { AppError } from '../errors'
import type { roles } from '../db/schema'
import type { AbilityRuleOut } from '../permissions/abilities'
import { builder } from '../graphql/builder'
import type { AuthResult } from './auth.service'
import { toUserData, type UserData } from './user-data'

export const RoleEnum = builder.enumType('Role', {
  description: 'What a user account is: it decides what the account may see and do.',
  values: {
    admin: { description: 'Runs the product: every user, channel, plan and setting.' },
    client: { description: 'A streamer: their own account and the channels they connected.' },
    reseller: { description: 'Sells the product: their own account plus the clients they created.' },
  } satisfies Record<(typeof roles)[number], { description: string }>,
})

const AbilityRuleRef = builder.objectRef<AbilityRuleOut>('AbilityRule').implement({
  extensions: guardedByParent,
  description: 'One rule a user holds: CASL action on subject (a "cannot" when inverted).',
  fields: (t) => ({
    action: t.exposeString('action', { description: 'The CASL action, e.g. `read`, `manage` (every action).' }),
    subject: t.exposeString('subject', { description: 'What it applies to, e.g. `Channel`, `all` (everything).' }),
    inverted: t.boolean({ description: 'True: a "cannot" rule that takes the right away.', resolve: (r) => r.inverted === true }),
  }),
})

const UserExtrasRef = builder.objectRef<UserData['extras']>('UserExtras').implement({
  extensions: guardedByParent,
  description: 'Counters the client shows in its navigation.',
  fields: (t) => ({
    eCommerceCartItemsCount: t.exposeInt('eCommerceCartItemsCount', { description: 'How many items are in the user’s shop cart (0 when empty).' }),
  }),
})

export const UserDataRef = builder.objectRef<UserData>('UserData').implement({
  extensions: guardedByParent,
  description: 'The session user data the client stores under `userData`.',
  fields: (t) => ({
    id: t.id({ description: 'The user id, a decimal number as a string (e.g. `"42"`).', resolve: (u) => String(u.id) }),
    fullName: t.exposeString('fullName', { nullable: true, description: 'The name shown to others; null: not given.' }),
    username: t.exposeString('username', { description: 'The sign-in name: 3 to 32 of `A-Z a-z 0-9 _ . -`, unique regardless of case.' }),
    avatar: t.exposeString('avatar', { nullable: true, description: 'URL or path of the profile picture; null: none (the client shows initials).' }),
    email: t.exposeString('email', { description: 'The e-mail address the account signs in with.' }),
    role: t.field({ type: RoleEnum, description: 'The account’s role.', resolve: (u) => u.role }),
    ability: t.field({
      type: [AbilityRuleRef],
      description: 'The CASL rules the client uses to show or hide pages; the server checks each request itself.',
      resolve: (u) => u.ability,
    }),
    extras: t.field({ type: UserExtrasRef, description: 'Counters for the navigation.', resolve: (u) => u.extras }),
  }),
})

export const AuthPayloadRef = builder.objectRef<AuthResult>('AuthPayload').implement({
  extensions: guardedByParent,
  description: 'A sign-in: who signed in and the two tokens of the session.',
  fields: (t) => ({
    userData: t.field({ type: UserDataRef, description: 'The signed-in user.', resolve: (p) => p.userData }),
    accessToken: t.exposeString('accessToken', {
      description: 'A JWT to send as `Authorization: Bearer <token>`; it lasts ACCESS_TOKEN_TTL (10 minutes by default).',
    }),
    refreshToken: t.exposeString('refreshToken', {
      description:
        'Single-use: trade it for new tokens with `refreshToken` before it goes idle (REFRESH_TOKEN_IDLE_TTL); a sign-in ends after REFRESH_TOKEN_ABSOLUTE_TTL (12 h by default) however used.',
    }),
  }),
})

const LoginInput = builder.inputType('LoginInput', {
  description: 'E-mail and password of an account.',
  fields: (t) => ({
    email: t.string({ required: true, description: 'The account’s e-mail address (case does not matter).' }),
    password: t.string({ required: true, description: 'Its password.' }),
  }),
})

const RegisterInput = builder.inputType('RegisterInput', {
  description: 'A new account; a field that fails answers a validation error naming that field.',
  fields: (t) => ({
    username: t.string({ required: true, description: '3 to 32 of `A-Z a-z 0-9 _ . -`, not taken by anyone (regardless of case).' }),
    email: t.string({ required: true, description: 'A valid e-mail address no other account uses.' }),
    password: t.string({ required: true, description: '8 to 128 characters, at least 4 different ones, not a common password.' }),
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
    args: { input: t.arg({ type: LoginInput, required: true, description: 'E-mail and password.' }) },
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
    args: { input: t.arg({ type: RegisterInput, required: true, description: 'Name, e-mail and password of the new account.' }) },
    description: 'Makes a client account and signs it in.',
    resolve: (_root, { input }, ctx) => ctx.services.auth.register(input, ctx.clientKey, ctx.userAgent),
  }),
  refreshToken: t.field({
    authScopes: { public: true },
    type: AuthPayloadRef,
    args: { refreshToken: t.arg.string({ required: true, description: 'The refresh token of the last sign-in or refresh.' }) },
    description: 'Trades a refresh token for new tokens (the old refresh token stops working); the sign-in keeps its end time.',
    resolve: (_root, args, ctx) => ctx.services.auth.refresh(args),
  }),
  logout: t.boolean({
    authScopes: { public: true },
    description: 'Revokes the refresh token (and the sign-in it belongs to).',
    args: { refreshToken: t.arg.string({ required: true, description: 'The refresh token of the sign-in to end.' }) },
    resolve: async (_root, args, ctx) => {
      await ctx.services.auth.logout(args)
      return true
    },
  }),
  requestPasswordReset: t.boolean({
    authScopes: { public: true },
    description: 'Mails a reset link when the account exists; answers true either way.',
    args: { email: t.arg.string({ required: true, description: 'The account’s e-mail address.' }) },
    resolve: async (_root, { email }, ctx) => {
      await ctx.services.passwordReset.request(email, ctx.clientKey)
      return true
    },
  }),
  resetPassword: t.boolean({
    authScopes: { public: true },
    description:
      'Sets a new password with the token of a reset link (valid PASSWORD_RESET_TTL, 1 hour by default, used once); ends every sign-in of the account.',
    args: {
      token: t.arg.string({ required: true, description: 'The token from the reset link.' }),
      password: t.arg.string({ required: true, description: 'The new password: 8 to 128 characters, at least 4 different ones, not a common password.' }),
    },
    resolve: async (_root, { token, password }, ctx) => {
      await ctx.services.passwordReset.reset(token, password)
      return true
    },
  }),
}))
