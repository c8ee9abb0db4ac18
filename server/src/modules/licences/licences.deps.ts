import type { Db } from '../../db/client'
import type { CountCache } from '../../db/count-cache'
import type { AuditService } from '../audit/audit.service'
import type { PlansService } from '../plans/plans.service'

/** What createLicencesService is given. */
export interface LicencesOptions {
  db: Db
  audit: AuditService
  plans: PlansService
  now: () => Date
  countTtlMs: number
  /** Called after any change to accounts or licences (drops cached totals and figures). */
  onChanged?: () => void
  /** Called after a change that may start or end these users' licence (activated, extended, revoked): their bots are reloaded. */
  onLicenceChanged?: (userIds: number[]) => void
  /** Called in the transaction when a user's plan changed (the announcement mail). */
  onPlanChanged?: (tx: Db, userId: number, change: { before: string; after: string }) => Promise<unknown>
}

/** What the licences' use cases share: the options and the cached list totals. */
export interface LicencesDeps extends LicencesOptions {
  counts: CountCache
}
