import { z } from 'zod'
import type { Db } from '../../db/client'
import type { AuditService } from '../audit/audit.service'
import type { ChannelsService } from '../channels/channels.service'
import type { ChatService } from '../chat/chat.service'
import type { MailService } from '../mail/mail.service'
import { feedbackCategories, feedbackStatuses, type FeedbackNoteRow, type FeedbackReportRow, type FeedbackStatus } from './feedback.tables'

export const MAX_TEXT_LENGTH = 2000
export const MAX_EXCERPT_LINES = 20
export const MAX_PAGE_SIZE = 100
export const MAX_AGE_DAYS = 3650
export const DAY_MS = 86_400_000

/** A report as one caller may see it: the assignee is an admin-side detail, null for anyone else. */
export interface FeedbackReportView extends FeedbackReportRow {
  reporterName: string
  assigneeName: string | null
}

export interface FeedbackNoteView extends FeedbackNoteRow {
  authorName: string | null
}

export interface FileReportInput {
  channelId: string | number
  category: string
  text: string
  excerptMessageIds?: ReadonlyArray<string | number> | null
}

export interface ListReportsArgs {
  first?: number | null
  after?: string | null
  status?: string | null
  channelId?: string | number | null
  platform?: string | null
  assigneeId?: string | number | null
  /** Only reports at least this many days old. */
  minAgeDays?: number | null
  /** Only reports at most this many days old. */
  maxAgeDays?: number | null
}

export const longText = (field: string) =>
  z.string().trim().min(1, `The ${field} is empty`).max(MAX_TEXT_LENGTH, `The ${field} has at most ${MAX_TEXT_LENGTH} characters`)

export const fileInput = z.object({
  category: z.enum(feedbackCategories, { message: `One of ${feedbackCategories.join(', ')}` }),
  text: longText('report'),
  excerptMessageIds: z
    .array(z.union([z.string(), z.number()]))
    .max(MAX_EXCERPT_LINES, `An excerpt has at most ${MAX_EXCERPT_LINES} lines`)
    .nullish(),
})

export const statusInput = z.enum(feedbackStatuses, { message: `One of ${feedbackStatuses.join(', ')}` })
export const platformInput = z.enum(['twitch', 'kick'], { message: 'twitch or kick' })
export const ageInput = z.number().int().min(0).max(MAX_AGE_DAYS, `Between 0 and ${MAX_AGE_DAYS} days`)
export const cursorShape = z.object({ id: z.number().int().positive() })

export const statusLabel: Record<FeedbackStatus, string> = { open: 'open', in_progress: 'in progress', resolved: 'resolved' }

/** What createFeedbackService is given, and what its use cases share. */
export interface FeedbackDeps {
  db: Db
  now: () => Date
  audit: AuditService
  mail: MailService
  channels: ChannelsService
  chat: ChatService
  publicUrl: string
  /** Called after a change of the open count (the admin figures cache it). */
  onChanged?: () => void
}
