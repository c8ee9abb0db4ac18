import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import type { WebhooksService } from '../webhooks/webhooks.module'
import { createRaidsService } from './raids.service'
import './raids.schema'

/** Raids: incoming raids and the thank-you, outgoing raid suggestions. */
export const raidsModule = defineModule({
  name: 'raids',
  services: ({ db, log, now, platforms, channels, webhooks }: Core & { channels: ChannelsService; webhooks: WebhooksService }) => ({
    raids: createRaidsService({ db, log, now, channels, platforms, webhooks }),
  }),
})
