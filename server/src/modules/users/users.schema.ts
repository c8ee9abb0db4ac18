import { guardedByParent } from '../../graphql/field-auth'
import { RoleEnum } from '../../auth/auth.schema'
import { builder } from '../../graphql/builder'
import { connectionOf } from '../../graphql/connection'
import { toId } from '../../ids'
import type { UserView } from './user-view'
import type { sortKeys } from './users.service'

const UserStatusEnum = builder.enumType('UserStatus', {
  description: 'Whether the account is active (one definition, used everywhere).',
  values: {
    active: { description: 'The licence runs and a connected channel (sandbox included) has its bot switched on.' },
    inactive: { description: 'Anything else: no running licence, no connected channel, or every bot switched off.' },
  } as const,
})

const UserSortEnum = builder.enumType('UserSortField', {
  description: 'The sorts the user list offers (each has an index); ties are broken by id.',
  values: {
    id: { description: 'By user id (registration order).' },
    username: { description: 'By username, any case.' },
    fullName: { description: 'By full name, any case (no name sorts as empty).' },
    email: { description: 'By e-mail address.' },
    role: { description: 'By role name.' },
    currentPlan: { description: 'By package (plan name).' },
    createdAt: { description: 'By registration time.' },
  } satisfies Record<(typeof sortKeys)[number], { description: string }>,
})

const BotPanelRef = builder.objectRef<UserView['botPanel']>('UserBotPanel').implement({
  extensions: guardedByParent,
  description: "The user's Botpanel (spec section 3).",
  fields: (t) => ({
    active: t.exposeBoolean('active', { description: 'The bot panel is on: the user’s bot may run.' }),
    autostart: t.exposeBoolean('autostart', { description: 'The bot starts by itself when the stream goes online.' }),
    chatbot: t.exposeBoolean('chatbot', { description: 'The chat bot (commands, timers, moderation) is enabled.' }),
    categoryChatbot: t.exposeBoolean('categoryChatbot', { description: 'The bot follows the stream’s category (category-specific commands).' }),
  }),
})

