import { guardedByParent } from '../../graphql/field-auth'
import { AuthPayloadRef } from '../../auth/auth.schema'
import { builder } from '../../graphql/builder'
import { toOptionalId } from '../../ids'
import type { AuthResult } from '../../auth/auth.service'
import type { AccountSettings } from './account.service'

const GeneralRef = builder.objectRef<AccountSettings['general']>('AccountGeneral').implement({
  extensions: guardedByParent,
  description: 'The account’s name, address and picture.',
  fields: (t) => ({
    avatar: t.exposeString('avatar', { nullable: true, description: 'Profile picture: an http(s) URL or a path of this site; null: none.' }),
    username: t.exposeString('username', { description: 'The sign-in name.' }),
    fullName: t.exposeString('fullName', { nullable: true, description: 'Full name; null: not given.' }),
    email: t.exposeString('email', { description: 'The sign-in e-mail address (lower case).' }),
    company: t.exposeString('company', { nullable: true, description: 'Company; null: not given.' }),
  }),
})

const InfoRef = builder.objectRef<AccountSettings['info']>('AccountInfo').implement({
  extensions: guardedByParent,
  description: 'What the user tells about themself; each null when not given.',
  fields: (t) => ({
    bio: t.exposeString('bio', { nullable: true, description: 'A short text about the user.' }),
    dob: t.exposeString('dob', { nullable: true, description: 'YYYY-MM-DD.' }),
    country: t.exposeString('country', { nullable: true, description: 'Country as entered.' }),
    website: t.exposeString('website', { nullable: true, description: 'An http(s) address.' }),
    phone: t.exposeString('phone', { nullable: true, description: 'A phone number, e.g. `+49 30 1234567`.' }),
  }),
})

const SocialLinksRef = builder.objectRef<AccountSettings['social']['socialLinks']>('SocialLinks').implement({
  extensions: guardedByParent,
  description: "Links to the user's profiles; empty when not set.",
  fields: (t) => ({
    twitter: t.exposeString('twitter', { description: 'Twitter / X profile URL.' }),
    facebook: t.exposeString('facebook', { description: 'Facebook profile URL.' }),
    google: t.exposeString('google', { description: 'Google profile URL.' }),
    linkedIn: t.exposeString('linkedIn', { description: 'LinkedIn profile URL.' }),
    instagram: t.exposeString('instagram', { description: 'Instagram profile URL.' }),
    quora: t.exposeString('quora', { description: 'Quora profile URL.' }),
  }),
})

const ConnectionRef = builder.objectRef<{ id: string }>('AccountConnection').implement({
  extensions: guardedByParent,
  description: 'An outside account linked to this one.',
  fields: (t) => ({ id: t.exposeString('id', { description: 'The name on that platform, e.g. a Twitch login.' }) }),
})

const ConnectionsRef = builder.objectRef<AccountSettings['social']['connections']>('AccountConnections').implement({
  extensions: guardedByParent,
  description: 'The outside accounts linked to this one, per platform.',
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
  description: 'Social profile links and linked accounts.',
  fields: (t) => ({
    socialLinks: t.field({ type: SocialLinksRef, description: 'Profile links.', resolve: (s) => s.socialLinks }),
    connections: t.field({ type: ConnectionsRef, description: 'Linked accounts.', resolve: (s) => s.connections }),
  }),
})

const NotificationRef = builder.objectRef<AccountSettings['notification']>('NotificationFlags').implement({
  extensions: guardedByParent,
  description: 'Which mails the user wants (the spec’s flag names).',
  fields: (t) => ({
    commentOnArticle: t.exposeBoolean('commentOnArticle', { description: 'Mail when someone comments on my article.' }),
    AnswerOnForm: t.exposeBoolean('AnswerOnForm', { description: 'Mail when someone answers my form.' }),
    followMe: t.exposeBoolean('followMe', { description: 'Mail when someone follows me.' }),
    newAnnouncements: t.exposeBoolean('newAnnouncements', { description: 'News and announcements.' }),
    productUpdates: t.exposeBoolean('productUpdates', { description: 'Mails about product updates.' }),
    blogDigest: t.exposeBoolean('blogDigest', { description: 'The blog digest.' }),
  }),
})

