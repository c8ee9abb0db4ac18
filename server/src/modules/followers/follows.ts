import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { NewFollower } from '../../platforms/types'
import { renderTemplate } from '../commands/template'
import { WEBHOOK_EVENTS } from '../webhooks/webhooks.module'
import { THANKS_NAMES, type FollowersDeps } from './followers-deps'
import { followerEvents } from './followers.tables'
import { settingsOf } from './settings'

/** "a, b, c and 197 others" (names cut to 25 characters). */
export function thankedNames(names: string[]): string {
  const shown = names.slice(0, THANKS_NAMES).map((n) => n.slice(0, 25))
  const others = names.length - shown.length
  if (others > 0) return `${shown.join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`
  if (shown.length <= 1) return shown.join('')
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`
}

/**
 * Stores a follow; true when this follower is new for the channel. A new follow queues the
 * `follow` webhook in the same transaction, so the event exists exactly when the follow does.
 */
export async function recordFollow({ db, webhooks }: FollowersDeps, channelId: number, f: NewFollower, source: 'event' | 'list' = 'event'): Promise<boolean> {
  if (!f.userId) return false
  const follower = { followerId: f.userId.slice(0, 100), login: f.login.slice(0, 100), name: f.name.slice(0, 100), followedAt: f.followedAt }
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(followerEvents)
      .values({ channelId, ...follower, source })
      .onConflictDoNothing()
      .returning({ id: followerEvents.followerId })
    if (rows.length === 0) return false
    await webhooks.enqueue(tx, channelId, WEBHOOK_EVENTS.follow, {
      userId: follower.followerId,
      login: follower.login,
      name: follower.name,
      followedAt: follower.followedAt.toISOString(),
    })
    return true
  })
}

/**
 * The thank-you for followers who just came: claims the ones not yet thanked (so no
 * follower is thanked twice, even across processes) and renders one message naming a few
 * and "and N others". null when the thank-you is off or everyone was thanked already.
 */
export async function thankYou(deps: FollowersDeps, channelId: number, followerIds: string[]): Promise<string | null> {
  if (followerIds.length === 0) return null
  const s = await settingsOf(deps, channelId)
  if (!s.thankYou) return null
  const claimed = await deps.db
    .update(followerEvents)
    .set({ thankedAt: deps.now() })
    .where(and(eq(followerEvents.channelId, channelId), inArray(followerEvents.followerId, followerIds), isNull(followerEvents.thankedAt)))
    .returning({ id: followerEvents.followerId, name: followerEvents.name })
  if (claimed.length === 0) return null
  const order = new Map(followerIds.map((id, i) => [id, i]))
  claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  return renderTemplate(s.template, { user: thankedNames(claimed.map((c) => c.name)), touser: '', count: 0, uptimeMs: null }, () => 0)
}