export const UserRef = builder.objectRef<UserView>('User').implement({
  extensions: guardedByParent,
  description: 'A user as admins and resellers manage it: the user list item of the spec with the real record (Package, licence, bot panel).',
  fields: (t) => ({
    id: t.id({ description: 'The user id, a decimal number as a string (e.g. `"42"`).', resolve: (u) => String(u.id) }),
    fullName: t.exposeString('fullName', { nullable: true, description: 'Full name; null: not given.' }),
    company: t.exposeString('company', { nullable: true, description: 'Company; null: not given.' }),
    role: t.field({ type: RoleEnum, description: 'The account’s role.', resolve: (u) => u.role }),
    username: t.exposeString('username', { description: 'The sign-in name, unique regardless of case.' }),
    country: t.exposeString('country', { nullable: true, description: 'Country as entered (free text); null: not given.' }),
    contact: t.exposeString('contact', { nullable: true, description: 'The phone of the account settings.' }),
    email: t.exposeString('email', { description: 'The e-mail address the account signs in with.' }),
    currentPlan: t.string({ description: "The user's Package: a plan name, or 'None'.", resolve: (u) => u.package }),
    status: t.field({
      type: UserStatusEnum,
      nullable: true,
      description: 'active when the licence runs and a connected channel has its bot on (see UserStatus); null for Package None (the REST list says false).',
      resolve: (u) => (u.status === false ? null : u.status),
    }),
    avatar: t.exposeString('avatar', { nullable: true, description: 'URL or path of the profile picture; null: none.' }),
    licenseKey: t.exposeString('licenseKey', { description: "The active licence's key; 'None' without one." }),
    duration: t.exposeInt('duration', {
      description: 'Days left: TotalDays minus the days since licensebeginning (negative once expired); 1 for Package None.',
    }),
    durationTotal: t.exposeInt('durationTotal', { description: 'TotalDays of the active licence; 1 for Package None.' }),
    twitchname: t.exposeString('twitchname', { nullable: true, description: 'The Twitch login the user gave (3 to 25 letters, digits or _); null: none.' }),
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
    botPanel: t.field({ type: BotPanelRef, description: 'The bot panel switches.', resolve: (u) => u.botPanel }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Server time of registration (the spec’s timestamp).' }),
  }),
})

const UserConnectionRef = connectionOf<UserView>(
  'User',
  UserRef,
  'Exact number of users matching the filters, counted once per filter and reused for COUNT_CACHE_TTL seconds (5 by default) by this server process; its own changes reset it at once.',
)

const BotPanelInput = builder.inputType('UserBotPanelInput', {
  description: 'Bot panel switches to change; an omitted one is left as it is.',
  fields: (t) => ({
    active: t.boolean({ description: 'The bot panel is on.' }),
    autostart: t.boolean({ description: 'The bot starts by itself when the stream goes online.' }),
    chatbot: t.boolean({ description: 'The chat bot is enabled.' }),
    categoryChatbot: t.boolean({ description: 'The bot follows the stream’s category.' }),
  }),
})

const CreateUserInput = builder.inputType('CreateUserInput', {
  description:
    'A new account. Resellers create clients (who become theirs) with a key from their pool; admins any role, with a key or a plan. Without a password the user is mailed a link to choose one.',
  fields: (t) => ({
    username: t.string({ required: true, description: '3 to 32 of `A-Z a-z 0-9 _ . -`, not taken (regardless of case).' }),
    email: t.string({ required: true, description: 'A valid e-mail address no other account uses.' }),
    fullName: t.string({ description: 'Full name, at most 100 characters.' }),
    company: t.string({ description: 'Company, at most 100 characters.' }),
    country: t.string({ description: 'Country, at most 100 characters.' }),
    contact: t.string({ description: 'Phone, at most 40 characters.' }),
    twitchname: t.string({ description: 'Twitch login: 3 to 25 letters, digits or _.' }),
    role: t.field({ type: RoleEnum, description: 'Admins only; client by default.' }),
    currentPlan: t.string({ description: 'Admins: a plan name; a fresh key of TotalDays (30 by default) is made and activated.' }),
    totalDays: t.int({ description: 'Days the fresh key of `currentPlan` lasts, 1 to 36500; omitted: 30.' }),
    licenseKey: t.string({ description: 'A key to activate for the user (resellers: from their pool).' }),
    resellerId: t.id({ description: 'Admins: the reseller the client belongs to.' }),
    password: t.string({ description: 'Optional: 8 to 128 characters, at least 4 different ones, not a common password; omitted: the user is mailed a link.' }),
  }),
})

const UpdateUserInput = builder.inputType('UpdateUserInput', {
  description: 'Anyone in scope: names, contact, Twitch name, bot panel; email: the user or an admin. Admins only: role, package, resellerId.',
  fields: (t) => ({
    fullName: t.string({ description: 'Full name, at most 100 characters; null or empty clears it.' }),
    email: t.string({ description: 'A valid e-mail address no other account uses (the user or an admin).' }),
    company: t.string({ description: 'Company, at most 100 characters; null or empty clears it.' }),
    country: t.string({ description: 'Country, at most 100 characters; null or empty clears it.' }),
    contact: t.string({ description: 'Phone, at most 40 characters; null or empty clears it.' }),
    twitchname: t.string({ description: 'Twitch login, 3 to 25 letters, digits or _; null or empty clears it.' }),
    role: t.field({ type: RoleEnum, description: 'Admins only: the new role.' }),
    package: t.string({ description: "A plan name or 'None'. Licences normally set it; this overrides." }),
    resellerId: t.id({ description: 'Admins only: the reseller the client belongs to; null: none.' }),
    botPanel: t.field({ type: BotPanelInput, description: 'Bot panel switches to change.' }),
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
      first: t.arg.int({ description: 'Forward page size, 1 to 100 (10 when neither first nor last is given).' }),
      after: t.arg.string({ description: 'An `endCursor`: the page after it.' }),
      last: t.arg.int({ description: 'Backward page size, 1 to 100; not with `first`.' }),
      before: t.arg.string({ description: 'A `startCursor`: the page before it.' }),
      q: t.arg.string({ description: 'Part of the username or full name, any case.' }),
      role: t.arg({ type: RoleEnum, description: 'Only users with this role.' }),
      plan: t.arg.string({ description: 'A plan name.' }),
      status: t.arg({ type: UserStatusEnum, description: 'Only users whose bot panel is active (or inactive).' }),
      everyAccount: t.arg.boolean({
        description: 'Every account in scope, also those without a package (admins, resellers, new sign-ups).',
        defaultValue: false,
      }),
      sortBy: t.arg({ type: UserSortEnum, defaultValue: 'id', description: 'The sort.' }),
      sortDesc: t.arg.boolean({ defaultValue: false, description: 'True: descending.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.users.connection(ctx.principal, args),
  }),
  user: t.withAuth({ signedIn: true, token: 'users:read' }).field({
    type: UserRef,
    nullable: true,
    description: 'A user in scope (any package), or null.',
    args: { id: t.arg.id({ required: true, description: 'The user id.' }) },
    resolve: (_root, { id }, ctx) => ctx.services.users.get(ctx.principal, toId(id)),
  }),
}))

builder.mutationFields((t) => ({
  createUser: t.withAuth({ can: ['create', 'User'], token: 'users:write' }).field({
    type: UserRef,
    description: 'Makes an account (admins: any role; resellers: a client of theirs); a username or e-mail already taken answers a field error.',
    args: { input: t.arg({ type: CreateUserInput, required: true, description: 'The new account.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.users.create(ctx.principal, given(input)),
  }),
  updateUser: t.withAuth({ signedIn: true, token: 'users:write' }).field({
    type: UserRef,
    description: 'Changes a user in scope (yourself, a reseller’s client, anyone for admins); only the fields given change.',
    args: {
      id: t.arg.id({ required: true, description: 'The user id.' }),
      input: t.arg({ type: UpdateUserInput, required: true, description: 'The fields to change; an omitted one stays.' }),
    },
    resolve: (_root, { id, input }, ctx) =>
      ctx.services.users.update(ctx.principal, toId(id), {
        ...given(input),
        ...(input.botPanel ? { botPanel: given(input.botPanel) } : {}),
      }),
  }),
  deleteUser: t.withAuth({ can: ['manage', 'User'], token: 'users:write' }).boolean({
    description: 'Admins: deletes the account (not your own); its keys are revoked, its clients lose their reseller.',
    args: { id: t.arg.id({ required: true, description: 'The user id.' }) },
    resolve: async (_root, { id }, ctx) => {
      await ctx.services.users.remove(ctx.principal, toId(id))
      return true
    },
  }),
}))
