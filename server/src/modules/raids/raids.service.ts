import { and, desc, eq, gt, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import type { ChannelSearchResult } from '../../platforms/twitch/twitch.client'
import { PlatformRequestError, type PlatformResult, type RaidEvent } from '../../platforms/types'
import type { ChannelsService } from '../channels/channels.service'
import type { ChannelRow } from '../channels/channels.tables'
import { planLimits } from '../channels/plan-limits'
import { raids, type RaidRow } from './raids.tables'

export const DAY_MS = 24 * 60 * 60_000
/** Twitch starts a raid 90 s after the request at the latest; a pending raid older than this lost its event. */
export const PENDING_TTL_MS = 10 * 60_000
export const SHOUTOUT_EVERY_MS = 2 * 60_000
export const SHOUTOUT_SAME_TARGET_MS = 60 * 60_000
export const MAX_QUERY_LENGTH = 100
export const SEARCH_RESULTS = 20
export const HISTORY_SIZE = 20
export const RAID_SCOPE = 'channel:manage:raids'
export const SHOUTOUT_SCOPE = 'moderator:manage:shoutouts'

const queryInput = z.string().trim().min(1, 'Type a channel name to search for').max(MAX_QUERY_LENGTH, `A search has at most ${MAX_QUERY_LENGTH} characters`)
/** Twitch user ids are decimal numbers. */
const targetInput = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, 'Not a Twitch channel id')

function parse<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const message = r.error.issues[0]?.message ?? 'Invalid value'
  throw new AppError('BAD_USER_INPUT', message, { [field]: [message] })
}

/** The raid panel's view of one channel (spec app state raidActive, raidedChannel). */
export interface RaidStateShape {
  supported: boolean
  raidActive: boolean
  raidedChannel: string | null
  pending: RaidRow | null
  limitPer24h: number | null
  usedLast24h: number
  /** When the next raid is allowed; null: now. */
  nextRaidAt: Date | null
}

/**
 * Raids through Twitch Helix: search a live channel, start a raid (pending until EventSub
 * channel.raid from this broadcaster confirms it), cancel it; the product rule of the plan's
 * raids per 24 h; shoutouts within Twitch's limits for incoming raids. Kick has no raid API.
 */
