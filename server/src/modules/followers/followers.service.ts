import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Platforms } from '../../platforms'
import { PlatformRequestError, type NewFollower } from '../../platforms/types'
import type { SyncJob } from '../../worker/sync-scheduler'
import type { ChannelsService } from '../channels/channels.service'
import { renderTemplate, templateProblems } from '../commands/template'
import { followerEvents, followerSettings, followerTotals } from './followers.tables'

/** The longest thank-you template (names are added when it is sent; the platform allows 500). */
export const MAX_THANKS_TEMPLATE = 300
/** A thank-you names this many followers, then "and N others". */
export const THANKS_NAMES = 3
export const DEFAULT_THANKS_TEMPLATE = 'Thank you for the follow, ${user}!'
/** How often the follower total and the newest followers are read (Twitch). */
export const FOLLOWERS_SYNC_MS = 60 * 60_000
const utcDay = (d: Date) => d.toISOString().slice(0, 10)

export interface FollowerItem {
  userId: string
  login: string
  name: string
  followedAt: Date
}

export interface FollowerList {
  /** As the platform reports it (Twitch); on Kick, the follows its webhooks delivered since connecting. */
  total: number | null
  followers: FollowerItem[]
  cursor: string | null
  /** platform: read from the platform's follower list; events: Kick has no list, these came as webhooks. */
  source: 'platform' | 'events'
}

const settingsInput = z.object({
  thankYou: z.boolean(),
  template: z.string(),
})

/** "a, b, c and 197 others" (names cut to 25 characters). */
export function thankedNames(names: string[]): string {
  const shown = names.slice(0, THANKS_NAMES).map((n) => n.slice(0, 25))
  const others = names.length - shown.length
  if (others > 0) return `${shown.join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`
  if (shown.length <= 1) return shown.join('')
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`
}

/**
 * Followers: the list as the platform gives it (Twitch Helix, cursor paging), follows stored
 * as events (EventSub channel.follow v2, Kick channel.followed, and Twitch's newest page read
 * on a schedule for missed events), the daily total as reported, and the optional thank-you
 * (at most one per follower, ever: the row's thanked_at is claimed atomically).
 */
export function createFollowersService(deps: { db: Db; now: () => Date; channels: ChannelsService; platforms: Platforms; syncMs?: number }) {
  const { db, now, channels, platforms } = deps

  async function settingsOf(channelId: number) {
    const [row] = await db.select().from(followerSettings).where(eq(followerSettings.channelId, channelId)).limit(1)
    return row ?? { channelId, thankYou: false, template: DEFAULT_THANKS_TEMPLATE, updatedAt: null }
  }

  async function settings(userId: number, channelId: number | string) {
    const channel = await channels.owned(userId, channelId)
    return settingsOf(channel.id)
  }

  async function updateSettings(userId: number, channelId: number | string, raw: unknown) {
    const channel = await channels.owned(userId, channelId)
    const parsed = settingsInput.safeParse(raw)
    if (!parsed.success) throw new AppError('BAD_USER_INPUT', 'Invalid thank-you settings')
    const template = parsed.data.template.trim()
    const problems = templateProblems(template, ['user'])
    if (template.length > MAX_THANKS_TEMPLATE) problems.unshift(`The template has ${template.length} characters; the most is ${MAX_THANKS_TEMPLATE}`)
    if (problems.length) throw new AppError('BAD_USER_INPUT', problems[0]!, { template: problems })
    const values = { channelId: channel.id, thankYou: parsed.data.thankYou, template, updatedAt: now() }
    const [row] = await db
      .insert(followerSettings)
      .values(values)
      .onConflictDoUpdate({ target: followerSettings.channelId, set: { thankYou: values.thankYou, template, updatedAt: values.updatedAt } })
      .returning()
    return row!
  }

  /** Kick lists no followers: the follows its webhooks delivered, newest first, cursor = the last row's time and id. */
  async function storedPage(channelId: number, first: number, after: string | null): Promise<FollowerList> {
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

  async function list(userId: number, channelId: number | string, firstRaw: number, after: string | null): Promise<FollowerList> {
    const channel = await channels.owned(userId, channelId)
    if (!Number.isInteger(firstRaw) || firstRaw < 1 || firstRaw > 100) throw new AppError('BAD_USER_INPUT', 'first is 1 to 100')
    if (after !== null && (after.length === 0 || after.length > 500)) throw new AppError('BAD_USER_INPUT', 'The cursor is not valid')
    if (channel.platform === 'kick') return storedPage(channel.id, firstRaw, after)
    try {
      const { twitch } = await platforms.twitchOf(channel)
      const page = await channels.actAs(channel.id, 'broadcaster', (as) => twitch.followers(as.token, as.broadcasterId, { first: firstRaw, after }))
      return { ...page, source: 'platform' }
    } catch (e) {
      if (e instanceof PlatformRequestError) throw new AppError('PLATFORM_ERROR', e.message)
      throw e
    }
  }

  /** Stores a follow; true when this follower is new for the channel. */
  async function recordFollow(channelId: number, f: NewFollower, source: 'event' | 'list' = 'event'): Promise<boolean> {
    if (!f.userId) return false
    const rows = await db
      .insert(followerEvents)
      .values({
        channelId,
        followerId: f.userId.slice(0, 100),
        login: f.login.slice(0, 100),
        name: f.name.slice(0, 100),
        followedAt: f.followedAt,
        source,
      })
      .onConflictDoNothing()
      .returning({ id: followerEvents.followerId })
    return rows.length > 0
  }

  /**
   * The thank-you for followers who just came: claims the ones not yet thanked (so no
   * follower is thanked twice, even across processes) and renders one message naming a few
   * and "and N others". null when the thank-you is off or everyone was thanked already.
   */
  async function thankYou(channelId: number, followerIds: string[]): Promise<string | null> {
    if (followerIds.length === 0) return null
    const s = await settingsOf(channelId)
    if (!s.thankYou) return null
    const claimed = await db
      .update(followerEvents)
      .set({ thankedAt: now() })
      .where(and(eq(followerEvents.channelId, channelId), inArray(followerEvents.followerId, followerIds), isNull(followerEvents.thankedAt)))
      .returning({ id: followerEvents.followerId, name: followerEvents.name })
    if (claimed.length === 0) return null
    const order = new Map(followerIds.map((id, i) => [id, i]))
    claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    return renderTemplate(s.template, { user: thankedNames(claimed.map((c) => c.name)), touser: '', count: 0, uptimeMs: null }, () => 0)
  }

  /** Scheduler job (Twitch): the total as reported and the newest page, for follows whose event was missed. */
  const syncJob: SyncJob = {
    name: 'followers',
    intervalMs: deps.syncMs ?? FOLLOWERS_SYNC_MS,
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

  return { settings, settingsOf, updateSettings, list, recordFollow, thankYou, syncJob }
}

export type FollowersService = ReturnType<typeof createFollowersService>
