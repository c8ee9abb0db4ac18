import { guardedByParent } from '../../graphql/field-auth'
import type { licenceStatuses } from '../../db/schema'
import { builder } from '../../graphql/builder'
import { connectionOf } from '../../graphql/connection'
import { toId, toOptionalId } from '../../ids'
import type { LicenceView } from './licences.service'

const LicenceStatusEnum = builder.enumType('LicenceStatus', {
  description:
    'available (in stock or a reseller’s pool) → assigned (reserved for a user) → active (entered) → superseded (a newer key was activated); revoked at any point.',
  values: {
    available: { description: 'Unused: in stock or in a reseller’s pool.' },
    assigned: { description: 'Reserved for a user, not yet entered.' },
    active: { description: 'Entered: the user’s current licence.' },
    superseded: { description: 'Was active; a newer key was activated for the user.' },
    revoked: { description: 'Withdrawn: can no longer be used.' },
  } satisfies Record<(typeof licenceStatuses)[number], { description: string }>,
})

const LicenceRef = builder.objectRef<LicenceView>('Licence').implement({
  extensions: guardedByParent,
  description: 'A licence key (spec section 3: licensekey, TotalDays, licensebeginning).',
  fields: (t) => ({
    id: t.id({ description: 'The licence id (a decimal number as a string).', resolve: (l) => String(l.id) }),
    licensekey: t.exposeString('licensekey', { description: 'XXXX-XXXX-XXXX-XXXX.' }),
    planId: t.id({ nullable: true, description: 'The plan it grants; null: none.', resolve: (l) => (l.planId === null ? null : String(l.planId)) }),
    planName: t.string({
      nullable: true,
      description: 'That plan’s name; null: no plan.',
      resolve: async (l, _args, ctx) => (l.planId === null ? null : ((await ctx.services.plans.byId(l.planId))?.name ?? null)),
    }),
    userId: t.id({
      nullable: true,
      description: 'The user it is assigned to or active for; null: nobody yet.',
      resolve: (l) => (l.userId === null ? null : String(l.userId)),
    }),
    userName: t.string({
      nullable: true,
      description: "The key's user's username.",
      resolve: (l, _args, ctx) => (l.userId === null ? null : ctx.services.users.usernameOf(l.userId)),
    }),
    resellerId: t.id({
      nullable: true,
      description: 'The reseller whose pool the key is in.',
      resolve: (l) => (l.resellerId === null ? null : String(l.resellerId)),
    }),
    resellerName: t.string({
      nullable: true,
      description: "The pool's reseller's username.",
      resolve: (l, _args, ctx) => (l.resellerId === null ? null : ctx.services.users.usernameOf(l.resellerId)),
    }),
    totalDays: t.exposeInt('totalDays', { description: 'TotalDays.' }),
    licensebeginning: t.exposeString('licensebeginning', { nullable: true, description: 'The day it was activated (YYYY-MM-DD).' }),
    status: t.field({ type: LicenceStatusEnum, description: 'Where the key stands.', resolve: (l) => l.status }),
    daysLeft: t.exposeInt('daysLeft', {
      nullable: true,
      description: 'Active keys: TotalDays minus the days since licensebeginning (negative once expired).',
    }),
    endsOn: t.exposeString('endsOn', { nullable: true, description: 'Active keys: licensebeginning + TotalDays (YYYY-MM-DD).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the key was made.' }),
    activatedAt: t.expose('activatedAt', { type: 'DateTime', nullable: true, description: 'When it was entered; null: never.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'When it was revoked; null: not revoked.' }),
  }),
})

const LicenceConnectionRef = connectionOf<LicenceView>(
  'Licence',
  LicenceRef,
  'Exact number of licences matching the filters, reused for COUNT_CACHE_TTL seconds per filter by this server process.',
)

const GenerateLicencesInput = builder.inputType('GenerateLicencesInput', {
  description: 'A batch of new keys.',
  fields: (t) => ({
    planId: t.id({ required: true, description: 'The plan the keys grant.' }),
    totalDays: t.int({ required: true, description: '1 to 36500.' }),
    count: t.int({ required: true, description: '1 to 1000 keys.' }),
    resellerId: t.id({ description: "Put the keys into this reseller's pool." }),
  }),
})

builder.queryFields((t) => ({
  // Signed in; the service filters by scope (admin: all; reseller: their clients; client: themself): "read all"
  // never widens it. What only staff may do is a rule of STAFF_ABILITY (abilities.ts), as in users.schema.ts.
  licences: t.withAuth({ signedIn: true }).field({
    type: LicenceConnectionRef,
    description: "Licences in scope, newest first: admins all; resellers their pool and their clients' keys; clients their own.",
    args: {
      first: t.arg.int({ description: 'Licences per page, 1 to 100 (default 20).' }),
      after: t.arg.string({ description: 'An `endCursor` of the previous page; omitted: from the newest.' }),
      status: t.arg({ type: LicenceStatusEnum, description: 'Only keys with this status.' }),
      planId: t.arg.id({ description: 'Only keys of this plan.' }),
      userId: t.arg.id({ description: 'Only keys of this user.' }),
      resellerId: t.arg.id({ description: 'Only keys in this reseller’s pool.' }),
      q: t.arg.string({ description: 'A key or its beginning.' }),
      expiringWithinDays: t.arg.int({ description: 'Active keys whose last day is within this many days from today.' }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.licences.list(ctx.principal, {
        ...args,
        planId: toOptionalId(args.planId, 'planId', 'int4'),
        userId: toOptionalId(args.userId, 'userId'),
        resellerId: toOptionalId(args.resellerId, 'resellerId'),
      }),
  }),
  licence: t.withAuth({ signedIn: true }).field({
    type: LicenceRef,
    nullable: true,
    description: 'One licence in scope; null when unknown or out of scope.',
    args: { id: t.arg.id({ required: true, description: 'The licence id.' }) },
    resolve: (_root, { id }, ctx) => ctx.services.licences.get(ctx.principal, toId(id)),
  }),
}))

builder.mutationFields((t) => ({
  generateLicences: t.withAuth({ can: ['manage', 'Licence'] }).field({
    type: [LicenceRef],
    description: 'Admins: a batch of new keys (crypto random, XXXX-XXXX-XXXX-XXXX), optionally into a reseller’s pool.',
    args: { input: t.arg({ type: GenerateLicencesInput, required: true, description: 'Plan, length, count, pool.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.licences.generate(ctx.principal, input),
  }),
  assignLicence: t.withAuth({ can: ['update', 'Licence'] }).field({
    type: LicenceRef,
    description: 'Admins and resellers (keys of their pool, to their clients): reserves a key for a user, and activates it when asked.',
    args: {
      id: t.arg.id({ required: true, description: 'The licence id (an available key).' }),
      userId: t.arg.id({ required: true, description: 'The user to reserve it for.' }),
      activate: t.arg.boolean({ defaultValue: false, description: 'Also activate it now.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.licences.assign(ctx.principal, toId(args.id), toId(args.userId, 'userId'), args.activate ?? false),
  }),
  activateLicence: t.withAuth({ signedIn: true }).field({
    type: LicenceRef,
    description:
      'Enters a key: for yourself, or (admins, resellers) for a user in scope. Sets the package and licensebeginning today. Refused: LICENCE_INVALID, LICENCE_USED, LICENCE_REVOKED, LICENCE_TAKEN.',
    args: {
      key: t.arg.string({ required: true, description: 'The key, e.g. `ABCD-EFGH-JKLM-NPQR`.' }),
      userId: t.arg.id({ description: 'Admins and resellers: the user to activate it for; omitted: yourself.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.licences.activate(ctx.principal, args.key, toOptionalId(args.userId, 'userId')),
  }),
  extendLicence: t.withAuth({ can: ['update', 'Licence'] }).field({
    type: LicenceRef,
    description: 'TotalDays + days (1 to 3650).',
    args: {
      id: t.arg.id({ required: true, description: 'The licence id.' }),
      days: t.arg.int({ required: true, description: 'Days to add, 1 to 3650.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.licences.extend(ctx.principal, toId(args.id), args.days),
  }),
  revokeLicence: t.withAuth({ can: ['update', 'Licence'] }).field({
    type: LicenceRef,
    description: 'Revokes a key; a user whose active key it was falls back to Package None.',
    args: { id: t.arg.id({ required: true, description: 'The licence id.' }) },
    resolve: (_root, args, ctx) => ctx.services.licences.revoke(ctx.principal, toId(args.id)),
  }),
}))
