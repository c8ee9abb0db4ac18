import { and, asc, desc, eq, gt, lt } from 'drizzle-orm'
import { mailboxAttachments, mailboxEmails, mailboxMessages } from './mailbox.tables'
import type { EmailView } from './mailbox-model'
import { views, folderCounts, filterOf, ownedCopy } from './mailbox-access'
import type { MailboxDeps } from './mailbox.deps'

/** §7 GET /apps/email/emails: newest first, filtered in the database. */
export async function list(deps: MailboxDeps, ownerId: number, f: { q?: string; folder?: string; label?: string }) {
  const { db } = deps
  const rows = await db
    .select({ e: mailboxEmails, m: mailboxMessages })
    .from(mailboxEmails)
    .innerJoin(mailboxMessages, eq(mailboxMessages.id, mailboxEmails.messageId))
    .where(filterOf(ownerId, f))
    .orderBy(desc(mailboxEmails.id))
    .limit(200)
  return { emails: await views(deps, rows, ownerId), emailsMeta: await folderCounts(deps, ownerId) }
}

export async function get(deps: MailboxDeps, ownerId: number, id: number): Promise<EmailView | null> {
  const row = await ownedCopy(deps, ownerId, id)
  return row ? (await views(deps, [row], ownerId))[0]! : null
}

/** §7 GET /apps/email/paginate-email: the next (older) or previous (newer) email in the same folder. */
export async function adjacent(deps: MailboxDeps, ownerId: number, id: number, dir: 'next' | 'previous'): Promise<EmailView | null> {
  const { db } = deps
  const cur = await ownedCopy(deps, ownerId, id)
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
  return row ? (await views(deps, [row], ownerId))[0]! : null
}

/** An attachment of one of the caller's emails, or null. */
export async function attachment(deps: MailboxDeps, ownerId: number, emailId: number, attachmentId: number) {
  const { db } = deps
  const [row] = await db
    .select({ fileName: mailboxAttachments.fileName, contentType: mailboxAttachments.contentType, data: mailboxAttachments.data })
    .from(mailboxAttachments)
    .innerJoin(mailboxEmails, eq(mailboxEmails.messageId, mailboxAttachments.messageId))
    .where(and(eq(mailboxAttachments.id, attachmentId), eq(mailboxEmails.id, emailId), eq(mailboxEmails.ownerId, ownerId)))
    .limit(1)
  return row ?? null
}
