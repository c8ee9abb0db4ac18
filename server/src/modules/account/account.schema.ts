import { guardedByParent } from '../../graphql/field-auth'
import { AuthPayloadRef } from '../../auth/auth.schema'
import { builder } from '../../graphql/builder'
import { toOptionalId } from '../../ids'
import type { AuthResult } from '../../auth/auth.service'
import type { AccountSettings } from './account.service'

const GeneralRef = builder.objectRef<AccountSettings['general']>('AccountGeneral').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    avatar: t.exposeString('avatar', { nullable: true }),
    username: t.exposeString('username'),
    fullName: t.exposeString('fullName', { nullable: true }),
    email: t.exposeString('email'),
    company: t.exposeString('company', { nullable: true }),
  }),
})

const InfoRef = builder.objectRef<AccountSettings['info']>('AccountInfo').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    bio: t.exposeString('bio', { nullable: true }),
    dob: t.exposeString('dob', { nullable: true, description: 'YYYY-MM-DD.' }),
    country: t.exposeString('country', { nullable: true }),
    website: t.exposeString('website', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
  }),
})

const SocialLinksRef = builder.objectRef<AccountSettings['social']['socialLinks']>('SocialLinks').implement({
  extensions: guardedByParent,
  description: "Links to the user's profiles; empty when not set.",
  fields: (t) => ({
    twitter: t.exposeString('twitter'),
    facebook: t.exposeString('facebook'),
    google: t.exposeString('google'),
    linkedIn: t.exposeString('linkedIn'),
    instagram: t.exposeString('instagram'),
    quora: t.exposeString('quora'),
  }),
})

const ConnectionRef = builder.objectRef<{ id: string }>('AccountConnection').implement({
  extensions: guardedByParent,
  fields: (t) => ({ id: t.exposeString('id') }),
})

const ConnectionsRef = builder.objectRef<AccountSettings['social']['connections']>('AccountConnections').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    twitch: t.field({
      type: ConnectionRef,
      nullable: true,
      description: 'The Twitch name of the account, if set.',
      resolve: (c) => ('id' in c.twitch ? { id: c.twitch.id } : null),
    }),
  }),
})

const SocialRef = builder.objectRef<AccountSettings['social']>('AccountSocial').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    socialLinks: t.field({ type: SocialLinksRef, resolve: (s) => s.socialLinks }),
    connections: t.field({ type: ConnectionsRef, resolve: (s) => s.connections }),
  }),
})

const NotificationRef = builder.objectRef<AccountSettings['notification']>('NotificationFlags').implement({
  extensions: guardedByParent,
  description: 'Which mails the user wants (the spec’s flag names).',
  fields: (t) => ({
    commentOnArticle: t.exposeBoolean('commentOnArticle'),
    AnswerOnForm: t.exposeBoolean('AnswerOnForm'),
    followMe: t.exposeBoolean('followMe'),
    newAnnouncements: t.exposeBoolean('newAnnouncements'),
    productUpdates: t.exposeBoolean('productUpdates'),
    blogDigest: t.exposeBoolean('blogDigest'),
  }),
})

const AccountSettingsRef = builder.objectRef<AccountSettings>('AccountSettings').implement({
  extensions: guardedByParent,
  description: 'Account Settings (/pages/account-setting/{id}): general, info, social, notification.',
  fields: (t) => ({
    general: t.field({ type: GeneralRef, resolve: (s) => s.general }),
    info: t.field({ type: InfoRef, resolve: (s) => s.info }),
    social: t.field({ type: SocialRef, resolve: (s) => s.social }),
    notification: t.field({ type: NotificationRef, resolve: (s) => s.notification }),
  }),
})

const EmailChangeRef = builder.objectRef<{ settings: AccountSettings; auth: AuthResult | null }>('EmailChange').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    settings: t.field({ type: AccountSettingsRef, resolve: (r) => r.settings }),
    auth: t.field({
      type: AuthPayloadRef,
      nullable: true,
      description: 'A fresh sign-in for this device when you changed your own e-mail (every other one ended); null for an admin changing another user.',
      resolve: (r) => r.auth,
    }),
  }),
})

const GeneralInput = builder.inputType('AccountGeneralInput', {
  fields: (t) => ({
    avatar: t.string({ description: 'An http(s) address or a path of this site; null removes it.' }),
    username: t.string(),
    fullName: t.string(),
    email: t.string(),
    company: t.string(),
  }),
})

