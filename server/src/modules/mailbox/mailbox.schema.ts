import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { checkIds, type EmailView } from './mailbox.service'
import type { emailFolders, emailLabels, Address } from './mailbox.tables'

const EmailFolderEnum = builder.enumType('EmailFolder', {
  description: 'A mailbox folder.',
  values: {
    inbox: { description: 'Mails received.' },
    sent: { description: 'Your copies of the mails you sent.' },
    draft: { description: 'Mails saved, not sent.' },
    spam: { description: 'Mails moved aside as unwanted.' },
    trash: { description: 'Mails deleted (kept until removed from here).' },
  } satisfies Record<(typeof emailFolders)[number], { description: string }>,
})
const EmailLabelEnum = builder.enumType('EmailLabel', {
  description: 'A label the owner puts on a mail (any number of them).',
  values: {
    private: { description: 'Private.' },
    company: { description: 'Company.' },
    important: { description: 'Important.' },
    personal: { description: 'Personal.' },
  } satisfies Record<(typeof emailLabels)[number], { description: string }>,
})
const EmailDirectionEnum = builder.enumType('EmailDirection', {
  description: 'Which neighbour of a mail in its folder.',
  values: {
    previous: { description: 'The newer one.' },
    next: { description: 'The older one.' },
  } as const,
})

const idArg = (v: string | number) => checkIds([v])[0]!

const AddressRef = builder.objectRef<Address & { avatar?: string | null }>('EmailAddress').implement({
  extensions: guardedByParent,
  description: 'A sender or recipient. Others than the admins and your own reseller or clients show as `user-<id>@users.invalid`.',
  fields: (t) => ({
    email: t.exposeString('email', { description: 'The address.' }),
    name: t.exposeString('name', { description: 'The name shown.' }),
    avatar: t.string({ nullable: true, description: 'Profile picture URL or path; null: none.', resolve: (a) => a.avatar ?? null }),
  }),
})

const AttachmentRef = builder.objectRef<EmailView['attachments'][number]>('EmailAttachment').implement({
  extensions: guardedByParent,
  description: 'A file attached to a mail.',
  fields: (t) => ({
    fileName: t.exposeString('fileName', { description: 'The file name, e.g. `invoice.pdf`.' }),
    thumbnail: t.exposeString('thumbnail', { description: 'pdf, image or txt (the icon to show).' }),
    url: t.exposeString('url', { description: 'Download path (GET with the bearer token; served as an attachment).' }),
    size: t.exposeInt('size', { description: 'Its size in bytes.' }),
  }),
})

const EmailRef = builder.objectRef<EmailView>('Email').implement({
  extensions: guardedByParent,
  description: "A copy of a mail in the caller's mailbox (spec §3). The message is sanitized HTML.",
  fields: (t) => ({
    id: t.id({ description: 'The id of this copy (a decimal number as a string).', resolve: (e) => String(e.id) }),
    from: t.field({ type: AddressRef, description: 'The sender.', resolve: (e) => e.from }),
    to: t.field({ type: [AddressRef], description: 'The recipients.', resolve: (e) => e.to }),
    cc: t.field({ type: [AddressRef], description: 'The copy recipients (may be empty).', resolve: (e) => e.cc }),
    bcc: t.field({ type: [AddressRef], description: "Only on the sender's own copy.", resolve: (e) => e.bcc }),
    subject: t.exposeString('subject', { description: 'The subject, at most 200 characters.' }),
    message: t.exposeString('message', { description: 'The body as sanitized HTML.' }),
    attachments: t.field({ type: [AttachmentRef], description: 'Its files (may be empty).', resolve: (e) => e.attachments }),
    isStarred: t.exposeBoolean('isStarred', { description: 'Starred by you.' }),
    isRead: t.exposeBoolean('isRead', { description: 'Read by you.' }),
    labels: t.field({ type: [EmailLabelEnum], description: 'Your labels on it.', resolve: (e) => e.labels }),
    folder: t.field({ type: EmailFolderEnum, description: 'The folder it is in.', resolve: (e) => e.folder }),
    time: t.field({ type: 'DateTime', description: 'When it was sent (or a draft last saved).', resolve: (e) => new Date(e.time) }),
  }),
})

const EmailsMetaRef = builder.objectRef<{ inbox: number; draft: number; spam: number }>('EmailsMeta').implement({
  extensions: guardedByParent,
  description: 'Unread counts.',
  fields: (t) => ({
    inbox: t.exposeInt('inbox', { description: 'Unread mails in the inbox.' }),
    draft: t.exposeInt('draft', { description: 'Unread drafts.' }),
    spam: t.exposeInt('spam', { description: 'Unread mails in spam.' }),
  }),
})

const EmailListRef = builder.objectRef<{ emails: EmailView[]; emailsMeta: { inbox: number; draft: number; spam: number } }>('EmailList').implement({
  extensions: guardedByParent,
  description: 'The mails of a folder with the folders’ counts.',
  fields: (t) => ({
    emails: t.field({ type: [EmailRef], description: 'The mails, newest first.', resolve: (l) => l.emails }),
    emailsMeta: t.field({ type: EmailsMetaRef, description: 'Counts for the folder list.', resolve: (l) => l.emailsMeta }),
  }),
})

