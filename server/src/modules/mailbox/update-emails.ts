import { and, eq, inArray, sql } from 'drizzle-orm'
import { mailboxEmails, type EmailLabel } from './mailbox.tables'
import { bad, type EmailRow } from './mailbox-model'
import { checkFolder } from './mailbox-inputs'
import type { MailboxDeps } from './mailbox.deps'

/** §7 POST /apps/email/update-emails: only the caller's copies change; other ids are ignored. */
export async function update(deps: MailboxDeps, ownerId: number, ids: number[], data: { folder?: unknown; isRead?: unknown; isStarred?: unknown }) {
  const { db } = deps
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
}

/** §7 POST /apps/email/update-emails-label: toggles the label on each of the caller's copies. */
export async function toggleLabel(deps: MailboxDeps, ownerId: number, ids: number[], label: EmailLabel) {
  const { db } = deps
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
}
