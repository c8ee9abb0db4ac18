import type { Core } from '../module'
import { defineModule } from '../module'
import { createAuditService } from './audit.service'
import './audit.schema'

/** The audit log of admin actions. */
export const auditModule = defineModule({
  name: 'audit',
  services: ({ db, now }: Core) => ({ audit: createAuditService(db, now) }),
})
