import { inArray } from 'drizzle-orm'
import type { Db } from '../server/src/db/client'
import { users } from '../server/src/db/schema'
import { mailboxEmails, mailboxMessages } from '../server/src/modules/mailbox/mailbox.tables'

/**
 * A few mails between the demo accounts (client ↔ reseller, admin → both), written once: a
 * demo user who already has mail is left alone, so the seed can run on every start.
 */
export async function seedDemoMail(db: Db): Promise<number> {
  const demo = await db
    .select()
    .from(users)
    .where(inArray(users.email, ['admin@demo.local', 'reseller@demo.local', 'client@demo.local']))
  const by = (role: string) => demo.find((u) => u.email === `${role}@demo.local`)
  const [admin, reseller, client] = [by('admin'), by('reseller'), by('client')]
  if (!admin || !reseller || !client) return 0
  const [existing] = await db
    .select({ id: mailboxEmails.id })
    .from(mailboxEmails)
    .where(inArray(mailboxEmails.ownerId, [admin.id, reseller.id, client.id]))
    .limit(1)
  if (existing) return 0
  const who = (u: typeof admin) => ({ email: u.email, name: u.fullName ?? u.username })
  const mails: Array<{
    from: typeof admin
    to: typeof admin
    subject: string
    html: string
    hoursAgo: number
    labels?: Array<'company' | 'important' | 'private' | 'personal'>
  }> = [
    {
      from: admin,
      to: reseller,
      subject: 'Welcome to the reseller programme',
      html: '<p>Hi! Your reseller account is ready. Licence keys for your clients are under <b>Licences</b>.</p>',
      hoursAgo: 72,
      labels: ['company'],
    },
    {
      from: reseller,
      to: client,
      subject: 'Your Starter licence is active',
      html: '<p>Hello, your Starter licence is active for 30 days. Write to me here if the bot needs anything.</p>',
      hoursAgo: 48,
      labels: ['important'],
    },
    { from: client, to: reseller, subject: 'Question about timers', html: '<p>Hi, can a timer post only while the stream is live?</p>', hoursAgo: 24 },
    {
      from: reseller,
      to: client,
      subject: 'Re: Question about timers',
      html: '<p>Yes: timers only run while you are live, and only after enough chat lines.</p>',
      hoursAgo: 20,
      labels: ['personal'],
    },
    {
      from: admin,
      to: client,
      subject: 'Maintenance on Sunday',
      html: '<p>The panel will be read-only for ten minutes on Sunday at 06:00 UTC.</p>',
      hoursAgo: 2,
    },
  ]
  await db.transaction(async (tx) => {
    for (const m of mails) {
      const at = new Date(Date.now() - m.hoursAgo * 3600_000)
      const [msg] = await tx
        .insert(mailboxMessages)
        .values({
          fromUserId: m.from.id,
          fromEmail: m.from.email,
          fromName: who(m.from).name,
          fromAvatar: m.from.avatar,
          to: [who(m.to)],
          subject: m.subject,
          html: m.html,
          createdAt: at,
        })
        .returning({ id: mailboxMessages.id })
      await tx.insert(mailboxEmails).values([
        { ownerId: m.from.id, messageId: msg!.id, folder: 'sent', isRead: true, createdAt: at },
        { ownerId: m.to.id, messageId: msg!.id, folder: 'inbox', isRead: m.hoursAgo > 30, labels: m.labels ?? [], createdAt: at },
      ])
    }
  })
  return mails.length
}
