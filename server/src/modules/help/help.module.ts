import type { AuditService } from '../audit/audit.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createHelpService } from './help.service'
import { mountHelpRoutes } from './help.rest'
import { seedHelp } from './help.seed'
import './help.schema'

/** The help centre: FAQ and knowledge base per locale, edited by admins (seeded once). */
export const helpModule = defineModule({
  name: 'help',
  services: ({ db, now, audit }: Core & { audit: AuditService }) => ({ help: createHelpService({ db, audit, now }) }),
  rest: mountHelpRoutes,
  productData: seedHelp,
})
