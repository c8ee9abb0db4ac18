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
 * Sending mail means writing it to the outbox table. No SMTP transport is wired yet: in
 * development an admin reads the outbox (GraphQL `mailOutbox`); the log only says that a
 * mail was queued, never its content (it may carry a reset link).
 */
export function createMailService(db: Db, log: Logger) {
  return {
    async send(mail: Mail, tx: Db = db): Promise<void> {
      await tx.insert(mailOutbox).values(mail)
      log.info({ subject: mail.subject }, 'mail queued in outbox')
    },
    async latest(first: number) {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(first)
    },
  }
}

export type MailService = ReturnType<typeof createMailService>
