import type { AuditService } from '../audit/audit.service'
import { licenceChangedNotifier } from '../channels/channels.module'
import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import type { Announcements } from '../marketing/announcements'
import type { PlansService } from '../plans/plans.service'
import { createLicencesService } from './licences.service'
import './licences.schema'

/** Licences (admin and reseller side): an account change drops the counts here and in every other process. */
export const licencesModule = defineModule({
  name: 'licences',
  services: (d: Core & { audit: AuditService; plans: PlansService; channels: ChannelsService; announcements: Announcements }) => {
    const licences = createLicencesService({
      db: d.db,
      audit: d.audit,
      plans: d.plans,
      now: d.now,
      countTtlMs: d.config.COUNT_CACHE_TTL * 1000,
      onChanged: () => d.invalidations.changed('accounts'),
      onLicenceChanged: licenceChangedNotifier(d),
      onPlanChanged: (tx, userId, change) => d.announcements.planChanged(tx, userId, change),
    })
    d.invalidations.on('accounts', licences.clearCounts)
    return { licences }
  },
})
