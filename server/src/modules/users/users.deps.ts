import type { PasswordHasher } from '../../auth/passwords'
import type { PasswordResetService } from '../../auth/password-reset'
import type { Db } from '../../db/client'
import type { CountCache } from '../../db/count-cache'
import type { createRawQuery } from '../../db/raw'
import type { AuditService } from '../audit/audit.service'
import type { LicencesService } from '../licences/licences.service'
import type { PlansService } from '../plans/plans.service'

/** What createUsersService is given. */
export interface UsersOptions {
  db: Db
  audit: AuditService
  plans: PlansService
  licences: LicencesService
  passwords: PasswordHasher
  passwordReset: PasswordResetService
  now: () => Date
  /** How long a list's exact total is reused (ms). */
  countTtlMs: number
  inviteTtlSeconds: number
  /** Called after any change to accounts (drops cached totals and figures). */
  onChanged?: () => void
  /** Called with the channels whose panel an edit of the user-level bot panel changed, or that a user's deletion removed (the bot worker picks them up). */
  onChannelsChanged?: (channelIds: number[]) => void
  /** Called with the users whose package an admin changed (package None lets their bots run without a licence). */
  onLicenceChanged?: (userIds: number[]) => void
}

/** What the users' use cases share: the options, the cached list totals and the raw query runner. */
export interface UsersDeps extends UsersOptions {
  counts: CountCache
  rawQuery: ReturnType<typeof createRawQuery>
}
