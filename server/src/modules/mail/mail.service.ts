import { desc } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mailOutbox } from '../../db/schema'
import type { Logger } from '../../logger'

export interface Mail {
  to: string
  subject: string
  text: string
}

/**
 * Who caused a mail: the signed-in account whose action sends it (counted against
 * MAIL_RATE_LIMIT an hour), or null for the product's own mails that are limited where they
 * start (a password reset asked for by address, limited per e-mail and address).
 */
export type MailCause = { userId: number } | null

/** Counts one mail caused by an account; throws RATE_LIMITED past its hourly allowance. */
export interface MailLimit {
  takeMail(userId: number): Promise<void>
}

/**
 * Sending mail means writing it to the outbox table (in the caller's transaction) and, when the
 * address belongs to a user, into their mailbox inbox too. With SMTP_URL the delivery loop
 * (mail-delivery.ts) sends the outbox through SMTP; without it an admin reads the outbox
 * (GraphQL `mailOutbox`). The log only says that a mail was queued, never its content (it may
 * carry a reset link).
 */
export function createMailService(db: Db, log: Logger, deps: { now?: () => Date; toInbox?: (mail: Mail, tx: Db) => Promise<void>; limit?: MailLimit } = {}) {
  return {
    /**
     * Queues a mail in the caller's transaction. `by` is counted first: past the account's
     * hourly allowance this throws RATE_LIMITED and the caller's transaction writes nothing.
     */
    async send(mail: Mail, tx: Db, by: MailCause): Promise<void> {
      if (by) await deps.limit?.takeMail(by.userId)
      await tx.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, nextAttemptAt: deps.now?.() ?? new Date() })
      await deps.toInbox?.(mail, tx)
      log.info({ subject: mail.subject }, 'mail queued in outbox')
    },
    async latest(first: number) {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(first)
    },
  }
}

export type MailService = ReturnType<typeof createMailService>
