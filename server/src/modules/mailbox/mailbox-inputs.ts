/** The mailbox's inputs, checked at the edge. */
import { parseId } from '../../ids'
import { emailFolders, emailLabels, type EmailFolder, type EmailLabel } from './mailbox.tables'
import { ATTACHMENT_MAX_BYTES, ALLOWED_TYPES, bad } from './mailbox-model'

export interface AttachmentInput {
  fileName: string
  contentType: string
  /** Base64 content. */
  data: string
}

export interface ComposeInput {
  to: string[]
  cc?: string[]
  bcc?: string[]
  subject: string
  message: string
  attachments?: AttachmentInput[]
  /** Save as a draft (no delivery) instead of sending. */
  draft?: boolean
  /** The caller's draft this replaces (it is removed). */
  draftId?: number
}

export function checkFolder(v: unknown): EmailFolder {
  if (typeof v !== 'string' || !(emailFolders as readonly string[]).includes(v)) throw bad(`folder must be one of ${emailFolders.join(', ')}`, 'folder')
  return v as EmailFolder
}

export function checkLabel(v: unknown): EmailLabel {
  if (typeof v !== 'string' || !(emailLabels as readonly string[]).includes(v)) throw bad(`label must be one of ${emailLabels.join(', ')}`, 'label')
  return v as EmailLabel
}

export function checkIds(v: unknown): number[] {
  if (!Array.isArray(v) || v.length > 500) throw bad('emailIds must be a list of at most 500 ids', 'emailIds')
  return v.map((x) => {
    const id = parseId(x)
    if (!id) throw bad('emailIds must be positive integers', 'emailIds')
    return id
  })
}

export function checkAttachment(a: AttachmentInput): { fileName: string; contentType: string; data: Buffer } {
  const name = typeof a?.fileName === 'string' ? a.fileName : ''
  // eslint-disable-next-line no-control-regex
  if (!name || name.length > 120 || /[/\\\u0000-\u001f]/.test(name) || name.startsWith('.') || name.includes('..')) {
    throw bad('The file name must be a plain name (no folders, at most 120 characters)', 'attachments')
  }
  const ext = name.toLowerCase().split('.').pop() ?? ''
  const type = typeof a.contentType === 'string' ? a.contentType.toLowerCase().split(';')[0]!.trim() : ''
  if (!ALLOWED_TYPES[ext]?.includes(type)) throw bad('Only PDF, PNG, JPEG, GIF, TXT and CSV files can be attached', 'attachments')
  if (typeof a.data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(a.data)) throw bad('The attachment content must be base64', 'attachments')
  if ((a.data.length * 3) / 4 > ATTACHMENT_MAX_BYTES + 4) throw bad('Attachments may be at most 160 KB', 'attachments')
  const data = Buffer.from(a.data, 'base64')
  if (data.length > ATTACHMENT_MAX_BYTES) throw bad('Attachments may be at most 160 KB', 'attachments')
  return { fileName: name, contentType: type, data }
}
