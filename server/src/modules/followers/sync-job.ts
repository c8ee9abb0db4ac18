import type { SyncJob } from '../../worker/sync-scheduler'
import { FOLLOWERS_SYNC_MS, type FollowersDeps } from './followers-deps'
import { followerEvents, followerTotals } from './followers.tables'

const utcDay = (d: Date) => d.toISOString().slice(0, 10)

/** Scheduler job (Twitch): the total as reported and the newest page, for follows whose event was missed. */
export function followersSyncJob({ db, now, channels, platforms, syncMs }: FollowersDeps): SyncJob {
  return {
    name: 'followers',
    intervalMs: syncMs ?? FOLLOWERS_SYNC_MS,
    applies: (c) => c.platform === 'twitch',
    async run(channel, ctx) {
      // A channel connected before the follower panel lacks the scope: Twitch would answer 401,
      // which reads as a refused token (refresh, then "reconnect the channel") on a working channel.
      const broadcaster = await channels.account(channel.id, 'broadcaster')
      if (!broadcaster?.scopes.includes('moderator:read:followers')) return { requests: 0, rows: 0 }
      const { twitch } = await platforms.twitchOf(channel)
      const page = await channels.actAs(channel.id, 'broadcaster', (as) => {
        ctx.guard('twitch', as.token)
        return twitch.followers(as.token, as.broadcasterId, { first: 100 }, ctx.retries)
      })
      let rows = 0
      if (page.followers.length) {
        const inserted = await db
          .insert(followerEvents)
          .values(
            page.followers.map((f) => ({
              channelId: channel.id,
              followerId: f.userId,
              login: f.login,
              name: f.name,
              followedAt: f.followedAt,
              source: 'list' as const,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: followerEvents.followerId })
        rows += inserted.length
      }
      if (page.total !== null) {
        const at = now()
        await db
          .insert(followerTotals)
          .values({ channelId: channel.id, day: utcDay(at), total: page.total, at })
          .onConflictDoUpdate({ target: [followerTotals.channelId, followerTotals.day], set: { total: page.total, at } })
        rows++
      }
      return { requests: 1, rows }
    },
  }
}
