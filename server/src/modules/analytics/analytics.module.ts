import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createAnalyticsService } from './analytics.service'
import './analytics.schema'

/** Analytics: stream sessions, viewer samples, dashboards. */
export const analyticsModule = defineModule({
  name: 'analytics',
  services: ({ config, db, now, platforms, channels }: Core & { channels: ChannelsService }) => ({
    analytics: createAnalyticsService({ db, now, channels, platforms, sampleMs: config.VIEWER_SAMPLE_SECONDS * 1000 }),
  }),
})
