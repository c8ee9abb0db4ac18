import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { groupedLoad } from '../../db/grouped'
import { inIds, perChannel } from '../../db/id-list'
import type { Logger } from '../../logger'
import type { Realtime } from '../../realtime/pubsub'
import { giveaways, type GiveawayRow } from './giveaways.tables'

/**
 * How long the chat hook trusts its "open giveaway" answer without a change on the feed: only a
 * lost message (Redis away) leaves it stale this long; the worker's resync runs as often.
 */
export const OPEN_CACHE_MS = 60_000

/**
 * Each channel's open giveaway (or none), for the chat hook, and `changed` for the service's
 * writes.
 */
export function openGiveaways(deps: { db: Db; now: () => Date; pubsub: Realtime['pubsub']; log: Logger }) {
  const { db, now, pubsub } = deps
  /**
   * Open giveaway per channel, for the chat hook: dropped on every change, here at once and in
   * the other processes (the bot workers) through the change feed (`channelChanged`, what
   * 'giveaway'); OPEN_CACHE_MS only bounds how long a lost message can leave an answer stale.
   */
  const openCache = new Map<number, { at: number; row: GiveawayRow | null }>()
  /** Drops so far: a read under way while one happens does not store its (maybe older) answer. */
  let drops = 0
  let listening = false
  const drop = (channelId: number) => {
    drops++
    openCache.delete(channelId)
  }
  /** This process drops the channel's answer now; the others when the change feed brings it. */
  const changed = (channelId: number) => {
    drop(channelId)
    pubsub.publish('channelChanged', { channelId, what: 'giveaway' })
  }
  /** Channels' open giveaways, those asked for together (the first lines of many channels' chat) in one read. */
  const readOpen = groupedLoad(async (ids: number[]) => {
    const open = await perChannel(ids, (some) =>
      db
        .select()
        .from(giveaways)
        .where(and(inIds(giveaways.channelId, some), eq(giveaways.state, 'open'))),
    )
    return new Map([...open].map(([id, rows]) => [id, rows[0] ?? null]))
  })
  function listen() {
    if (listening) return
    listening = true
    void (async () => {
      for await (const e of pubsub.subscribe('channelChanged')) if (e.what === 'giveaway') drop(e.channelId)
    })().catch((e: unknown) => deps.log.warn({ err: (e as Error).message }, 'giveaways: change feed ended'))
  }

  async function openGiveaway(channelId: number): Promise<GiveawayRow | null> {
    listen()
    const t = now().getTime()
    const hit = openCache.get(channelId)
    if (hit && t - hit.at < OPEN_CACHE_MS) return hit.row
    const before = drops
    const row = await readOpen(channelId)
    // A bound for a process that sees very many channels (a worker runs up to tens of thousands).
    if (openCache.size > 50_000) openCache.clear()
    if (drops === before) openCache.set(channelId, { at: t, row })
    return row
  }

  return { openGiveaway, changed }
}
