import type { Db } from '../../db/client'
import type { MailLimit } from '../mail/mail.service'

/** What createMailboxService is given, and all its use cases share. */
export interface MailboxDeps {
  db: Db
  now: () => Date
  limit?: MailLimit
}
