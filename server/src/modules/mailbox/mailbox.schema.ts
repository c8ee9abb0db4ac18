import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { checkIds, type EmailView } from './mailbox.service'
import { emailFolders, emailLabels, type Address } from './mailbox.tables'

const EmailFolderEnum = builder.enumType('EmailFolder', { values: emailFolders })
const EmailLabelEnum = builder.enumType('EmailLabel', { values: emailLabels })
const EmailDirectionEnum = builder.enumType('EmailDirection', { values: ['previous', 'next'] as const })

const idArg = (v: string | number) => checkIds([v])[0]!

const AddressRef = builder.objectRef<Address & { avatar?: string | null }>('EmailAddress').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    avatar: t.string({ nullable: true, resolve: (a) => a.avatar ?? null }),
  }),
})

const AttachmentRef = builder.objectRef<EmailView['attachments'][number]>('EmailAttachment').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    fileName: t.exposeString('fileName'),
    thumbnail: t.exposeString('thumbnail', { description: 'pdf, image or txt (the icon to show).' }),
    url: t.exposeString('url', { description: 'Download path (GET with the bearer token; served as an attachment).' }),
    size: t.exposeInt('size'),
  }),
})

const EmailRef = builder.objectRef<EmailView>('Email').implement({
  extensions: guardedByParent,
  description: "A copy of a mail in the caller's mailbox (spec §3). The message is sanitized HTML.",
  fields: (t) => ({
    id: t.id({ resolve: (e) => String(e.id) }),
    from: t.field({ type: AddressRef, resolve: (e) => e.from }),
    to: t.field({ type: [AddressRef], resolve: (e) => e.to }),
    cc: t.field({ type: [AddressRef], resolve: (e) => e.cc }),
    bcc: t.field({ type: [AddressRef], description: "Only on the sender's own copy.", resolve: (e) => e.bcc }),
    subject: t.exposeString('subject'),
    message: t.exposeString('message'),
    attachments: t.field({ type: [AttachmentRef], resolve: (e) => e.attachments }),
    isStarred: t.exposeBoolean('isStarred'),
    isRead: t.exposeBoolean('isRead'),
    labels: t.field({ type: [EmailLabelEnum], resolve: (e) => e.labels }),
    folder: t.field({ type: EmailFolderEnum, resolve: (e) => e.folder }),
    time: t.field({ type: 'DateTime', resolve: (e) => new Date(e.time) }),
  }),
})

const EmailsMetaRef = builder.objectRef<{ inbox: number; draft: number; spam: number }>('EmailsMeta').implement({
  extensions: guardedByParent,
  description: 'Unread counts.',
  fields: (t) => ({ inbox: t.exposeInt('inbox'), draft: t.exposeInt('draft'), spam: t.exposeInt('spam') }),
})

const EmailListRef = builder.objectRef<{ emails: EmailView[]; emailsMeta: { inbox: number; draft: number; spam: number } }>('EmailList').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    emails: t.field({ type: [EmailRef], resolve: (l) => l.emails }),
    emailsMeta: t.field({ type: EmailsMetaRef, resolve: (l) => l.emailsMeta }),
  }),
})

const RecipientRef = builder.objectRef<{ email: string; name: string; avatar: string | null; role: string }>('EmailRecipient').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    avatar: t.exposeString('avatar', { nullable: true }),
    role: t.exposeString('role'),
  }),
})

const AttachmentInput = builder.inputType('EmailAttachmentInput', {
  fields: (t) => ({
    fileName: t.string({ required: true }),
    contentType: t.string({ required: true }),
    data: t.string({ required: true, description: 'Base64 content; at most 160 KB decoded (all attachments together).' }),
  }),
})

const ComposeInput = builder.inputType('ComposeEmailInput', {
  fields: (t) => ({
    to: t.stringList({ required: true, description: 'Addresses of users you may write to (emailRecipients).' }),
    cc: t.stringList(),
    bcc: t.stringList(),
    subject: t.string({ required: true }),
    message: t.string({ required: true, description: 'HTML; sanitized on the server.' }),
    attachments: t.field({ type: [AttachmentInput] }),
    draft: t.boolean({ description: 'Save as a draft instead of sending.' }),
    draftId: t.id({ description: 'The draft this replaces (it is removed).' }),
  }),
})

builder.queryFields((t) => ({
  // The mailbox: signed in; the service only reads and changes the caller's own emails, and
  // recipients are limited to the caller's scope.
  emails: t.withAuth({ signedIn: true }).field({
    type: EmailListRef,
    description: "The caller's emails in a folder (inbox by default), or starred (not in the trash), or with a label; q searches subjects.",
    args: { q: t.arg.string(), folder: t.arg({ type: EmailFolderEnum }), starred: t.arg.boolean(), label: t.arg({ type: EmailLabelEnum }) },
    resolve: (_r, a, ctx) =>
      ctx.services.mailbox.list(ctx.principal.userId, {
        q: a.q?.slice(0, 200) ?? undefined,
        folder: a.starred ? 'starred' : (a.folder ?? undefined),
        label: a.label ?? undefined,
      }),
  }),
  email: t.withAuth({ signedIn: true }).field({
    type: EmailRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.mailbox.get(ctx.principal.userId, idArg(id)),
  }),
  adjacentEmail: t.withAuth({ signedIn: true }).field({
    type: EmailRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }), dir: t.arg({ type: EmailDirectionEnum, required: true }) },
    resolve: (_r, { id, dir }, ctx) => ctx.services.mailbox.adjacent(ctx.principal.userId, idArg(id), dir),
  }),
  emailRecipients: t.withAuth({ signedIn: true }).field({
    type: [RecipientRef],
    description: 'Users the caller may write to (a client: their reseller and the admins; a reseller: their clients and the admins; an admin: anyone).',
    args: { q: t.arg.string() },
    resolve: (_r, { q }, ctx) => ctx.services.mailbox.recipients(ctx.principal, q ?? undefined),
  }),
}))

builder.mutationFields((t) => ({
  updateEmails: t.withAuth({ signedIn: true }).int({
    description: "Moves or flags the caller's emails; returns how many changed (other users' ids are ignored).",
    args: { ids: t.arg.idList({ required: true }), folder: t.arg({ type: EmailFolderEnum }), isRead: t.arg.boolean(), isStarred: t.arg.boolean() },
    resolve: (_r, { ids, ...data }, ctx) =>
      ctx.services.mailbox.update(ctx.principal.userId, checkIds(ids), {
        folder: data.folder ?? undefined,
        isRead: data.isRead ?? undefined,
        isStarred: data.isStarred ?? undefined,
      }),
  }),
  toggleEmailsLabel: t.withAuth({ signedIn: true }).int({
    args: { ids: t.arg.idList({ required: true }), label: t.arg({ type: EmailLabelEnum, required: true }) },
    resolve: (_r, { ids, label }, ctx) => ctx.services.mailbox.toggleLabel(ctx.principal.userId, checkIds(ids), label),
  }),
  composeEmail: t.withAuth({ signedIn: true }).field({
    type: EmailRef,
    description: 'Sends a mail (or saves a draft) to users in your scope; the sent copy is returned.',
    args: { input: t.arg({ type: ComposeInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      ctx.services.mailbox.compose(ctx.principal, {
        to: input.to,
        cc: input.cc ?? [],
        bcc: input.bcc ?? [],
        subject: input.subject,
        message: input.message,
        attachments: input.attachments ?? [],
        draft: input.draft ?? false,
        draftId: input.draftId ? idArg(input.draftId) : undefined,
      }),
  }),
}))
