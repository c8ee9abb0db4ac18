import { and, asc, eq, ilike, or } from 'drizzle-orm'
import { users } from '../../db/schema'
import type { Principal } from '../../permissions/abilities'
import { escapeLike } from '../../validation'
import { addressBook, emailVisibleWhere } from './address-book'
import { mailboxAttachments, mailboxEmails, mailboxMessages, type Address } from './mailbox.tables'
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_MAX, SUBJECT_MAX, HTML_MAX, bad, sanitizeEmailHtml, type EmailView } from './mailbox-model'
import { type ComposeInput, checkAttachment } from './mailbox-inputs'
import { recipientScope, selfOf, nameOf, resolveRecipients } from './mailbox-access'
import { get } from './read-emails'
import type { MailboxDeps } from './mailbox.deps'

/** Users the caller may write to, by name or address (the compose dialog's picker). */
export async function recipients(deps: MailboxDeps, p: Principal, q: string | undefined) {
  const { db } = deps
  const me = await selfOf(deps, p.userId)
  const term = q?.trim().slice(0, 100)
  // % and _ are searched as themselves, not as wildcards (a "%" listed everyone).
  const like = `%${escapeLike(term ?? '')}%`
  // By e-mail only among the addresses the caller may read: a search is no way to spell out an admin's.
  const byEmail = and(ilike(users.email, like), emailVisibleWhere({ id: me.id, role: me.role }))
  const where = term ? and(recipientScope(p, me), or(ilike(users.fullName, like), ilike(users.username, like), byEmail)) : recipientScope(p, me)
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
}

/** Compose, reply and forward (a new mail; the client fills subject and quoted text) or save a draft. */
export async function compose(deps: MailboxDeps, p: Principal, input: ComposeInput): Promise<EmailView> {
  const { db, now } = deps
  const me = await selfOf(deps, p.userId)
  const subject = typeof input.subject === 'string' ? input.subject.trim() : ''
  if (subject.length > SUBJECT_MAX) throw bad(`The subject may be at most ${SUBJECT_MAX} characters`, 'subject')
  if (typeof input.message !== 'string' || input.message.length > HTML_MAX) throw bad('The message is too long', 'message')
  const to = await resolveRecipients(deps, p, me, input.to, 'to')
  const cc = await resolveRecipients(deps, p, me, input.cc, 'cc')
  const bcc = await resolveRecipients(deps, p, me, input.bcc, 'bcc')
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
  return (await get(deps, p.userId, id))!
}
