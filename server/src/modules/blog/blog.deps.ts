import type { Db } from '../../db/client'
import type { AuditService } from '../audit/audit.service'

/** What createBlogService is given, and all its use cases share. */
export interface BlogDeps {
  db: Db
  audit: AuditService
  now: () => Date
}
