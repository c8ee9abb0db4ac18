import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { mountAlertRoutes } from './alerts.rest'
import { createAlertsService } from './alerts.service'
import { PLACE_TTL_MS } from './overlay-hub'
import { createRedisOverlaySlots } from './overlay-slots'
import './alerts.schema'

/** Alerts and overlays: chat alerts per event type, the overlay page and its live feed (docs/features/alerts-overlays.md). */
export const alertsModule = defineModule({
  name: 'alerts',
  services: ({ config, db, log, now, pubsub, channels }: Core & { channels: ChannelsService }) => ({
    alerts: createAlertsService({ db, log, now, channels, pubsub }),
    // With several processes (REDIS_URL) the overlays' bound holds over all of them.
    overlaySlots: config.REDIS_URL ? createRedisOverlaySlots({ url: config.REDIS_URL, log, ttlMs: PLACE_TTL_MS }) : null,
  }),
  rest: mountAlertRoutes,
})

// What the bot worker raises as an alert (server/src/worker/channel-bot.ts).
export { alertOf, type AlertInput } from './alert-dispatch'
