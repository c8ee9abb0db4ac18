/** The mailbox's limits, the HTML it keeps, and an email as the app shows it. */
import sanitizeHtml from 'sanitize-html'
import { AppError } from '../../errors'
import { RICH_TEXT_TAGS } from '../../text/rich-text'
import type { mailboxEmails, mailboxMessages, Address, EmailFolder, EmailLabel } from './mailbox.tables'

/**
 * Attachments travel base64 in the GraphQL body (256 KB at most), so a mail's attachments
 * together are at most 160 KB (each and all); bigger files are refused with a coded 400.
 */
export const ATTACHMENT_MAX_BYTES = 160 * 1024
export const ATTACHMENTS_MAX = 5
export const SUBJECT_MAX = 200
export const HTML_MAX = 100_000
export const RECIPIENTS_MAX = 50

/** Allowed attachment types: the extension and the declared type must agree. */
export const ALLOWED_TYPES: Record<string, string[]> = {
  pdf: ['application/pdf'],
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  txt: ['text/plain'],
  csv: ['text/csv', 'text/plain'],
}

export const bad = (message: string, field?: string) => new AppError('BAD_USER_INPUT', message, field ? { [field]: [message] } : undefined)

/** Server-side HTML cleaning: no scripts, no event handlers, no javascript: URLs, no styles. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS, 'h1', 'span', 'div'],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  })
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A plain-text product mail as HTML (links kept clickable). */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`)
          .replace(/\n/g, '<br />')}</p>`,
    )
    .join('')
}

export type EmailRow = typeof mailboxEmails.$inferSelect
export type MessageRow = typeof mailboxMessages.$inferSelect

/** An email in the spec's shape (§3). Bcc is shown only on the sender's own copy. */
export interface EmailView {
  id: number
  from: { email: string; name: string; avatar: string | null }
  to: Address[]
  cc: Address[]
  bcc: Address[]
  subject: string
  message: string
  attachments: Array<{ fileName: string; thumbnail: string; url: string; size: number }>
  isStarred: boolean
  labels: EmailLabel[]
  time: string
  replies: EmailView[]
  folder: EmailFolder
  isRead: boolean
}

export const thumbnailOf = (type: string) => (type === 'application/pdf' ? 'pdf' : type.startsWith('image/') ? 'image' : 'txt')
