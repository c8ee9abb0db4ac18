import type { ChannelsService } from '../channels/channels.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import type { WebhooksService } from '../webhooks/webhooks.module'
import { createFollowersService } from './followers.service'
import './followers.schema'

/** Followers: the list, follow events, the thank-you. */
export const followersModule = defineModule({
  name: 'followers',
  services: ({ config, db, now, platforms, channels, webhooks }: Core & { channels: ChannelsService; webhooks: WebhooksService }) => {
    const followers = createFollowersService({ db, now, channels, platforms, webhooks, syncMs: config.FOLLOWER_SYNC_SECONDS * 1000 })
    // A new channel's total is read when it connects, not at the next hourly sync.
    channels.onConnected(followers.readTotalOnConnect)
    return { followers }
  },
})
