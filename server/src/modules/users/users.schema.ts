import { guardedByParent } from '../../graphql/field-auth'
import { RoleEnum } from '../../auth/auth.schema'
import { builder } from '../../graphql/builder'
import { connectionOf } from '../../graphql/connection'
import { toId } from '../../ids'
import type { UserView } from './user-view'
import { sortKeys } from './users.service'

const UserStatusEnum = builder.enumType('UserStatus', {
  description: 'active: the licence runs and a connected channel (sandbox included) has its bot switched on; inactive: anything else.',
  values: ['active', 'inactive'] as const,
})

const UserSortEnum = builder.enumType('UserSortField', {
  description: 'The sorts the user list offers (each has an index); ties are broken by id.',
  values: sortKeys,
})

const BotPanelRef = builder.objectRef<UserView['botPanel']>('UserBotPanel').implement({
  extensions: guardedByParent,
  description: "The user's Botpanel (spec section 3).",
  fields: (t) => ({
    active: t.exposeBoolean('active'),
    autostart: t.exposeBoolean('autostart'),
    chatbot: t.exposeBoolean('chatbot'),
    categoryChatbot: t.exposeBoolean('categoryChatbot'),
  }),
})

export const UserRef = builder.objectRef<UserView>('User').implement({
  extensions: guardedByParent,
  description: 'A user as admins and resellers manage it: the user list item of the spec with the real record (Package, licence, bot panel).',
  fields: (t) => ({
    id: t.id({ resolve: (u) => String(u.id) }),
    fullName: t.exposeString('fullName', { nullable: true }),
    company: t.exposeString('company', { nullable: true }),
    role: t.field({ type: RoleEnum, resolve: (u) => u.role }),
    username: t.exposeString('username'),
    country: t.exposeString('country', { nullable: true }),
    contact: t.exposeString('contact', { nullable: true, description: 'The phone of the account settings.' }),
    email: t.exposeString('email'),
    currentPlan: t.string({ description: "The user's Package: a plan name, or 'None'.", resolve: (u) => u.package }),
    status: t.field({
      type: UserStatusEnum,
      nullable: true,
      description: 'active when the licence runs and a connected channel has its bot on (see UserStatus); null for Package None (the REST list says false).',
      resolve: (u) => (u.status === false ? null : u.status),
    }),
    avatar: t.exposeString('avatar', { nullable: true }),
    licenseKey: t.exposeString('licenseKey', { description: "The active licence's key; 'None' without one." }),
    duration: t.exposeInt('duration', {
      description: 'Days left: TotalDays minus the days since licensebeginning (negative once expired); 1 for Package None.',
    }),
    durationTotal: t.exposeInt('durationTotal', { description: 'TotalDays of the active licence; 1 for Package None.' }),
    twitchname: t.exposeString('twitchname', { nullable: true }),
    resellerId: t.id({
      nullable: true,
      description: 'The reseller who brought this client.',
      resolve: (u) => (u.resellerId === null ? null : String(u.resellerId)),
    }),
    resellerName: t.string({
      nullable: true,
      description: "The reseller's username.",
      resolve: (u, _args, ctx) => (u.resellerId === null ? null : ctx.services.users.usernameOf(u.resellerId)),
    }),
    licenceId: t.id({ nullable: true, description: 'The active licence.', resolve: (u) => (u.licence ? String(u.licence.id) : null) }),
    licensebeginning: t.string({
      nullable: true,
      description: 'First day of the active licence (YYYY-MM-DD).',
      resolve: (u) => u.licence?.licensebeginning ?? null,
    }),
    botPanel: t.field({ type: BotPanelRef, resolve: (u) => u.botPanel }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Server time of registration (the spec’s timestamp).' }),
  }),
})

const UserConnectionRef = connectionOf<UserView>(
  'User',
  UserRef,
  'Exact number of users matching the filters, counted once per filter and reused for COUNT_CACHE_TTL seconds (5 by default) by this server process; its own changes reset it at once.',
)

const BotPanelInput = builder.inputType('UserBotPanelInput', {
  fields: (t) => ({
    active: t.boolean(),
    autostart: t.boolean(),
    chatbot: t.boolean(),
    categoryChatbot: t.boolean(),
  }),
})

const CreateUserInput = builder.inputType('CreateUserInput', {
  description:
    'A new account. Resellers create clients (who become theirs) with a key from their pool; admins any role, with a key or a plan. Without a password the user is mailed a link to choose one.',
  fields: (t) => ({
    username: t.string({ required: true }),
    email: t.string({ required: true }),
    fullName: t.string(),
    company: t.string(),
    country: t.string(),
    contact: t.string(),
    twitchname: t.string(),
    role: t.field({ type: RoleEnum, description: 'Admins only; client by default.' }),
    currentPlan: t.string({ description: 'Admins: a plan name; a fresh key of TotalDays (30 by default) is made and activated.' }),
    totalDays: t.int(),
    licenseKey: t.string({ description: 'A key to activate for the user (resellers: from their pool).' }),
    resellerId: t.id({ description: 'Admins: the reseller the client belongs to.' }),
    password: t.string(),
  }),
})

const UpdateUserInput = builder.inputType('UpdateUserInput', {
  description: 'Anyone in scope: names, contact, Twitch name, bot panel; email: the user or an admin. Admins only: role, package, resellerId.',
  fields: (t) => ({
    fullName: t.string(),
    email: t.string(),
    company: t.string(),
    country: t.string(),
    contact: t.string(),
    twitchname: t.string(),
    role: t.field({ type: RoleEnum }),
    package: t.string({ description: "A plan name or 'None'. Licences normally set it; this overrides." }),
    resellerId: t.id(),
    botPanel: t.field({ type: BotPanelInput }),
  }),
})

/** Drops the arguments a client left out (GraphQL null stays null: it clears a field). */
const given = <T extends object>(input: T) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))

