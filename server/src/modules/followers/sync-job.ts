import { desc, eq } from 'drizzle-orm'
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
        await storeTotal({ db, now }, channel.id, page.total)
        rows++
      }
      return { requests: 1, rows }
    },
  }
}

/** Today's reading of a channel's follower total (one row a day, the latest wins). */
export async function storeTotal({ db, now }: Pick<FollowersDeps, 'db' | 'now'>, channelId: number, total: number): Promise<void> {
  const at = now()
  await db
    .insert(followerTotals)
    .values({ channelId, day: utcDay(at), total, at })
    .onConflictDoUpdate({ target: [followerTotals.channelId, followerTotals.day], set: { total, at } })
}

/**
 * A newly connected Twitch channel's follower total, read at once (one request: the total comes
 * with the first page) so the dashboard shows it before the hourly sync. Kick lists no followers.
 */
export async function readTotalOnConnect(deps: FollowersDeps, channelId: number): Promise<void> {
  const { channels, platforms } = deps
  const channel = await channels.byId(channelId)
  if (!channel || channel.platform !== 'twitch') return
  const broadcaster = await channels.account(channel.id, 'broadcaster')
  if (!broadcaster?.scopes.includes('moderator:read:followers')) return
  const { twitch } = await platforms.twitchOf(channel)
  const page = await channels.actAs(channel.id, 'broadcaster', (as) => twitch.followers(as.token, as.broadcasterId, { first: 1 }, 0))
  if (page.total !== null) await storeTotal(deps, channel.id, page.total)
}

/** The latest follower total read for a channel (null: none yet, or Kick). */
export async function latestTotal({ db }: Pick<FollowersDeps, 'db'>, channelId: number): Promise<number | null> {
  const [row] = await db
    .select({ total: followerTotals.total })
    .from(followerTotals)
    .where(eq(followerTotals.channelId, channelId))
    .orderBy(desc(followerTotals.day))
    .limit(1)
  return row?.total ?? null
}
