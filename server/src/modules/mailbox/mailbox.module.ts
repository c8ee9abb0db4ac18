import type { Core } from '../module'
import { defineModule } from '../module'
import { createMailboxService } from './mailbox.service'
import { mountMailboxRoutes } from './mailbox.rest'
import './mailbox.schema'

/** Each user's mailbox; the product's own mails land in the recipient's inbox as well. */
export const mailboxModule = defineModule({
  name: 'mailbox',
  services: ({ db, now, limits }: Core) => ({ mailbox: createMailboxService({ db, now, limit: limits }) }),
  rest: mountMailboxRoutes,
})
