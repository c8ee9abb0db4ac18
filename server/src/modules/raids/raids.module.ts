import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createRaidsService } from './raids.service'
import './raids.schema'

/** Raids: incoming raids and the thank-you, outgoing raid suggestions. */
export const raidsModule = defineModule({
  name: 'raids',
  services: ({ db, log, now, platforms, channels }: Core & { channels: ChannelsService }) => ({
    raids: createRaidsService({ db, log, now, channels, platforms }),
  }),
})
