import type { AuditService } from '../audit/audit.service'
import type { MailService } from '../mail/mail.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createAccountService } from './account.service'
import { mountAccountRoutes } from './account.rest'
import './account.schema'

/** Account settings: profile, password, e-mail change (with its undo link), notifications. */
export const accountModule = defineModule({
  name: 'account',
  services: (d: Core & { audit: AuditService; mail: MailService }) => ({
    account: createAccountService({
      db: d.db,
      audit: d.audit,
      passwords: d.passwords,
      tokens: d.tokens,
      mail: d.mail,
      publicUrl: d.publicUrl,
      emailUndoTtlSeconds: d.config.EMAIL_UNDO_TTL,
      now: d.now,
      onChanged: () => d.invalidations.changed('accounts'),
    }),
  }),
  rest: mountAccountRoutes,
})
