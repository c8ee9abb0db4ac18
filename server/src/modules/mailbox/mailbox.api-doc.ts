import { z } from 'zod'
import { notFound, shape, type RouteDoc } from '../../http/route-doc'

const own = 'Only the caller’s own mailbox: another user’s email ids read as missing.'
const emailIds = z.array(z.number().int()).meta({ description: 'The emails to change (ids of the caller’s own).' })

export const mailboxDocs = {
  list: {
    summary: 'The emails of a folder',
    description: own,
    query: z.object({
      q: z.string().max(200).optional().meta({ description: 'Matches the subject.' }),
      folder: z
        .enum(['inbox', 'sent', 'draft', 'spam', 'trash', 'starred'])
        .optional()
        .meta({ description: 'Default inbox; starred excludes trashed emails.' }),
      label: z.string().optional(),
    }),
    responses: {
      200: {
        description: '`{emails, emailsMeta}`: the emails and the unread counts of inbox, draft and spam.',
        body: z.object({ emails: z.array(z.looseObject({})), emailsMeta: shape('Unread counts: inbox, draft, spam.') }),
      },
    },
  },
  update: {
    summary: 'Change emails (read, starred, folder)',
    description: own,
    body: z.object({
      emailIds,
      dataToUpdate: z
        .object({ folder: z.enum(['inbox', 'sent', 'draft', 'spam', 'trash']).optional(), isRead: z.boolean().optional(), isStarred: z.boolean().optional() })
        .meta({ description: 'What to set: at least one of folder, isRead, isStarred.' }),
    }),
    responses: { 200: { description: 'Done (no body).' } },
  },
  updateLabel: {
    summary: 'Toggle a label on emails',
    description: own,
    body: z.object({ emailIds, label: z.string() }),
    responses: { 200: { description: 'Done (no body).' } },
  },
  paginate: {
    summary: 'The previous or next email of the same folder',
    description: own,
    query: z.object({ dir: z.enum(['previous', 'next']), emailId: z.string().regex(/^\d+$/) }),
    responses: { 200: { description: 'The adjacent email.', body: shape('An email.') }, 404: notFound('No adjacent email') },
  },
  attachment: {
    summary: 'Download an email’s attachment',
    description: `${own} Always a download (Content-Disposition: attachment), never shown inline.`,
    responses: {
      200: { description: 'The file, with its own content type.', contentType: 'application/octet-stream', body: z.string().meta({ format: 'binary' }) },
      404: notFound(),
    },
  },
} satisfies Record<string, RouteDoc>