const AccountSettingsRef = builder.objectRef<AccountSettings>('AccountSettings').implement({
  extensions: guardedByParent,
  description: 'Account Settings (/pages/account-setting/{id}): general, info, social, notification.',
  fields: (t) => ({
    general: t.field({ type: GeneralRef, description: 'Name, e-mail, picture.', resolve: (s) => s.general }),
    info: t.field({ type: InfoRef, description: 'Bio, birth date, country, website, phone.', resolve: (s) => s.info }),
    social: t.field({ type: SocialRef, description: 'Profile links and linked accounts.', resolve: (s) => s.social }),
    notification: t.field({ type: NotificationRef, description: 'Mail preferences.', resolve: (s) => s.notification }),
  }),
})

const EmailChangeRef = builder.objectRef<{ settings: AccountSettings; auth: AuthResult | null }>('EmailChange').implement({
  extensions: guardedByParent,
  description: 'The outcome of an e-mail change.',
  fields: (t) => ({
    settings: t.field({ type: AccountSettingsRef, description: 'The settings with the new address.', resolve: (r) => r.settings }),
    auth: t.field({
      type: AuthPayloadRef,
      nullable: true,
      description: 'A fresh sign-in for this device when you changed your own e-mail (every other one ended); null for an admin changing another user.',
      resolve: (r) => r.auth,
    }),
  }),
})

const GeneralInput = builder.inputType('AccountGeneralInput', {
  description: 'General settings to change; an omitted field stays as it is.',
  fields: (t) => ({
    avatar: t.string({ description: 'An http(s) address or a path of this site (at most 2048 characters); null removes it.' }),
    username: t.string({ description: '3 to 32 of `A-Z a-z 0-9 _ . -`, not taken (regardless of case).' }),
    fullName: t.string({ description: 'At most 100 characters; null or empty clears it.' }),
    email: t.string({ description: 'Only the current address is accepted here; a new one answers PASSWORD_REQUIRED (use `changeEmail`).' }),
    company: t.string({ description: 'At most 100 characters; null or empty clears it.' }),
  }),
})

const InfoInput = builder.inputType('AccountInfoInput', {
  description: 'Personal info to change; an omitted field stays, null or empty clears it.',
  fields: (t) => ({
    bio: t.string({ description: 'At most 1000 characters.' }),
    dob: t.string({ description: 'YYYY-MM-DD, or null.' }),
    country: t.string({ description: 'At most 100 characters.' }),
    website: t.string({ description: 'An http(s) address, at most 500 characters.' }),
    phone: t.string({ description: '3 to 40 of digits, spaces and `+ ( ) . / -`, e.g. `+49 30 1234567`.' }),
  }),
})

const SocialInput = builder.inputType('SocialLinksInput', {
  description: 'http(s) addresses; an empty string removes a link.',
  fields: (t) => ({
    twitter: t.string({ description: 'Twitter / X profile URL (at most 500 characters).' }),
    facebook: t.string({ description: 'Facebook profile URL (at most 500 characters).' }),
    google: t.string({ description: 'Google profile URL (at most 500 characters).' }),
    linkedIn: t.string({ description: 'LinkedIn profile URL (at most 500 characters).' }),
    instagram: t.string({ description: 'Instagram profile URL (at most 500 characters).' }),
    quora: t.string({ description: 'Quora profile URL (at most 500 characters).' }),
  }),
})

