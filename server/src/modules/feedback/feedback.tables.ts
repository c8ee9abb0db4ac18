import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'
import { channels } from '../channels/channels.tables'

export const feedbackCategories = ['bug', 'wrong_answer', 'missed_command', 'other'] as const
export type FeedbackCategory = (typeof feedbackCategories)[number]
export const feedbackStatuses = ['open', 'in_progress', 'resolved'] as const
export type FeedbackStatus = (typeof feedbackStatuses)[number]

/** One chat line copied into a report, so it outlives the chat history's rotation. */
export interface ExcerptLine {
  userName: string
  text: string
  at: string
  fromBot: boolean
}

/**
 * A report a client filed about their bot from the Bot-Panel; admins triage it (status,
 * assignee, a reply the client sees). The channel's platform and name are copied, so the
 * report keeps them when the channel is removed.
 */
export const feedbackReports = pgTable(
  'feedback_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: bigint('channel_id', { mode: 'number' }).references(() => channels.id, { onDelete: 'set null' }),
    platform: text('platform').notNull(),
    channelName: text('channel_name').notNull(),
    category: text('category', { enum: feedbackCategories }).notNull(),
    text: text('text').notNull(),
    excerpt: jsonb('excerpt')
      .$type<ExcerptLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: feedbackStatuses }).notNull().default('open'),
    assigneeId: bigint('assignee_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('feedback_reports_status_idx').on(t.status, t.id),
    index('feedback_reports_reporter_idx').on(t.reporterId, t.id),
    index('feedback_reports_channel_idx').on(t.channelId, t.id),
    index('feedback_reports_created_idx').on(t.createdAt, t.id),
    check('feedback_reports_category_valid', sql`${t.category} in ('bug','wrong_answer','missed_command','other')`),
    check('feedback_reports_status_valid', sql`${t.status} in ('open','in_progress','resolved')`),
  ],
)

/** Internal notes on a report: admins only, never shown to clients or resellers. */
export const feedbackReportNotes = pgTable(
  'feedback_report_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => feedbackReports.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('feedback_report_notes_report_idx').on(t.reportId, t.id)],
)

export type FeedbackReportRow = typeof feedbackReports.$inferSelect
export type FeedbackNoteRow = typeof feedbackReportNotes.$inferSelect