const InfoInput = builder.inputType('AccountInfoInput', {
  fields: (t) => ({
    bio: t.string(),
    dob: t.string({ description: 'YYYY-MM-DD, or null.' }),
    country: t.string(),
    website: t.string(),
    phone: t.string(),
  }),
})

const SocialInput = builder.inputType('SocialLinksInput', {
  description: 'http(s) addresses; an empty string removes a link.',
  fields: (t) => ({
    twitter: t.string(),
    facebook: t.string(),
    google: t.string(),
    linkedIn: t.string(),
    instagram: t.string(),
    quora: t.string(),
  }),
})

const NotificationInput = builder.inputType('NotificationFlagsInput', {
  fields: (t) => ({
    commentOnArticle: t.boolean(),
    AnswerOnForm: t.boolean(),
    followMe: t.boolean(),
    newAnnouncements: t.boolean(),
    productUpdates: t.boolean(),
    blogDigest: t.boolean(),
  }),
})

const given = <T extends object>(input: T) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))

builder.queryField('accountSettings', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: AccountSettingsRef,
    description: 'Your account settings; admins may name another user.',
    args: { userId: t.arg.id({ description: 'Admins only; yourself by default.' }) },
    resolve: (_root, { userId }, ctx) => ctx.services.account.get(ctx.principal, toOptionalId(userId, 'userId')),
  }),
)

builder.mutationFields((t) => ({
  updateAccountGeneral: t.withAuth({ signedIn: true }).field({
    type: AccountSettingsRef,
    args: { userId: t.arg.id({ description: 'Admins only.' }), input: t.arg({ type: GeneralInput, required: true }) },
    resolve: (_root, { userId, input }, ctx) => ctx.services.account.updateGeneral(ctx.principal, toOptionalId(userId, 'userId'), given(input)),
  }),
  updateAccountInfo: t.withAuth({ signedIn: true }).field({
    type: AccountSettingsRef,
    args: { userId: t.arg.id({ description: 'Admins only.' }), input: t.arg({ type: InfoInput, required: true }) },
    resolve: (_root, { userId, input }, ctx) => ctx.services.account.updateInfo(ctx.principal, toOptionalId(userId, 'userId'), given(input)),
  }),
  updateAccountSocial: t.withAuth({ signedIn: true }).field({
    type: AccountSettingsRef,
    args: { userId: t.arg.id({ description: 'Admins only.' }), input: t.arg({ type: SocialInput, required: true }) },
    resolve: (_root, { userId, input }, ctx) => ctx.services.account.updateSocial(ctx.principal, toOptionalId(userId, 'userId'), given(input)),
  }),
  updateAccountNotifications: t.withAuth({ signedIn: true }).field({
    type: AccountSettingsRef,
    args: { userId: t.arg.id({ description: 'Admins only.' }), input: t.arg({ type: NotificationInput, required: true }) },
    resolve: (_root, { userId, input }, ctx) => ctx.services.account.updateNotifications(ctx.principal, toOptionalId(userId, 'userId'), given(input)),
  }),
  changeEmail: t.withAuth({ signedIn: true }).field({
    type: EmailChangeRef,
    description:
      "Changes the sign-in e-mail: needs the caller's current password (an admin changing another user's gives their own; audited). The old address is mailed a single-use link that undoes the change; every sign-in of the account ends, and the user changing their own gets a fresh one (auth).",
    args: {
      userId: t.arg.id({ description: 'Admins only; yourself by default.' }),
      email: t.arg.string({ required: true }),
      currentPassword: t.arg.string({ required: true }),
    },
    resolve: (_root, { userId, email, currentPassword }, ctx) =>
      ctx.services.account.changeEmail(ctx.principal, toOptionalId(userId, 'userId'), { email, currentPassword }),
  }),
  // The link in the mail to the old address: whoever holds it (the token is the proof).
  undoEmailChange: t.boolean({
    authScopes: { public: true },
    description: 'The link mailed to the old address after an e-mail change: puts that address back and ends every sign-in of the account. Single use.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => ctx.services.account.undoEmailChange(token),
  }),
  changePassword: t.withAuth({ signedIn: true }).field({
    type: AuthPayloadRef,
    description: 'Your own password: checks the current one, ends every sign-in of the account, and returns a fresh one for this device.',
    args: { currentPassword: t.arg.string({ required: true }), newPassword: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.account.changePassword(ctx.principal, args.currentPassword, args.newPassword),
  }),
}))