const NotificationInput = builder.inputType('NotificationFlagsInput', {
  description: 'Mail preferences to change; an omitted one stays.',
  fields: (t) => ({
    commentOnArticle: t.boolean({ description: 'Mail when someone comments on my article.' }),
    AnswerOnForm: t.boolean({ description: 'Mail when someone answers my form.' }),
    followMe: t.boolean({ description: 'Mail when someone follows me.' }),
    newAnnouncements: t.boolean({ description: 'News and announcements.' }),
    productUpdates: t.boolean({ description: 'Mails about product updates.' }),
    blogDigest: t.boolean({ description: 'The blog digest.' }),
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
    description: 'Changes name, username, company or picture; a different e-mail answers PASSWORD_REQUIRED (use `changeEmail`).',
    args: { userId: t.arg.id({ description: 'Admins only.' }), input: t.arg({ type: GeneralInput, required: true, description: 'The fields to change.' }) },
    resolve: (_root, { userId, input }, ctx) => ctx.services.account.updateGeneral(ctx.principal, toOptionalId(userId, 'userId'), given(input)),
  }),
  updateAccountInfo: t.withAuth({ signedIn: true }).field({
    type: AccountSettingsRef,
    description: 'Changes the personal info.',
    args: { userId: t.arg.id({ description: 'Admins only.' }), input: t.arg({ type: InfoInput, required: true, description: 'The fields to change.' }) },
    resolve: (_root, { userId, input }, ctx) => ctx.services.account.updateInfo(ctx.principal, toOptionalId(userId, 'userId'), given(input)),
  }),
  updateAccountSocial: t.withAuth({ signedIn: true }).field({
    type: AccountSettingsRef,
    description: 'Changes the social profile links.',
    args: { userId: t.arg.id({ description: 'Admins only.' }), input: t.arg({ type: SocialInput, required: true, description: 'The links to change.' }) },
    resolve: (_root, { userId, input }, ctx) => ctx.services.account.updateSocial(ctx.principal, toOptionalId(userId, 'userId'), given(input)),
  }),
  updateAccountNotifications: t.withAuth({ signedIn: true }).field({
    type: AccountSettingsRef,
    description: 'Changes the mail preferences.',
    args: { userId: t.arg.id({ description: 'Admins only.' }), input: t.arg({ type: NotificationInput, required: true, description: 'The flags to change.' }) },
    resolve: (_root, { userId, input }, ctx) => ctx.services.account.updateNotifications(ctx.principal, toOptionalId(userId, 'userId'), given(input)),
  }),
  changeEmail: t.withAuth({ signedIn: true }).field({
    type: EmailChangeRef,
    description:
      "Changes the sign-in e-mail: needs the caller's current password (an admin changing another user's gives their own; audited). The old address is mailed a single-use link that undoes the change; every sign-in of the account ends, and the user changing their own gets a fresh one (auth).",
    args: {
      userId: t.arg.id({ description: 'Admins only; yourself by default.' }),
      email: t.arg.string({ required: true, description: 'The new address (valid, not used by another account).' }),
      currentPassword: t.arg.string({ required: true, description: 'The caller’s own current password.' }),
    },
    resolve: (_root, { userId, email, currentPassword }, ctx) =>
      ctx.services.account.changeEmail(ctx.principal, toOptionalId(userId, 'userId'), { email, currentPassword }),
  }),
  // The link in the mail to the old address: whoever holds it (the token is the proof).
  undoEmailChange: t.boolean({
    authScopes: { public: true },
    description: 'The link mailed to the old address after an e-mail change: puts that address back and ends every sign-in of the account. Single use.',
    args: { token: t.arg.string({ required: true, description: 'The token from the mailed link.' }) },
    resolve: (_root, { token }, ctx) => ctx.services.account.undoEmailChange(token),
  }),
  changePassword: t.withAuth({ signedIn: true }).field({
    type: AuthPayloadRef,
    description: 'Your own password: checks the current one, ends every sign-in of the account, and returns a fresh one for this device.',
    args: {
      currentPassword: t.arg.string({ required: true, description: 'The current password.' }),
      newPassword: t.arg.string({ required: true, description: '8 to 128 characters, at least 4 different ones, not a common password.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.account.changePassword(ctx.principal, args.currentPassword, args.newPassword),
  }),
}))
