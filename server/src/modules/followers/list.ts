import { and, desc, eq, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { PlatformRequestError } from '../../platforms/types'
import type { FollowerList, FollowersDeps } from './followers-deps'
import { followerEvents } from './followers.tables'
import { storeTotal } from './sync-job'

/** Kick lists no followers: the follows its webhooks delivered, newest first, cursor = the last row's time and id. */
async function storedPage(db: Db, channelId: number, first: number, after: string | null): Promise<FollowerList> {
  let cond = eq(followerEvents.channelId, channelId)
  if (after) {
    const [at, id] = Buffer.from(after, 'base64url').toString().split('|')
    const when = new Date(at ?? '')
    if (!id || Number.isNaN(when.getTime())) throw new AppError('BAD_USER_INPUT', 'The cursor is not valid')
    cond = and(cond, or(lt(followerEvents.followedAt, when), and(eq(followerEvents.followedAt, when), lt(followerEvents.followerId, id))))!
  }
  const rows = await db
    .select()
    .from(followerEvents)
    .where(cond)
    .orderBy(desc(followerEvents.followedAt), desc(followerEvents.followerId))
    .limit(first + 1)
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(followerEvents)
    .where(eq(followerEvents.channelId, channelId))
  const page = rows.slice(0, first)
  const last = page[page.length - 1]
  return {
    total: n,
    followers: page.map((r) => ({ userId: r.followerId, login: r.login, name: r.name, followedAt: r.followedAt })),
    cursor: rows.length > first && last ? Buffer.from(`${last.followedAt.toISOString()}|${last.followerId}`).toString('base64url') : null,
    source: 'events',
  }
}

/** The channel's followers: Twitch's list as Helix pages it, Kick's follows as stored from its webhooks. */
export async function list(deps: FollowersDeps, userId: number, channelId: number | string, firstRaw: number, after: string | null): Promise<FollowerList> {
  const { db, channels, platforms } = deps
  const channel = await channels.access(userId, channelId, 'followers', 'view')
  if (!Number.isInteger(firstRaw) || firstRaw < 1 || firstRaw > 100) throw new AppError('BAD_USER_INPUT', 'first is 1 to 100')
  if (after !== null && (after.length === 0 || after.length > 500)) throw new AppError('BAD_USER_INPUT', 'The cursor is not valid')
  if (channel.platform === 'kick') return storedPage(db, channel.id, firstRaw, after)
  try {
    const { twitch } = await platforms.twitchOf(channel)
    const page = await channels.actAs(channel.id, 'broadcaster', (as) => twitch.followers(as.token, as.broadcasterId, { first: firstRaw, after }))
    // The total the platform just gave is the channel's reading: the dashboards show the same figure as this panel.
    if (page.total !== null) await storeTotal(deps, channel.id, page.total)
    return { ...page, source: 'platform' }
  } catch (e) {
    if (e instanceof PlatformRequestError) throw new AppError('PLATFORM_ERROR', e.message)
    throw e
  }
}