export function createRaidsService(deps: { db: Db; log: Logger; now: () => Date; channels: ChannelsService; platforms: Platforms }) {
  const { db, log, now, channels, platforms } = deps
  // A sandbox channel raids inside the in-process sandbox, never on the real Twitch.
  const twitchFor = async (channel: { sandbox: boolean }) => (await platforms.twitchOf(channel)).twitch

  async function twitchChannel(userId: number, channelId: number | string): Promise<ChannelRow> {
    const channel = await channels.owned(userId, channelId)
    if (channel.platform !== 'twitch') throw new AppError('BAD_USER_INPUT', "Kick's public API has no raid or host endpoint")
    return channel
  }

  async function requireScope(channel: ChannelRow, scope: string) {
    const acc = await channels.account(channel.id, 'broadcaster')
    if (!acc?.scopes.includes(scope)) {
      throw new AppError('PLATFORM_ERROR', `The channel was connected before raids were offered; reconnect it to grant ${scope}`)
    }
  }

  const platformFailure = (e: unknown): never => {
    if (e instanceof PlatformRequestError) throw new AppError('PLATFORM_ERROR', e.message)
    throw e
  }

  /** Outgoing raids in the 24 h before `at` that count for the rule (not cancelled), oldest first. */
  async function countedSince(channelId: number, since: Date) {
    return db
      .select({ requestedAt: raids.requestedAt })
      .from(raids)
      .where(and(eq(raids.channelId, channelId), eq(raids.direction, 'outgoing'), inArray(raids.state, ['pending', 'confirmed']), gt(raids.requestedAt, since)))
      .orderBy(raids.requestedAt)
  }

  async function pendingOf(channelId: number): Promise<RaidRow | null> {
    const [row] = await db
      .select()
      .from(raids)
      .where(
        and(
          eq(raids.channelId, channelId),
          eq(raids.direction, 'outgoing'),
          eq(raids.state, 'pending'),
          gt(raids.requestedAt, new Date(now().getTime() - PENDING_TTL_MS)),
        ),
      )
      .orderBy(desc(raids.requestedAt))
      .limit(1)
    return row ?? null
  }

  async function stateOf(channel: ChannelRow): Promise<RaidStateShape> {
    if (channel.platform !== 'twitch') {
      return { supported: false, raidActive: false, raidedChannel: null, pending: null, limitPer24h: null, usedLast24h: 0, nextRaidAt: null }
    }
    const t = now()
    const [limits, counted, pending, [last]] = await Promise.all([
      planLimits(db, channel.userId),
      countedSince(channel.id, new Date(t.getTime() - DAY_MS)),
      pendingOf(channel.id),
      db
        .select()
        .from(raids)
        .where(
          and(
            eq(raids.channelId, channel.id),
            eq(raids.direction, 'outgoing'),
            eq(raids.state, 'confirmed'),
            gt(raids.requestedAt, new Date(t.getTime() - DAY_MS)),
          ),
        )
        .orderBy(desc(raids.requestedAt))
        .limit(1),
    ])
    const limit = limits.raidsPerDay
    const full = limit !== null && counted.length >= limit
    // The window frees a slot when the oldest counted raid is 24 h old.
    const oldest = full ? counted[counted.length - limit]! : null
    return {
      supported: true,
      raidActive: pending !== null,
      raidedChannel: pending?.otherName ?? last?.otherName ?? null,
      pending,
      limitPer24h: limit,
      usedLast24h: counted.length,
      nextRaidAt: oldest ? new Date(oldest.requestedAt.getTime() + DAY_MS) : null,
    }
  }

  async function search(userId: number, channelId: number | string, rawQuery: unknown): Promise<ChannelSearchResult[]> {
    const query = parse(queryInput, rawQuery, 'query')
    const channel = await twitchChannel(userId, channelId)
    const found = await channels
      .actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(channel)).searchChannels(as.token, query, { liveOnly: true, first: SEARCH_RESULTS }))
      .catch(platformFailure)
    return found.filter((c) => c.id !== channel.platformUserId)
  }

  function refusal(r: PlatformResult): AppError {
    if (r.status === 409) return new AppError('RAID_PENDING', r.message)
    if (r.status === 429) return new AppError('RAID_RATE_LIMITED', r.message)
    if (r.status === 404) return new AppError('NOT_FOUND', r.message)
    if (r.status === 400) return new AppError('BAD_USER_INPUT', r.message)
    return new AppError('PLATFORM_ERROR', `Twitch answered ${r.status}: ${r.message}`)
  }

  async function start(userId: number, channelId: number | string, rawTarget: unknown): Promise<RaidRow> {
    const targetId = parse(targetInput, rawTarget, 'targetId')
    const channel = await twitchChannel(userId, channelId)
    if (targetId === channel.platformUserId) {
      throw new AppError('BAD_USER_INPUT', 'A channel cannot raid itself', { targetId: ['A channel cannot raid itself'] })
    }
    const state = await stateOf(channel)
    if (state.raidActive) throw new AppError('RAID_PENDING', `A raid on ${state.raidedChannel ?? 'another channel'} is already pending`)
    if (state.nextRaidAt) {
      throw new AppError('RAID_COOLDOWN', `Your plan allows ${state.limitPer24h} raid(s) per 24 h; the next one at ${state.nextRaidAt.toISOString()}`)
    }
    await requireScope(channel, RAID_SCOPE)
    const result = await channels.actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(channel)).startRaid(as, targetId)).catch(platformFailure)
    if (!result.ok) throw refusal(result)
    // The target's name as Twitch knows it, for the history (the id alone if the lookup fails).
    const target = await channels.actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(channel)).userById(as.token, targetId)).catch(() => null)
    const [row] = await db
      .insert(raids)
      .values({
        channelId: channel.id,
        direction: 'outgoing',
        otherId: targetId,
        otherLogin: target?.login ?? targetId,
        otherName: target?.displayName ?? target?.login ?? targetId,
        state: 'pending',
        requestedAt: now(),
      })
      .returning()
    log.info({ channelId: channel.id }, 'raid requested')
    return row!
  }

  async function cancel(userId: number, channelId: number | string): Promise<RaidRow> {
    const channel = await twitchChannel(userId, channelId)
    const pending = await pendingOf(channel.id)
    if (!pending) throw new AppError('NOT_FOUND', 'This channel has no pending raid')
    await requireScope(channel, RAID_SCOPE)
    const result = await channels.actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(channel)).cancelRaid(as)).catch(platformFailure)
    if (!result.ok && result.status !== 404) throw refusal(result)
    if (!result.ok) throw new AppError('NOT_FOUND', 'Twitch has no pending raid for this channel: it may have started already')
    const [row] = await db
      .update(raids)
      .set({ state: 'cancelled', settledAt: now() })
      .where(and(eq(raids.id, pending.id), eq(raids.state, 'pending')))
      .returning()
    return row ?? pending
  }

  /**
   * The bot saw EventSub channel.raid. From this broadcaster: the pending raid on that target
   * is confirmed (or, started on Twitch directly, recorded as confirmed). To it: recorded as
   * received. Answers the row, or null when the event is not about this channel.
   */
  async function onRaidEvent(channelId: number, ev: RaidEvent): Promise<RaidRow | null> {
    const channel = await channels.byId(channelId)
    if (!channel) return null
    const t = now()
    if (ev.fromId === channel.platformUserId) {
      const [pending] = await db
        .select()
        .from(raids)
        .where(and(eq(raids.channelId, channelId), eq(raids.direction, 'outgoing'), eq(raids.state, 'pending'), eq(raids.otherId, ev.toId)))
        .orderBy(desc(raids.requestedAt))
        .limit(1)
      const confirmed = { state: 'confirmed' as const, settledAt: t, viewers: ev.viewers, otherLogin: ev.toLogin || ev.toId, otherName: ev.toName || ev.toId }
      if (pending) {
        const [row] = await db.update(raids).set(confirmed).where(eq(raids.id, pending.id)).returning()
        return row!
      }
      const [row] = await db
        .insert(raids)
        .values({ channelId, direction: 'outgoing', otherId: ev.toId, requestedAt: t, ...confirmed })
        .returning()
      return row!
    }
    if (ev.toId === channel.platformUserId) {
      const [row] = await db
        .insert(raids)
        .values({
          channelId,
          direction: 'incoming',
          otherId: ev.fromId,
          otherLogin: ev.fromLogin || ev.fromId,
          otherName: ev.fromName || ev.fromId,
          state: 'received',
          viewers: ev.viewers,
          requestedAt: t,
          settledAt: t,
        })
        .returning()
      return row!
    }
    return null
  }

  /** Why a shoutout to `targetId` may not be given now (Twitch: one per 2 min, the same channel once per hour), or null. */
  async function shoutoutBlock(channelId: number, targetId: string, t: Date): Promise<string | null> {
    const recent = await db
      .select({ otherId: raids.otherId, at: raids.shoutoutAt })
      .from(raids)
      .where(and(eq(raids.channelId, channelId), eq(raids.shoutout, 'sent'), gt(raids.shoutoutAt, new Date(t.getTime() - SHOUTOUT_SAME_TARGET_MS))))
    if (recent.some((r) => r.at && r.at.getTime() > t.getTime() - SHOUTOUT_EVERY_MS)) return 'skipped: one shoutout per 2 minutes'
    if (recent.some((r) => r.otherId === targetId)) return 'skipped: the same channel once per hour'
    return null
  }

  /** A shoutout of the raid's other channel, within Twitch's limits (checked before calling); the outcome is kept on the row. */
  async function shoutout(raid: RaidRow): Promise<RaidRow> {
    const t = now()
    const channel = await channels.byId(raid.channelId)
    if (!channel || channel.platform !== 'twitch') return raid
    let outcome = await shoutoutBlock(raid.channelId, raid.otherId, t)
    if (!outcome) {
      const acc = await channels.account(channel.id, 'broadcaster')
      if (!acc?.scopes.includes(SHOUTOUT_SCOPE)) outcome = `skipped: reconnect the channel to grant ${SHOUTOUT_SCOPE}`
    }
    if (!outcome) {
      try {
        const r = await channels.actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(channel)).shoutout(as, raid.otherId))
        outcome = r.ok ? 'sent' : `refused: ${r.message}`.slice(0, 300)
      } catch (e) {
        outcome = `failed: ${(e as Error).message}`.slice(0, 300)
      }
    }
    const [row] = await db
      .update(raids)
      .set({ shoutout: outcome, shoutoutAt: outcome === 'sent' ? t : null })
      .where(eq(raids.id, raid.id))
      .returning()
    return row ?? raid
  }

  async function history(channelId: number, first = HISTORY_SIZE): Promise<RaidRow[]> {
    return db
      .select()
      .from(raids)
      .where(eq(raids.channelId, channelId))
      .orderBy(desc(raids.requestedAt), desc(raids.id))
      .limit(Math.min(Math.max(first, 1), 100))
  }

  return { search, start, cancel, stateOf, onRaidEvent, shoutout, shoutoutBlock, history }
}

export type RaidsService = ReturnType<typeof createRaidsService>
