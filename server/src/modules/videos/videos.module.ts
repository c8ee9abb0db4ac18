import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createVideosService } from './videos.service'
import './videos.schema'

/** The VOD and clip library: Helix read through a per-channel cache (syncChannel for the scheduler). */
export const videosModule = defineModule({
  name: 'videos',
  services: ({ db, log, now, platforms, channels }: Core & { channels: ChannelsService }) => ({
    videos: createVideosService({ db, log, now, channels, platforms }),
  }),
})
