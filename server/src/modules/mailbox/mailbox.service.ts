import { and, asc, desc, eq, gt, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import sanitizeHtml from 'sanitize-html'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { parseId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import type { MailLimit } from '../mail/mail.service'
import { addressBook, emailVisibleWhere, isAddressAlias } from './address-book'
import { RICH_TEXT_TAGS } from '../../text/rich-text'
import {
  emailFolders,
  emailLabels,
  mailboxAttachments,
  mailboxEmails,
  mailboxMessages,
  type Address,
  type EmailFolder,
  type EmailLabel,
} from './mailbox.tables'

/**
 * Attachments travel base64 in the GraphQL body (256 KB at most), so a mail's attachments
 * together are at most 160 KB (each and all); bigger files are refused with a coded 400.
 */
export const ATTACHMENT_MAX_BYTES = 160 * 1024
export const ATTACHMENTS_MAX = 5
const SUBJECT_MAX = 200
const HTML_MAX = 100_000
const RECIPIENTS_MAX = 50

/** Allowed attachment types: the extension and the declared type must agree. */
const ALLOWED_TYPES: Record<string, string[]> = {
  pdf: ['application/pdf'],
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  txt: ['text/plain'],
  csv: ['text/csv', 'text/plain'],
}

const bad = (message: string, field?: string) => new AppError('BAD_USER_INPUT', message, field ? { [field]: [message] } : undefined)

/** Server-side HTML cleaning: no scripts, no event handlers, no javascript: URLs, no styles. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS, 'h1', 'span', 'div'],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  })
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

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

type EmailRow = typeof mailboxEmails.$inferSelect
type MessageRow = typeof mailboxMessages.$inferSelect

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

const thumbnailOf = (type: string) => (type === 'application/pdf' ? 'pdf' : type.startsWith('image/') ? 'image' : 'txt')

export function createMailboxService(deps: { db: Db; now: () => Date; limit?: MailLimit }) {
  const { db, now } = deps

  async function views(rows: Array<{ e: EmailRow; m: MessageRow }>, ownerId: number): Promise<EmailView[]> {
    const ids = [...new Set(rows.map((r) => r.m.id))]
    // Addresses the owner may not know (an admin's, their reseller's) read as aliases.
    const book = await addressBook(
      db,
      ownerId,
      rows.flatMap(({ m }) => [...m.to, ...m.cc, ...m.bcc].map((a) => a.email)),
      rows.flatMap(({ m }) => (m.fromUserId === null ? [] : [m.fromUserId])),
    )
    const atts = ids.length
      ? await db
          .select({
            id: mailboxAttachments.id,
            messageId: mailboxAttachments.messageId,
            fileName: mailboxAttachments.fileName,
            contentType: mailboxAttachments.contentType,
            size: mailboxAttachments.size,
          })
          .from(mailboxAttachments)
          .where(inArray(mailboxAttachments.messageId, ids))
          .orderBy(asc(mailboxAttachments.id))
      : []
    return rows.map(({ e, m }) => ({
      id: e.id,
      from: { email: m.fromUserId === null ? m.fromEmail : book.ofUser(m.fromUserId, m.fromEmail), name: m.fromName, avatar: m.fromAvatar },
      to: book.list(m.to),
      cc: book.list(m.cc),
      bcc: m.fromUserId === ownerId ? book.list(m.bcc) : [],
      subject: m.subject,
      message: m.html,
      attachments: atts
        .filter((a) => a.messageId === m.id)
        .map((a) => ({ fileName: a.fileName, thumbnail: thumbnailOf(a.contentType), url: `/apps/email/attachments/${e.id}/${a.id}`, size: a.size })),
      isStarred: e.isStarred,
      labels: e.labels,
      time: e.createdAt.toISOString(),
      replies: [],
      folder: e.folder,
      isRead: e.isRead,
    }))
  }

  /** The users a caller may write to: client → their reseller and admins; reseller → their clients and admins; admin → anyone. */
  function recipientScope(p: Principal, self: { resellerId: number | null }): SQL {
    if (p.admin) return ne(users.id, p.userId)
    if (p.role === 'reseller') return and(ne(users.id, p.userId), or(eq(users.role, 'admin'), eq(users.resellerId, p.userId)))!
    const reseller = self.resellerId === null ? sql`false` : eq(users.id, self.resellerId)
    return and(ne(users.id, p.userId), or(eq(users.role, 'admin'), reseller))!
  }

  async function selfOf(userId: number) {
    const [me] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
    if (!me) throw new AppError('UNAUTHENTICATED', 'Sign in first')
    return me
  }

  const nameOf = (u: { fullName: string | null; username: string }) => u.fullName ?? u.username

  async function folderCounts(ownerId: number) {
    const rows = await db
      .select({ folder: mailboxEmails.folder, n: sql<number>`count(*)::int` })
      .from(mailboxEmails)
      .where(and(eq(mailboxEmails.ownerId, ownerId), eq(mailboxEmails.isRead, false), inArray(mailboxEmails.folder, ['inbox', 'draft', 'spam'])))
      .groupBy(mailboxEmails.folder)
    const of = (f: string) => Number(rows.find((r) => r.folder === f)?.n ?? 0)
    return { inbox: of('inbox'), draft: of('draft'), spam: of('spam') }
  }

  function filterOf(ownerId: number, f: { q?: string; folder?: string; label?: string }): SQL {
    const parts: SQL[] = [eq(mailboxEmails.ownerId, ownerId)]
    if (f.folder === 'starred') parts.push(eq(mailboxEmails.isStarred, true), ne(mailboxEmails.folder, 'trash'))
    else if (f.label === undefined || f.folder !== undefined) parts.push(eq(mailboxEmails.folder, checkFolder(f.folder ?? 'inbox')))
    if (f.label !== undefined) parts.push(sql`${mailboxEmails.labels} @> ${JSON.stringify([checkLabel(f.label)])}::jsonb`)
    const q = f.q?.trim()
    if (q) parts.push(ilike(mailboxMessages.subject, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
    return and(...parts)!
  }

  async function ownedCopy(ownerId: number, id: number) {
    const [row] = await db
      .select({ e: mailboxEmails, m: mailboxMessages })
      .from(mailboxEmails)
      .innerJoin(mailboxMessages, eq(mailboxMessages.id, mailboxEmails.messageId))
      .where(and(eq(mailboxEmails.id, id), eq(mailboxEmails.ownerId, ownerId)))
      .limit(1)
    return row
  }

  async function resolveRecipients(
    p: Principal,
    me: { id: number; role: string; resellerId: number | null },
    list: unknown,
    field: string,
  ): Promise<Array<Address & { id: number }>> {
    if (list === undefined || list === null) return []
    if (!Array.isArray(list) || list.length > RECIPIENTS_MAX) throw bad(`${field} must be a list of at most ${RECIPIENTS_MAX} addresses`, field)
    const emails = [...new Set(list.map((x) => (typeof x === 'string' ? x.trim().toLowerCase() : '')))]
    if (emails.some((e) => !e || e.length > 254)) throw bad(`${field} must hold e-mail addresses`, field)
    if (emails.length === 0) return []
    // The picker hands back the aliases it showed (user-<id>@…); a real address only finds a user
    // whose address the caller may read, so guessing an admin's address confirms nothing.
    const aliased = emails.map(isAddressAlias).filter((id): id is number => id !== null)
    const plain = emails.filter((e) => isAddressAlias(e) === null)
    const matches = [
      plain.length ? and(inArray(sql`lower(${users.email})`, plain), emailVisibleWhere(me)) : undefined,
      aliased.length ? inArray(users.id, aliased) : undefined,
    ]
    const found = await db
      .select({ id: users.id, email: users.email, fullName: users.fullName, username: users.username })
      .from(users)
      .where(and(or(...matches), recipientScope(p, me)))
    if (found.length !== emails.length) throw bad('You can only write to users of the product you work with', field)
    return found.map((u) => ({ id: u.id, email: u.email, name: nameOf(u) }))
  }

  return {
    sanitize: sanitizeEmailHtml,

    /** §7 GET /apps/email/emails: newest first, filtered in the database. */
    async list(ownerId: number, f: { q?: string; folder?: string; label?: string }) {
      const rows = await db
        .select({ e: mailboxEmails, m: mailboxMessages })
        .from(mailboxEmails)
        .innerJoin(mailboxMessages, eq(mailboxMessages.id, mailboxEmails.messageId))
        .where(filterOf(ownerId, f))
        .orderBy(desc(mailboxEmails.id))
        .limit(200)
      return { emails: await views(rows, ownerId), emailsMeta: await folderCounts(ownerId) }
    },

    async get(ownerId: number, id: number): Promise<EmailView | null> {
      const row = await ownedCopy(ownerId, id)
      return row ? (await views([row], ownerId))[0]! : null
    },

    /** §7 POST /apps/email/update-emails: only the caller's copies change; other ids are ignored. */
    async update(ownerId: number, ids: number[], data: { folder?: unknown; isRead?: unknown; isStarred?: unknown }) {
      const set: Partial<EmailRow> = {}
      if (data.folder !== undefined) set.folder = checkFolder(data.folder)
      for (const k of ['isRead', 'isStarred'] as const) {
        if (data[k] === undefined) continue
        if (typeof data[k] !== 'boolean') throw bad(`${k} must be true or false`, k)
        set[k] = data[k]
      }
      if (Object.keys(set).length === 0) throw bad('dataToUpdate must set folder, isRead or isStarred', 'dataToUpdate')
      if (ids.length === 0) return 0
      const done = await db
        .update(mailboxEmails)
        .set(set)
        .where(and(eq(mailboxEmails.ownerId, ownerId), inArray(mailboxEmails.id, ids)))
        .returning({ id: mailboxEmails.id })
      return done.length
    },

    /** §7 POST /apps/email/update-emails-label: toggles the label on each of the caller's copies. */
    async toggleLabel(ownerId: number, ids: number[], label: EmailLabel) {
      if (ids.length === 0) return 0
      const lbl = JSON.stringify([label])
      const done = await db
        .update(mailboxEmails)
        .set({
          labels: sql`case when ${mailboxEmails.labels} @> ${lbl}::jsonb then ${mailboxEmails.labels} - ${label}::text else ${mailboxEmails.labels} || ${lbl}::jsonb end`,
        })
        .where(and(eq(mailboxEmails.ownerId, ownerId), inArray(mailboxEmails.id, ids)))
        .returning({ id: mailboxEmails.id })
      return done.length
    },

    /** §7 GET /apps/email/paginate-email: the next (older) or previous (newer) email in the same folder. */
    async adjacent(ownerId: number, id: number, dir: 'next' | 'previous'): Promise<EmailView | null> {
      const cur = await ownedCopy(ownerId, id)
      if (!cur) return null
      const [row] = await db
        .select({ e: mailboxEmails, m: mailboxMessages })
        .from(mailboxEmails)
        .innerJoin(mailboxMessages, eq(mailboxMessages.id, mailboxEmails.messageId))
        .where(
          and(eq(mailboxEmails.ownerId, ownerId), eq(mailboxEmails.folder, cur.e.folder), dir === 'next' ? lt(mailboxEmails.id, id) : gt(mailboxEmails.id, id)),
        )
        .orderBy(dir === 'next' ? desc(mailboxEmails.id) : asc(mailboxEmails.id))
        .limit(1)
      return row ? (await views([row], ownerId))[0]! : null
    },

    /** Users the caller may write to, by name or address (the compose dialog's picker). */
    async recipients(p: Principal, q: string | undefined) {
      const me = await selfOf(p.userId)
      const term = q?.trim().slice(0, 100)
      // By e-mail only among the addresses the caller may read: a search is no way to spell out an admin's.
      const byEmail = and(ilike(users.email, `%${term}%`), emailVisibleWhere({ id: me.id, role: me.role }))
      const where = term
        ? and(recipientScope(p, me), or(ilike(users.fullName, `%${term}%`), ilike(users.username, `%${term}%`), byEmail))
        : recipientScope(p, me)
      const rows = await db
        .select({ id: users.id, email: users.email, fullName: users.fullName, username: users.username, avatar: users.avatar, role: users.role })
        .from(users)
        .where(where)
        .orderBy(asc(users.username))
        .limit(20)
      const book = await addressBook(
        db,
        p.userId,
        [],
        rows.map((u) => u.id),
      )
      return rows.map((u) => ({ email: book.ofUser(u.id, u.email), name: nameOf(u), avatar: u.avatar, role: u.role }))
    },

    /** Compose, reply and forward (a new mail; the client fills subject and quoted text) or save a draft. */
    async compose(p: Principal, input: ComposeInput): Promise<EmailView> {
      const me = await selfOf(p.userId)
      const subject = typeof input.subject === 'string' ? input.subject.trim() : ''
      if (subject.length > SUBJECT_MAX) throw bad(`The subject may be at most ${SUBJECT_MAX} characters`, 'subject')
      if (typeof input.message !== 'string' || input.message.length > HTML_MAX) throw bad('The message is too long', 'message')
      const to = await resolveRecipients(p, me, input.to, 'to')
      const cc = await resolveRecipients(p, me, input.cc, 'cc')
      const bcc = await resolveRecipients(p, me, input.bcc, 'bcc')
      if (!input.draft && to.length + cc.length + bcc.length === 0) throw bad('Add at least one recipient', 'to')
      if (!input.draft && !subject) throw bad('Add a subject', 'subject')
      const files = input.attachments ?? []
      if (!Array.isArray(files) || files.length > ATTACHMENTS_MAX) throw bad(`At most ${ATTACHMENTS_MAX} attachments`, 'attachments')
      const checked = files.map(checkAttachment)
      if (checked.reduce((n, a) => n + a.data.length, 0) > ATTACHMENT_MAX_BYTES) throw bad('Attachments may be at most 160 KB together', 'attachments')
      const html = sanitizeEmailHtml(input.message)
      // A sent mail counts against the sender's hourly allowance like the product's own mails (a draft does not).
      if (!input.draft) await deps.limit?.takeMail(p.userId)
      const at = now()
      const id = await db.transaction(async (tx) => {
        if (input.draftId !== undefined) {
          await tx.delete(mailboxEmails).where(and(eq(mailboxEmails.id, input.draftId), eq(mailboxEmails.ownerId, p.userId), eq(mailboxEmails.folder, 'draft')))
        }
        const strip = (list: Array<Address & { id: number }>) => list.map(({ email, name }) => ({ email, name }))
        const [m] = await tx
          .insert(mailboxMessages)
          .values({
            fromUserId: me.id,
            fromEmail: me.email,
            fromName: nameOf(me),
            fromAvatar: me.avatar,
            to: strip(to),
            cc: strip(cc),
            bcc: strip(bcc),
            subject,
            html,
            createdAt: at,
          })
          .returning({ id: mailboxMessages.id })
        if (checked.length)
          await tx
            .insert(mailboxAttachments)
            .values(checked.map((a) => ({ messageId: m!.id, fileName: a.fileName, contentType: a.contentType, size: a.data.length, data: a.data })))
        const [own] = await tx
          .insert(mailboxEmails)
          .values({ ownerId: me.id, messageId: m!.id, folder: input.draft ? 'draft' : 'sent', isRead: true, createdAt: at })
          .returning({ id: mailboxEmails.id })
        if (!input.draft) {
          const others = [...new Set([...to, ...cc, ...bcc].map((u) => u.id))].filter((uid) => uid !== me.id)
          if (others.length)
            await tx.insert(mailboxEmails).values(others.map((ownerId) => ({ ownerId, messageId: m!.id, folder: 'inbox' as const, createdAt: at })))
        }
        return own!.id
      })
      return (await this.get(p.userId, id))!
    },

    /** An attachment of one of the caller's emails, or null. */
    async attachment(ownerId: number, emailId: number, attachmentId: number) {
      const [row] = await db
        .select({ fileName: mailboxAttachments.fileName, contentType: mailboxAttachments.contentType, data: mailboxAttachments.data })
        .from(mailboxAttachments)
        .innerJoin(mailboxEmails, eq(mailboxEmails.messageId, mailboxAttachments.messageId))
        .where(and(eq(mailboxAttachments.id, attachmentId), eq(mailboxEmails.id, emailId), eq(mailboxEmails.ownerId, ownerId)))
        .limit(1)
      return row ?? null
    },

    /**
     * A product mail (password reset, invite, feedback reply, licence notice) lands in the inbox of
     * the user with that address too, inside the caller's transaction.
     */
    async deliverProductMail(mail: { to: string; subject: string; text: string }, tx: Db, fromEmail: string) {
      const [u] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, mail.to.toLowerCase()))
        .limit(1)
      if (!u) return
      const at = now()
      const [m] = await tx
        .insert(mailboxMessages)
        .values({
          fromUserId: null,
          fromEmail,
          fromName: 'Botpanel',
          to: [{ email: mail.to, name: mail.to }],
          subject: mail.subject,
          html: textToHtml(mail.text),
          createdAt: at,
        })
        .returning({ id: mailboxMessages.id })
      await tx.insert(mailboxEmails).values({ ownerId: u.id, messageId: m!.id, folder: 'inbox', createdAt: at })
    },
  }
}

export type MailboxService = ReturnType<typeof createMailboxService>
