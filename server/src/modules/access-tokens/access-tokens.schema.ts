import { builder } from '../../graphql/builder'
import { guardedByParent } from '../../graphql/field-auth'
import { toOptionalId } from '../../ids'
import { ADMIN_TOKEN_SCOPES, TOKEN_SCOPES } from '../../permissions/token-scopes'
import type { AccessTokenRow } from './access-tokens.tables'

/**
 * Personal access tokens (issue 32). Managing tokens is for a signed-in person only: none of
 * these fields declares a `token` scope, so a token can neither list nor make nor revoke tokens
 * (graphql/authorize.ts closeToTokens).
 */
const AccessTokenRef = builder.objectRef<AccessTokenRow>('AccessToken').implement({
  description:
    'A personal access token: a secret for scripts and integrations, used as `Authorization: Bearer cat_…`. The secret itself is shown once, when it is made.',
  extensions: guardedByParent,
  fields: (t) => ({
    id: t.id({ description: 'The token id (for revoking it).', resolve: (r) => String(r.id) }),
    userId: t.id({ description: 'Its owner.', resolve: (r) => String(r.userId) }),
    name: t.exposeString('name', { description: 'What it is for, as its owner named it.' }),
    hint: t.exposeString('hint', { description: 'The prefix and first characters of the secret, to tell tokens apart (e.g. `cat_3fQ9…`).' }),
    scopes: t.exposeStringList('scopes', {
      description: 'What it may do, e.g. `commands:read` (see `accessTokenScopes`); it never exceeds its owner’s rights.',
    }),
    channelId: t.id({
      nullable: true,
      description: 'The one channel it may reach; null: every channel of its owner.',
      resolve: (r) => (r.channelId ? String(r.channelId) : null),
    }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, description: 'When it stops working; null: never.', resolve: (r) => r.expiresAt }),
    lastUsedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Its last use (recorded at most once a minute); null: never used.',
      resolve: (r) => r.lastUsedAt,
    }),
    lastUsedAddress: t.exposeString('lastUsedAddress', { nullable: true, description: 'The address of its last use.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was made.', resolve: (r) => r.createdAt }),
  }),
})

const CreatedAccessTokenRef = builder.objectRef<{ token: AccessTokenRow; secret: string }>('CreatedAccessToken').implement({
  description: 'A token just made, with its secret: shown this once and never again (only its hash is stored).',
  extensions: guardedByParent,
  fields: (t) => ({
    token: t.field({ type: AccessTokenRef, description: 'The token as the list shows it.', resolve: (r) => r.token }),
    secret: t.exposeString('secret', { description: 'The secret, `cat_` and 36 characters; store it now.' }),
  }),
})

const TokenScopeInfoRef = builder.objectRef<{ name: string; adminOnly: boolean }>('AccessTokenScope').implement({
  description: 'A scope a token may hold: a module and an access (read or write).',
  extensions: guardedByParent,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'e.g. `commands:write`.' }),
    adminOnly: t.exposeBoolean('adminOnly', { description: 'Only an admin may grant it, and it only works while the owner is an admin.' }),
  }),
})

const CreateAccessTokenInput = builder.inputType('CreateAccessTokenInput', {
  description: 'A new personal access token.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'What it is for (1 to 80 characters).' }),
    scopes: t.stringList({ required: true, description: 'At least one scope of `accessTokenScopes`.' }),
    channelId: t.id({ description: 'Limit it to one of your channels; omitted: all of them.' }),
    expiresInDays: t.int({ description: '30, 90 or 365; omitted or null: it never expires.' }),
  }),
})

builder.queryFields((t) => ({
  accessTokenScopes: t.withAuth({ signedIn: true }).field({
    type: [TokenScopeInfoRef],
    description: 'Every scope a personal access token may hold.',
    resolve: () => TOKEN_SCOPES.map((name) => ({ name, adminOnly: ADMIN_TOKEN_SCOPES.includes(name) })),
  }),
  myAccessTokens: t.withAuth({ signedIn: true }).field({
    type: [AccessTokenRef],
    description: 'Your live personal access tokens, newest first.',
    resolve: (_r, _a, ctx) => ctx.services.accessTokens.listOwn(ctx.principal.userId),
  }),
  accessTokens: t.withAuth({ can: ['manage', 'User'] }).field({
    type: [AccessTokenRef],
    description: 'Admins: every live personal access token (the newest 500), or one user’s.',
    args: { userId: t.arg.id({ description: 'Only this user’s tokens.' }) },
    resolve: (_r, { userId }, ctx) => ctx.services.accessTokens.listAll(toOptionalId(userId, 'userId')),
  }),
}))

builder.mutationFields((t) => ({
  createAccessToken: t.withAuth({ signedIn: true }).field({
    type: CreatedAccessTokenRef,
    description: 'Makes a personal access token; the answer holds its secret, shown this once.',
    args: { input: t.arg({ type: CreateAccessTokenInput, required: true, description: 'Its name, scopes, channel and expiry.' }) },
    resolve: (_r, { input }, ctx) => ctx.services.accessTokens.create(ctx.principal, input),
  }),
  revokeAccessToken: t.withAuth({ signedIn: true }).boolean({
    description: 'Revokes one of your tokens (an admin: anyone’s) at once: its next call is refused.',
    args: { id: t.arg.id({ required: true, description: 'The token id.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.accessTokens.revoke(ctx.principal, id),
  }),
}))
