import { statusReasons } from '../modules/channels/channels.module'
import { ChannelBot } from './channel-bot'
import { backoffDelay } from './scheduler'
import { readAhead, type StartData } from './start-data'
import { forgetRetry, type WorkerState } from './worker-state'

type ForBot = NonNullable<Awaited<ReturnType<WorkerState['services']['channels']['forBot']>>>

/**
 * Brings one channel's bot in line with the database; serialised per channel. `pre`: the channel
 * as readAheadAndReload read it, for this reload only.
 */
export function reload(s: WorkerState, channelId: number, restart = false, pre?: StartData): Promise<void> {
  if (s.readsAhead.under > 0) s.readsAhead.asked.set(channelId, (s.readsAhead.asked.get(channelId) ?? 0) + 1)
  const prev = s.pending.get(channelId) ?? Promise.resolve()
  const next = prev
    .then(() => s.gate.run(() => reconcile(s, channelId, restart, pre)))
    .catch((e: unknown) => s.log.warn({ err: (e as Error).message, channelId }, 'bot reload failed'))
  s.pending.set(channelId, next)
  void next.finally(() => {
    if (s.pending.get(channelId) === next) s.pending.delete(channelId)
  })
  return next
}

/**
 * Reads these channels at once (start-data.ts), then queues a reload of each with what was read
 * (not awaited: the returned promises are). A channel for which another reload was asked while
 * the read was under way (a change notified meanwhile) is reloaded with fresh reads instead, so a
 * read-ahead never replaces what a later reload found. Without the read (the database away) each
 * reload reads its own.
 */
export async function readAheadAndReload(s: WorkerState, channelIds: readonly number[]): Promise<Array<Promise<void>>> {
  const { readsAhead } = s
  readsAhead.under++
  const before = channelIds.map((id) => readsAhead.asked.get(id) ?? 0)
  const read = await readAhead(s.services, channelIds).catch((e: unknown) => {
    s.log.warn({ err: (e as Error).message, channels: channelIds.length }, 'channels not read ahead; each reload reads its own')
    return new Map<number, StartData>()
  })
  const usable = channelIds.map((id, i) => ((readsAhead.asked.get(id) ?? 0) === before[i] ? read.get(id) : undefined))
  // With no read under way the counts matter to none: they are dropped (a worker's channels come and go).
  if (--readsAhead.under === 0) readsAhead.asked.clear()
  return channelIds.map((id, i) => reload(s, id, false, usable[i]))
}

async function reconcile(s: WorkerState, channelId: number, restart: boolean, pre: StartData | undefined): Promise<void> {
  if (!s.running) return
  const found = pre ? pre.found : await s.services.channels.forBot(channelId)
  const row = found?.row
  if (!row || !(row.active || row.autostart) || !found.licensed) {
    await stopChannel(s, channelId, found)
    return
  }
  const { leases, bots } = s
  const bot = bots.get(channelId)
  if (leases && !leases.held.has(channelId)) {
    // Not ours: take it if it is free and within this worker's share (a newly activated channel).
    if (bot) {
      bots.delete(channelId)
      bot.stop()
    }
    forgetRetry(s, channelId)
    const { share } = await leases.share()
    if (!(await leases.acquire(share - leases.held.size, [channelId])).length) return
  }
  if (s.releasing.has(channelId)) return
  if (bot && restart) {
    // The replacement takes the channel at once (no await in between): what reaches the channel
    // from now on goes to it, and what the old bot had not handled is handed to it.
    await startBot(s, channelId, row, bot)
    return
  }
  const current = bots.get(channelId)
  if (current) await current.update(row, pre)
  else await startBot(s, channelId, row, undefined, pre)
}

/** A channel gone, switched off, or whose owner's licence ended: its bot stops here and its lease is released. */
async function stopChannel(s: WorkerState, channelId: number, found: ForBot | null | undefined) {
  const row = found?.row
  const bot = s.bots.get(channelId)
  // The owner's licence ended: the bot stops and its status says why (it runs again once renewed).
  const licenceEnded = !!row && (row.active || row.autostart) && !found.licensed
  forgetRetry(s, channelId)
  if (bot) {
    s.bots.delete(channelId)
    if (row) await bot.shutdown(licenceEnded ? statusReasons.licenceEnded() : null)
    else bot.stop()
  } else if (licenceEnded) {
    // Not running here (switched on after the licence ended, or stopped by a worker before): say why it does not start.
    await s.services.channels.sayLicenceEnded({ channelId, idle: s.leases?.unleased() })
  }
  await s.leases?.release(channelId)
}

async function startBot(s: WorkerState, channelId: number, row: ForBot['row'], replacing?: ChannelBot, pre?: StartData) {
  const fresh = new ChannelBot(row, s.runtime)
  s.bots.set(channelId, fresh)
  replacing?.handOver(fresh)
  const entry = s.retries.get(channelId)
  if (entry?.timer) s.runtime.scheduler.clearTimeout(entry.timer)
  const failure = await fresh.start(pre)
  if (s.bots.get(channelId) !== fresh || !s.running) return
  if (!failure) s.retries.delete(channelId)
  else if (failure.permanent) forgetRetry(s, channelId)
  else await retryLater(s, channelId, fresh, failure.reason)
}

/**
 * A bot whose start failed for a transient reason (the platform away for a moment, a token
 * refresh failing, a refused socket, the database busy) is started again after a capped,
 * jittered exponential backoff (BOT_RECONNECT_BASE_MS … BOT_RECONNECT_MAX_MS), until it runs or
 * fails permanently (then its status says why, as reported by the bot).
 */
async function retryLater(s: WorkerState, channelId: number, failed: ChannelBot, reason: string) {
  const { runtime } = s
  const attempt = (s.retries.get(channelId)?.attempt ?? 0) + 1
  const delay = backoffDelay(attempt, runtime.backoff.baseMs, runtime.backoff.maxMs, runtime.random)
  const entry: { attempt: number; timer: unknown } = { attempt, timer: null }
  entry.timer = runtime.scheduler.setTimeout(() => {
    entry.timer = null
    if (s.retries.get(channelId) === entry && s.bots.get(channelId) === failed) void reload(s, channelId, true)
  }, delay)
  s.retries.set(channelId, entry)
  s.log.warn({ channelId, attempt, delayMs: delay, err: reason }, 'bot start failed; trying again')
  await failed.retrying(reason, delay)
}
