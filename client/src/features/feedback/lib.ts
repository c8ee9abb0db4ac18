import type { FeedbackCategory, FeedbackStatus } from '../../gql/types'

/** The server's limits (feedback.service.ts), checked here first for a clear message. */
export const MAX_TEXT_LENGTH = 2000
export const MAX_EXCERPT_LINES = 20
export const PAGE_SIZE = 20

export const CATEGORIES: readonly FeedbackCategory[] = ['bug', 'wrong_answer', 'missed_command', 'other']
export const STATUSES: readonly FeedbackStatus[] = ['open', 'in_progress', 'resolved']

export const FEEDBACK_ADMIN_PATH = '/admin/bot-feedback-reports'

export function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}
