/** What the mailbox's use cases share: the caller's copies and counts, who may write to whom, the rows as EmailView. */
import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { addressBook, emailVisibleWhere, isAddressAlias } from './address-book'
import { mailboxAttachments, mailboxEmails, mailboxMessages, type Address } from './mailbox.tables'
import { RECIPIENTS_MAX, bad, type EmailRow, type MessageRow, type EmailView, thumbnailOf } from './mailbox-model'
import { checkFolder, checkLabel } from './mailbox-inputs'
import type { MailboxDeps } from './mailbox.deps'

export async function views(deps: MailboxDeps, rows: Array<{ e: EmailRow; m: MessageRow }>, ownerId: number): Promise<EmailView[]> {
  const { db } = deps
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
export function recipientScope(p: Principal, self: { resellerId: number | null }): SQL {
  if (p.admin) return ne(users.id, p.userId)
  if (p.role === 'reseller') return and(ne(users.id, p.userId), or(eq(users.role, 'admin'), eq(users.resellerId, p.userId)))!
  const reseller = self.resellerId === null ? sql`false` : eq(users.id, self.resellerId)
  return and(ne(users.id, p.userId), or(eq(users.role, 'admin'), reseller))!
}

export async function selfOf(deps: MailboxDeps, userId: number) {
  const { db } = deps
  const [me] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!me) throw new AppError('UNAUTHENTICATED', 'Sign in first')
  return me
}

export const nameOf = (u: { fullName: string | null; username: string }) => u.fullName ?? u.username

export async function folderCounts(deps: MailboxDeps, ownerId: number) {
  const { db } = deps
  const rows = await db
    .select({ folder: mailboxEmails.folder, n: sql<number>`count(*)::int` })
    .from(mailboxEmails)
    .where(and(eq(mailboxEmails.ownerId, ownerId), eq(mailboxEmails.isRead, false), inArray(mailboxEmails.folder, ['inbox', 'draft', 'spam'])))
    .groupBy(mailboxEmails.folder)
  const of = (f: string) => Number(rows.find((r) => r.folder === f)?.n ?? 0)
  return { inbox: of('inbox'), draft: of('draft'), spam: of('spam') }
}

export function filterOf(ownerId: number, f: { q?: string; folder?: string; label?: string }): SQL {
  const parts: SQL[] = [eq(mailboxEmails.ownerId, ownerId)]
  if (f.folder === 'starred') parts.push(eq(mailboxEmails.isStarred, true), ne(mailboxEmails.folder, 'trash'))
  else if (f.label === undefined || f.folder !== undefined) parts.push(eq(mailboxEmails.folder, checkFolder(f.folder ?? 'inbox')))
  if (f.label !== undefined) parts.push(sql`${mailboxEmails.labels} @> ${JSON.stringify([checkLabel(f.label)])}::jsonb`)
  const q = f.q?.trim()
  if (q) parts.push(ilike(mailboxMessages.subject, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
  return and(...parts)!
}

export async function ownedCopy(deps: MailboxDeps, ownerId: number, id: number) {
  const { db } = deps
  const [row] = await db
    .select({ e: mailboxEmails, m: mailboxMessages })
    .from(mailboxEmails)
    .innerJoin(mailboxMessages, eq(mailboxMessages.id, mailboxEmails.messageId))
    .where(and(eq(mailboxEmails.id, id), eq(mailboxEmails.ownerId, ownerId)))
    .limit(1)
  return row
}

export async function resolveRecipients(
  deps: MailboxDeps,
  p: Principal,
  me: { id: number; role: string; resellerId: number | null },
  list: unknown,
  field: string,
): Promise<Array<Address & { id: number }>> {
  const { db } = deps
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
