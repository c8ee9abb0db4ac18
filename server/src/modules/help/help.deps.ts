import type { Db } from '../../db/client'
import type { AuditService } from '../audit/audit.service'

/** What createHelpService is given, and all its use cases share. */
export interface HelpDeps {
  db: Db
  audit: AuditService
  now: () => Date
}
