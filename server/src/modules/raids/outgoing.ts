import { and, eq } from 'drizzle-orm'
import { AppError } from '../../errors'
import type { ChannelSearchResult } from '../../platforms/twitch/twitch.client'
import type { PlatformResult } from '../../platforms/types'
import { parseInput as parse } from '../../validation'
import type { ChannelRow } from '../channels/channels.tables'
import { pendingOf, stateOf } from './raid-state'
import { platformFailure, queryInput, RAID_SCOPE, SANDBOX_TARGET, SEARCH_RESULTS, targetInput, twitchChannel, twitchFor, type RaidsDeps } from './raids-deps'
import { raids, type RaidRow } from './raids.tables'

async function requireScope({ channels }: RaidsDeps, channel: ChannelRow, scope: string) {
  const acc = await channels.account(channel.id, 'broadcaster')
  if (!acc?.scopes.includes(scope)) {
    throw new AppError('PLATFORM_ERROR', `The channel was connected before raids were offered; reconnect it to grant ${scope}`)
  }
}

function refusal(r: PlatformResult): AppError {
  if (r.status === 409) return new AppError('RAID_PENDING', r.message)
  if (r.status === 429) return new AppError('RAID_RATE_LIMITED', r.message)
  if (r.status === 404) return new AppError('NOT_FOUND', r.message)
  if (r.status === 400) return new AppError('BAD_USER_INPUT', r.message)
  return new AppError('PLATFORM_ERROR', `Twitch answered ${r.status}: ${r.message}`)
}

/** Live Twitch channels to raid, by name (the channel itself left out). */
export async function search(deps: RaidsDeps, userId: number, channelId: number | string, rawQuery: unknown): Promise<ChannelSearchResult[]> {
  const query = parse(queryInput, rawQuery, 'query')
  const channel = await twitchChannel(deps, userId, channelId)
  const found = await deps.channels
    .actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(deps, channel)).searchChannels(as.token, query, { liveOnly: true, first: SEARCH_RESULTS }))
    .catch(platformFailure)
  return found.filter((c) => c.id !== channel.platformUserId)
}

/** Starts a raid (pending until EventSub channel.raid from this broadcaster confirms it), within the plan's raids per 24 h. */
export async function start(deps: RaidsDeps, userId: number, channelId: number | string, rawTarget: unknown): Promise<RaidRow> {
  const { channels } = deps
  const targetId = parse(targetInput, rawTarget, 'targetId')
  const channel = await twitchChannel(deps, userId, channelId)
  // A sandbox channel raids on the local Twitch (its ids are sandbox-…), a real one on Twitch: never across.
  if (SANDBOX_TARGET.test(targetId) !== channel.sandbox) {
    throw new AppError('BAD_USER_INPUT', 'Not a Twitch channel id', { targetId: ['Not a Twitch channel id'] })
  }
  if (targetId === channel.platformUserId) {
    throw new AppError('BAD_USER_INPUT', 'A channel cannot raid itself', { targetId: ['A channel cannot raid itself'] })
  }
  const state = await stateOf(deps, channel)
  if (state.raidActive) throw new AppError('RAID_PENDING', `A raid on ${state.raidedChannel ?? 'another channel'} is already pending`)
  if (state.nextRaidAt) {
    throw new AppError('RAID_COOLDOWN', `Your plan allows ${state.limitPer24h} raid(s) per 24 h; the next one at ${state.nextRaidAt.toISOString()}`)
  }
  await requireScope(deps, channel, RAID_SCOPE)
  const result = await channels.actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(deps, channel)).startRaid(as, targetId)).catch(platformFailure)
  if (!result.ok) throw refusal(result)
  // The target's name as Twitch knows it, for the history (the id alone if the lookup fails).
  const target = await channels.actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(deps, channel)).userById(as.token, targetId)).catch(() => null)
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(raids)
      .values({
        channelId: channel.id,
        direction: 'outgoing',
        otherId: targetId,
        otherLogin: target?.login ?? targetId,
        otherName: target?.displayName ?? target?.login ?? targetId,
        state: 'pending',
        requestedAt: deps.now(),
      })
      .returning()
    const after = { targetId, target: created!.otherLogin }
    await channels.audit(tx, { channelId: channel.id, actorId: userId, module: 'raids', action: 'raid.start', after })
    return created
  })
  deps.log.info({ channelId: channel.id }, 'raid requested')
  return row!
}

export async function cancel(deps: RaidsDeps, userId: number, channelId: number | string): Promise<RaidRow> {
  const channel = await twitchChannel(deps, userId, channelId)
  const pending = await pendingOf(deps, channel.id)
  if (!pending) throw new AppError('NOT_FOUND', 'This channel has no pending raid')
  await requireScope(deps, channel, RAID_SCOPE)
  const result = await deps.channels.actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(deps, channel)).cancelRaid(as)).catch(platformFailure)
  if (!result.ok && result.status !== 404) throw refusal(result)
  if (!result.ok) throw new AppError('NOT_FOUND', 'Twitch has no pending raid for this channel: it may have started already')
  const row = await deps.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(raids)
      .set({ state: 'cancelled', settledAt: deps.now() })
      .where(and(eq(raids.id, pending.id), eq(raids.state, 'pending')))
      .returning()
    await deps.channels.audit(tx, { channelId: channel.id, actorId: userId, module: 'raids', action: 'raid.cancel', before: { target: pending.otherLogin } })
    return cancelled
  })
  return row ?? pending
}
