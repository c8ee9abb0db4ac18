import type { PasswordResetService } from '../../auth/password-reset'
import type { AuditService } from '../audit/audit.service'
import { channelsChangedNotifier, licenceChangedNotifier } from '../channels/channels.module'
import type { ChannelsService } from '../channels/channels.service'
import type { LicencesService } from '../licences/licences.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import type { PlansService } from '../plans/plans.service'
import { createUsersService } from './users.service'
import { mountUserRoutes } from './users.rest'
import './users.schema'

type Needs = Core & { audit: AuditService; plans: PlansService; licences: LicencesService; passwordReset: PasswordResetService; channels: ChannelsService }

/** The accounts (admin side): an account change drops the counts and cached callers in every process. */
export const usersModule = defineModule({
  name: 'users',
  services: (d: Needs) => {
    const users = createUsersService({
      db: d.db,
      audit: d.audit,
      plans: d.plans,
      licences: d.licences,
      passwords: d.passwords,
      passwordReset: d.passwordReset,
      now: d.now,
      countTtlMs: d.config.COUNT_CACHE_TTL * 1000,
      inviteTtlSeconds: d.config.INVITE_TTL,
      onChanged: () => d.invalidations.changed('accounts'),
      // An admin's edit of a user's bot panel reaches the bot worker like an edit on /pages/Panel; so do a deleted user's channels.
      onChannelsChanged: channelsChangedNotifier(d),
      onLicenceChanged: licenceChangedNotifier(d),
    })
    d.invalidations.on('accounts', users.clearCounts)
    return { users }
  },
  rest: mountUserRoutes,
})
