import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { arrayParam, inIds } from '../../db/id-list'
import { WEBHOOK_EVENTS } from '../webhooks/webhooks.module'
import { ownerLicensed, type ChannelsDeps } from './channels-deps'
import { channels, type BotState, type ChannelRow } from './channels.tables'
import { statusReasons, type StatusReason } from './status-reasons'

/**
 * Worker: the bot's status, live state and category as it sees them. A coded reason is stored
 * with its code and arguments (the client says it in the UI language) and in English words.
 *
 * A status says the worst current condition until it is resolved, whoever wrote it: an error
 * (a token refused, written by the token service or the bot) is not replaced by a report that
 * only follows the stream (`running` at the next stream.online); only a report that `resolves`
 * it (a start, a fresh connection whose subscriptions the tokens passed, the bot switched off)
 * or another error does. The live state and category are stored either way.
 */
export async function reportStatus(
  deps: ChannelsDeps,
  channelId: number,
  s: {
    state: BotState
    reason?: string | StatusReason | null
    live?: boolean
    category?: string | null
    liveSince?: Date | null
    resolves?: boolean
  },
) {
  const { db, now } = deps
  const at = now()
  const coded = typeof s.reason === 'object' ? s.reason : null
  const set: Partial<ChannelRow> = {
    status: s.state,
    statusReason: typeof s.reason === 'string' ? s.reason : (coded?.text ?? null),
    statusCode: coded?.code ?? null,
    statusArgs: coded?.args ?? null,
    statusAt: at,
  }
  const stream: Partial<ChannelRow> = {}
  if (s.live !== undefined) stream.live = s.live
  if (s.category !== undefined) stream.category = s.category
  if (s.liveSince !== undefined) stream.liveSince = s.liveSince
  // One statement: an error written meanwhile by another writer is never overwritten by a stale "running".
  const mayReplace = s.state === 'error' || s.resolves ? sql`true` : sql`${channels.status} <> 'error'`
  // The common report (the live state as stored already): one statement, no transaction.
  if (s.live !== undefined) {
    const [same] = await db
      .update(channels)
      .set({ ...set, ...stream })
      .where(and(eq(channels.id, channelId), mayReplace, sql`${channels.live} = ${s.live}`))
      .returning()
    if (same) return publishStatus(deps, same, at)
  }
  // A change of the live state queues stream.online / stream.offline with it: the old state is
  // read under the row's lock, so two reports of the same change queue one event.
  const row = await db.transaction(async (tx) => {
    const [before] = s.live === undefined ? [] : await tx.select({ live: channels.live }).from(channels).where(eq(channels.id, channelId)).for('update')
    let [updated] = await tx
      .update(channels)
      .set({ ...set, ...stream })
      .where(and(eq(channels.id, channelId), mayReplace))
      .returning()
    if (!updated && Object.keys(stream).length) [updated] = await tx.update(channels).set(stream).where(eq(channels.id, channelId)).returning()
    if (updated && before && before.live !== updated.live)
      await deps.webhooks.enqueue(
        tx,
        channelId,
        updated.live ? WEBHOOK_EVENTS.streamOnline : WEBHOOK_EVENTS.streamOffline,
        updated.live ? { category: updated.category, since: updated.liveSince?.toISOString() ?? null } : {},
      )
    return updated
  })
  if (row) publishStatus(deps, row, at)
}

export function publishStatus(deps: ChannelsDeps, row: ChannelRow, at: Date) {
  const { pubsub } = deps
  pubsub.publish('botStatus', String(row.id), {
    channelId: String(row.id),
    state: row.status,
    reason: row.statusReason,
    code: row.statusCode,
    args: row.statusArgs,
    at: at.toISOString(),
    live: row.live,
    category: row.category,
  })
}

/**
 * Worker: says LICENCE_ENDED (stopped) for the switched-on channels (`channelId`: that one)
 * whose owner's licence is not in force, whose status does not say so yet and that no bot runs
 * (`idle`, a condition on `channels`, e.g. no live lease; `except`, the channels whose bot runs
 * in this worker): switched on after the licence ended, or a worker stopped while their bot
 * ran and the licence ended since. One statement: a licence renewed meanwhile, or a worker
 * that took the channel, is never overwritten.
 */
export async function sayLicenceEnded(deps: ChannelsDeps, opts: { channelId?: number; idle?: SQL; except?: number[] }): Promise<void> {
  const { db, now } = deps
  const idle = sql`${opts.idle ?? sql`true`}${opts.channelId === undefined ? sql`` : sql` and ${channels.id} = ${opts.channelId}`}`
  // One array parameter, however many bots the worker runs (a list would be a parameter each).
  const except = opts.except?.length ? sql`${channels.id} <> all(${arrayParam(opts.except, 'bigint')})` : sql`true`
  const at = now()
  const reason = statusReasons.licenceEnded()
  const rows = await db
    .update(channels)
    .set({ status: 'stopped', statusReason: reason.text, statusCode: reason.code, statusArgs: reason.args, statusAt: at })
    .where(
      sql`(${channels.active} or ${channels.autostart}) and ${channels.statusCode} is distinct from 'LICENCE_ENDED' and not ${ownerLicensed(deps, channels.userId)} and ${idle} and ${except}`,
    )
    .returning()
  for (const row of rows) publishStatus(deps, row, at)
}

/** The channels whose bot runs: Active or Autostart on, and the owner's licence in force. */
export async function runnable(deps: ChannelsDeps): Promise<ChannelRow[]> {
  const { db } = deps
  return db
    .select()
    .from(channels)
    .where(sql`(${channels.active} or ${channels.autostart}) and ${ownerLicensed(deps, channels.userId)}`)
    .orderBy(asc(channels.id))
}

/** Worker: the channel, and whether its owner's licence is in force (see licenceInForce). */
export async function forBot(deps: ChannelsDeps, channelId: number): Promise<BotChannel | undefined> {
  return (await forBots(deps, [channelId])).get(channelId)
}

/** A channel as its bot reads it: the row, and whether its owner's licence is in force. */
export type BotChannel = { row: ChannelRow; licensed: boolean }

/** forBot for many channels in one statement (a lease round's starts); a channel that is gone has no entry. */
export async function forBots(deps: ChannelsDeps, channelIds: readonly number[]): Promise<Map<number, BotChannel>> {
  if (!channelIds.length) return new Map()
  const rows = await deps.db
    .select({ row: channels, licensed: sql<boolean>`${ownerLicensed(deps, channels.userId)}` })
    .from(channels)
    .where(inIds(channels.id, channelIds))
  return new Map(rows.map((r) => [r.row.id, { row: r.row, licensed: Boolean(r.licensed) }]))
}
