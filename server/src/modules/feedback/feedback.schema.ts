import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { connectionOf } from '../../graphql/connection'
import { PlatformEnum } from '../channels/channels.schema'
import type { FeedbackNoteView, FeedbackReportView } from './feedback.service'
import type { feedbackCategories, feedbackStatuses, ExcerptLine } from './feedback.tables'

const FeedbackCategoryEnum = builder.enumType('FeedbackCategory', {
  description: 'What a feedback report is about.',
  values: {
    bug: { description: 'The bot misbehaved or failed.' },
    wrong_answer: { description: 'The bot answered wrongly.' },
    missed_command: { description: 'The bot did not answer a command it should have.' },
    other: { description: 'Anything else.' },
  } satisfies Record<(typeof feedbackCategories)[number], { description: string }>,
})
const FeedbackStatusEnum = builder.enumType('FeedbackStatus', {
  description: 'open → in_progress → resolved (an admin may set any of them).',
  values: {
    open: { description: 'Filed, not yet looked at.' },
    in_progress: { description: 'An admin is working on it.' },
    resolved: { description: 'Done.' },
  } satisfies Record<(typeof feedbackStatuses)[number], { description: string }>,
})

const ExcerptLineRef = builder.objectRef<ExcerptLine>('FeedbackExcerptLine').implement({
  extensions: guardedByParent,
  description: 'A chat line copied into a report when it was filed.',
  fields: (t) => ({
    userName: t.exposeString('userName', { description: 'The display name of who wrote it.' }),
    text: t.exposeString('text', { description: 'The message.' }),
    at: t.field({ type: 'DateTime', description: 'When it was written.', resolve: (l) => new Date(l.at) }),
    fromBot: t.exposeBoolean('fromBot', { description: 'The bot wrote it.' }),
  }),
})

const FeedbackReportRef = builder.objectRef<FeedbackReportView>('FeedbackReport').implement({
  extensions: guardedByParent,
  description: 'A report a client filed about their bot. Internal notes are not part of it (admins read them with feedbackReportNotes).',
  fields: (t) => ({
    id: t.id({ description: 'The report id (a decimal number as a string).', resolve: (r) => String(r.id) }),
    reporterId: t.id({ description: 'The user who filed it.', resolve: (r) => String(r.reporterId) }),
    reporterName: t.exposeString('reporterName', { description: 'That user’s username.' }),
    channelId: t.id({ nullable: true, description: 'Null once the channel was removed.', resolve: (r) => (r.channelId === null ? null : String(r.channelId)) }),
    channelName: t.exposeString('channelName', { description: 'The channel as it was named when the report was filed.' }),
    platform: t.field({ type: PlatformEnum, description: 'The channel’s platform.', resolve: (r) => r.platform as 'twitch' | 'kick' }),
    category: t.field({ type: FeedbackCategoryEnum, description: 'What it is about.', resolve: (r) => r.category }),
    text: t.exposeString('text', { description: 'What went wrong, in the reporter’s words (1 to 2000 characters).' }),
    excerpt: t.field({ type: [ExcerptLineRef], description: 'Chat lines attached when filed (up to 20, oldest first).', resolve: (r) => r.excerpt }),
    status: t.field({ type: FeedbackStatusEnum, description: 'Where it stands.', resolve: (r) => r.status }),
    assigneeId: t.id({
      nullable: true,
      description: 'Admins only (null for anyone else).',
      resolve: (r) => (r.assigneeId === null ? null : String(r.assigneeId)),
    }),
    assigneeName: t.exposeString('assigneeName', { nullable: true, description: 'Admins only (null for anyone else).' }),
    reply: t.exposeString('reply', { nullable: true, description: "The admins' reply; the reporter sees it." }),
    repliedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the reply was written; null: no reply.', resolve: (r) => r.repliedAt }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was filed.', resolve: (r) => r.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it last changed.', resolve: (r) => r.updatedAt }),
    resolvedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was resolved; null: not resolved.', resolve: (r) => r.resolvedAt }),
  }),
})