const RecipientRef = builder.objectRef<{ email: string; name: string; avatar: string | null; role: string }>('EmailRecipient').implement({
  extensions: guardedByParent,
  description: 'A user you may write to.',
  fields: (t) => ({
    email: t.exposeString('email', { description: 'The address to put in `to`, `cc` or `bcc`.' }),
    name: t.exposeString('name', { description: 'The name shown.' }),
    avatar: t.exposeString('avatar', { nullable: true, description: 'Profile picture URL or path; null: none.' }),
    role: t.exposeString('role', { description: 'admin, client or reseller.' }),
  }),
})

const AttachmentInput = builder.inputType('EmailAttachmentInput', {
  description: 'A file to attach (at most 5 per mail).',
  fields: (t) => ({
    fileName: t.string({ required: true, description: 'The file name, e.g. `notes.txt`.' }),
    contentType: t.string({ required: true, description: 'Its MIME type, e.g. `application/pdf`.' }),
    data: t.string({ required: true, description: 'Base64 content; at most 160 KB decoded (all attachments together).' }),
  }),
})

const ComposeInput = builder.inputType('ComposeEmailInput', {
  description: 'A mail to send or a draft to save (at most 50 recipients in all).',
  fields: (t) => ({
    to: t.stringList({ required: true, description: 'Addresses of users you may write to (emailRecipients).' }),
    cc: t.stringList({ description: 'Copy recipients, from the same list as `to`.' }),
    bcc: t.stringList({ description: 'Hidden recipients: only your own copy shows them.' }),
    subject: t.string({ required: true, description: 'At most 200 characters.' }),
    message: t.string({ required: true, description: 'HTML; sanitized on the server.' }),
    attachments: t.field({ type: [AttachmentInput], description: 'Files, at most 5 and 160 KB together.' }),
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
    args: {
      q: t.arg.string({ description: 'Part of the subject (the first 200 characters count).' }),
      folder: t.arg({ type: EmailFolderEnum, description: 'The folder; omitted: inbox.' }),
      starred: t.arg.boolean({ description: 'True: the starred mails of every folder but the trash (folder is then ignored).' }),
      label: t.arg({ type: EmailLabelEnum, description: 'Only mails with this label.' }),
    },
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
    description: 'One of your mails; null when there is none with this id.',
    args: { id: t.arg.id({ required: true, description: 'The mail id.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.mailbox.get(ctx.principal.userId, idArg(id)),
  }),
  adjacentEmail: t.withAuth({ signedIn: true }).field({
    type: EmailRef,
    nullable: true,
    description: 'The mail before or after one in its folder (to step through them); null at the end.',
    args: {
      id: t.arg.id({ required: true, description: 'The mail to start from.' }),
      dir: t.arg({ type: EmailDirectionEnum, required: true, description: 'previous: newer; next: older.' }),
    },
    resolve: (_r, { id, dir }, ctx) => ctx.services.mailbox.adjacent(ctx.principal.userId, idArg(id), dir),
  }),
  emailRecipients: t.withAuth({ signedIn: true }).field({
    type: [RecipientRef],
    description: 'Users the caller may write to (a client: their reseller and the admins; a reseller: their clients and the admins; an admin: anyone).',
    args: { q: t.arg.string({ description: 'Part of a name or address; omitted: all of them.' }) },
    resolve: (_r, { q }, ctx) => ctx.services.mailbox.recipients(ctx.principal, q ?? undefined),
  }),
}))

builder.mutationFields((t) => ({
  updateEmails: t.withAuth({ signedIn: true }).int({
    description: "Moves or flags the caller's emails; returns how many changed (other users' ids are ignored).",
    args: {
      ids: t.arg.idList({ required: true, description: 'Your mails’ ids.' }),
      folder: t.arg({ type: EmailFolderEnum, description: 'Move them to this folder; omitted: they stay.' }),
      isRead: t.arg.boolean({ description: 'Mark them read (true) or unread (false); omitted: unchanged.' }),
      isStarred: t.arg.boolean({ description: 'Star (true) or unstar (false) them; omitted: unchanged.' }),
    },
    resolve: (_r, { ids, ...data }, ctx) =>
      ctx.services.mailbox.update(ctx.principal.userId, checkIds(ids), {
        folder: data.folder ?? undefined,
        isRead: data.isRead ?? undefined,
        isStarred: data.isStarred ?? undefined,
      }),
  }),
  toggleEmailsLabel: t.withAuth({ signedIn: true }).int({
    description:
      'Toggles a label on each of your mails given (on where it is missing, off where it is there); returns how many changed (other users’ ids are ignored).',
    args: {
      ids: t.arg.idList({ required: true, description: 'Your mails’ ids.' }),
      label: t.arg({ type: EmailLabelEnum, required: true, description: 'The label.' }),
    },
    resolve: (_r, { ids, label }, ctx) => ctx.services.mailbox.toggleLabel(ctx.principal.userId, checkIds(ids), label),
  }),
  composeEmail: t.withAuth({ signedIn: true }).field({
    type: EmailRef,
    description: 'Sends a mail (or saves a draft) to users in your scope; the sent copy is returned.',
    args: { input: t.arg({ type: ComposeInput, required: true, description: 'The mail.' }) },
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