builder.queryFields((t) => ({
  // Accounts, licences, plans (admin and reseller side). Signed in; the services filter by
  // scope (admin: all; reseller: their clients; client: themself): "read all" never widens it.
  // What only staff may do is a rule of STAFF_ABILITY (abilities.ts), the same the client shows buttons by.
  users: t.withAuth({ signedIn: true, token: 'users:read' }).field({
    type: UserConnectionRef,
    description:
      'Users with a package (the spec’s user list), in scope: admins everyone, resellers their clients, clients themself. Keyset paged: first/after or last/before.',
    args: {
      first: t.arg.int(),
      after: t.arg.string(),
      last: t.arg.int(),
      before: t.arg.string(),
      q: t.arg.string({ description: 'Part of the username or full name, any case.' }),
      role: t.arg({ type: RoleEnum }),
      plan: t.arg.string({ description: 'A plan name.' }),
      status: t.arg({ type: UserStatusEnum }),
      everyAccount: t.arg.boolean({
        description: 'Every account in scope, also those without a package (admins, resellers, new sign-ups).',
        defaultValue: false,
      }),
      sortBy: t.arg({ type: UserSortEnum, defaultValue: 'id' }),
      sortDesc: t.arg.boolean({ defaultValue: false }),
    },
    resolve: (_root, args, ctx) => ctx.services.users.connection(ctx.principal, args),
  }),
  user: t.withAuth({ signedIn: true, token: 'users:read' }).field({
    type: UserRef,
    nullable: true,
    description: 'A user in scope (any package), or null.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => ctx.services.users.get(ctx.principal, toId(id)),
  }),
}))

builder.mutationFields((t) => ({
  createUser: t.withAuth({ can: ['create', 'User'], token: 'users:write' }).field({
    type: UserRef,
    args: { input: t.arg({ type: CreateUserInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.users.create(ctx.principal, given(input)),
  }),
  updateUser: t.withAuth({ signedIn: true, token: 'users:write' }).field({
    type: UserRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateUserInput, required: true }) },
    resolve: (_root, { id, input }, ctx) =>
      ctx.services.users.update(ctx.principal, toId(id), {
        ...given(input),
        ...(input.botPanel ? { botPanel: given(input.botPanel) } : {}),
      }),
  }),
  deleteUser: t.withAuth({ can: ['manage', 'User'], token: 'users:write' }).boolean({
    description: 'Admins: deletes the account (not your own); its keys are revoked, its clients lose their reseller.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      await ctx.services.users.remove(ctx.principal, toId(id))
      return true
    },
  }),
}))