const FeedbackNoteRef = builder.objectRef<FeedbackNoteView>('FeedbackNote').implement({
  extensions: guardedByParent,
  description: 'An internal note on a report (admins only).',
  fields: (t) => ({
    id: t.id({ description: 'The note id.', resolve: (n) => String(n.id) }),
    authorName: t.exposeString('authorName', { nullable: true, description: 'Null once the author was deleted.' }),
    text: t.exposeString('text', { description: 'The note (1 to 2000 characters).' }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was written.', resolve: (n) => n.createdAt }),
  }),
})

const FeedbackAssigneeRef = builder.objectRef<{ id: number; username: string }>('FeedbackAssignee').implement({
  extensions: guardedByParent,
  description: 'An admin a report can be assigned to.',
  fields: (t) => ({
    id: t.id({ description: 'The admin’s user id.', resolve: (a) => String(a.id) }),
    username: t.exposeString('username', { description: 'Their username.' }),
  }),
})

const FeedbackReportConnectionRef = connectionOf<FeedbackReportView>('FeedbackReport', FeedbackReportRef, 'Exact number of reports matching the filters.')

const FileFeedbackReportInput = builder.inputType('FileFeedbackReportInput', {
  description: 'A report about the bot in one of your channels.',
  fields: (t) => ({
    channelId: t.id({ required: true, description: 'One of your channels.' }),
    category: t.field({ type: FeedbackCategoryEnum, required: true, description: 'What it is about.' }),
    text: t.string({ required: true, description: 'What went wrong; 1 to 2000 characters.' }),
    excerptMessageIds: t.idList({ description: "Up to 20 lines of the channel's chat history (recentMessages ids), copied into the report." }),
  }),
})

builder.queryFields((t) => ({
  // Bot feedback reports. Filing and reading: signed in, the service scopes (admin all, a
  // reseller their clients' read-only, a client their own; another's report is NOT_FOUND).
  // Triage, internal notes and the assignee list: admins only.
  feedbackReports: t.withAuth({ signedIn: true }).field({
    type: FeedbackReportConnectionRef,
    description: "Bot feedback reports, newest first: admins all, a reseller their clients', a client their own.",
    args: {
      first: t.arg.int({ defaultValue: 20, description: 'Reports per page, 1 to 100.' }),
      after: t.arg.string({ description: 'An `endCursor` of the previous page; omitted: from the newest.' }),
      status: t.arg({ type: FeedbackStatusEnum, description: 'Only reports with this status.' }),
      channelId: t.arg.id({ description: 'Only reports about this channel.' }),
      platform: t.arg({ type: PlatformEnum, description: 'Only reports about channels on this platform.' }),
      assigneeId: t.arg.id({ description: 'Admins only; ignored for anyone else.' }),
      minAgeDays: t.arg.int({ description: 'Only reports filed at least this many days ago.' }),
      maxAgeDays: t.arg.int({ description: 'Only reports filed at most this many days ago.' }),
    },
    resolve: (_r, args, ctx) => ctx.services.feedback.list(ctx.principal, args),
  }),
  feedbackReport: t.withAuth({ signedIn: true }).field({
    type: FeedbackReportRef,
    description: 'One report in your scope; another’s answers NOT_FOUND.',
    args: { id: t.arg.id({ required: true, description: 'The report id.' }) },
    resolve: (_r, { id }, ctx) => ctx.services.feedback.get(ctx.principal, id),
  }),
  feedbackReportNotes: t.withAuth({ can: ['manage', 'Admin'] }).field({
    type: [FeedbackNoteRef],
    description: 'Admins only: the internal notes of a report, oldest first.',
    args: { reportId: t.arg.id({ required: true, description: 'The report id.' }) },
    resolve: (_r, { reportId }, ctx) => ctx.services.feedback.notes(ctx.principal, reportId),
  }),
  feedbackAssignees: t.withAuth({ can: ['manage', 'Admin'] }).field({
    type: [FeedbackAssigneeRef],
    description: 'Admins only: the admins a report can be assigned to.',
    resolve: (_r, _a, ctx) => ctx.services.feedback.assignees(ctx.principal),
  }),
}))

builder.mutationFields((t) => ({
  fileFeedbackReport: t.withAuth({ signedIn: true }).field({
    type: FeedbackReportRef,
    description: 'Files a report about the bot in one of your channels.',
    args: { input: t.arg({ type: FileFeedbackReportInput, required: true, description: 'The report.' }) },
    resolve: (_r, { input }, ctx) => ctx.services.feedback.file(ctx.principal, input),
  }),
  setFeedbackReportStatus: t.withAuth({ can: ['manage', 'Admin'] }).field({
    type: FeedbackReportRef,
    description: 'Admins only. Audited; the reporter is mailed.',
    args: {
      id: t.arg.id({ required: true, description: 'The report id.' }),
      status: t.arg({ type: FeedbackStatusEnum, required: true, description: 'The new status.' }),
    },
    resolve: (_r, { id, status }, ctx) => ctx.services.feedback.setStatus(ctx.principal, id, status),
  }),
  assignFeedbackReport: t.withAuth({ can: ['manage', 'Admin'] }).field({
    type: FeedbackReportRef,
    description: 'Admins only: assign to an admin, or unassign with null. Audited.',
    args: {
      id: t.arg.id({ required: true, description: 'The report id.' }),
      assigneeId: t.arg.id({ description: 'An admin’s user id (see feedbackAssignees); null or omitted: unassign.' }),
    },
    resolve: (_r, { id, assigneeId }, ctx) => ctx.services.feedback.assign(ctx.principal, id, assigneeId),
  }),
  replyToFeedbackReport: t.withAuth({ can: ['manage', 'Admin'] }).field({
    type: FeedbackReportRef,
    description: 'Admins only: the reply the reporter sees (replaces an earlier one). Audited.',
    args: {
      id: t.arg.id({ required: true, description: 'The report id.' }),
      reply: t.arg.string({ required: true, description: 'The reply, 1 to 2000 characters.' }),
    },
    resolve: (_r, { id, reply }, ctx) => ctx.services.feedback.reply(ctx.principal, id, reply),
  }),
  addFeedbackReportNote: t.withAuth({ can: ['manage', 'Admin'] }).field({
    type: FeedbackNoteRef,
    description: 'Admins only: an internal note, never shown to clients or resellers.',
    args: {
      reportId: t.arg.id({ required: true, description: 'The report id.' }),
      text: t.arg.string({ required: true, description: 'The note, 1 to 2000 characters.' }),
    },
    resolve: (_r, { reportId, text }, ctx) => ctx.services.feedback.addNote(ctx.principal, reportId, text),
  }),
}))
