import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { mailboxEmails, mailboxMessages } from './mailbox.tables'
import { textToHtml } from './mailbox-model'
import type { MailboxDeps } from './mailbox.deps'

/**
 * A product mail (password reset, invite, feedback reply, licence notice) lands in the inbox of
 * the user with that address too, inside the caller's transaction.
 */
export async function deliverProductMail(deps: MailboxDeps, mail: { to: string; subject: string; text: string }, tx: Db, fromEmail: string) {
  const { now } = deps
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
}
