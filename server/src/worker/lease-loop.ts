import { readAheadAndReload } from './reload'
import { forgetRetry, type WorkerState } from './worker-state'

/**
 * Channels a worker has taken and not yet started, at most: a lease round (every third of the
 * TTL) takes up to this many minus the starts still under way. The starts themselves go through
 * the reload gate (BOT_RELOAD_CONCURRENCY at once), so this bounds only the channels held but not
 * yet run, never the database pool; a fixed 50 per round capped a worker at 30 channels a second
 * (10,000 channels took over five minutes at the default TTL).
 */
export const MAX_STARTING = 1000

/** A lease is lost: the bot stops at once (another worker may already answer its chat). */
function drop(s: WorkerState, channelId: number) {
  const bot = s.bots.get(channelId)
  s.bots.delete(channelId)
  forgetRetry(s, channelId)
  bot?.stop()
  s.log.warn({ channelId }, 'channel lease lost: its bot stopped here')
}

/** Hands a channel to another worker: no more events read, owed replies sent (fenced), then the lease is released. */
async function handOver(s: WorkerState, channelId: number) {
  const leases = s.leases!
  s.releasing.add(channelId)
  try {
    await (s.pending.get(channelId) ?? Promise.resolve())
    const bot = s.bots.get(channelId)
    s.bots.delete(channelId)
    forgetRetry(s, channelId)
    if (bot) await bot.finish(s.runtime.scheduler.now() + Math.min(s.config.SHUTDOWN_TIMEOUT_MS, leases.ttlMs))
    await leases.release(channelId)
  } finally {
    s.releasing.delete(channelId)
  }
}

/** One lease round: heartbeat, renew, take over free or expired channels up to the fair share, give back the excess. */
async function leaseTick(s: WorkerState) {
  const { leases, log } = s
  if (!leases) return
  await leases.heartbeat()
  for (const id of await leases.renew()) drop(s, id)
  if (!s.running) return
  const { share } = await leases.share()
  const owned = leases.held.size
  // A bounded number per round: the channels held but not yet started stay under MAX_STARTING.
  if (owned < share) {
    const taken = await leases.acquire(Math.min(share - owned, MAX_STARTING - s.pending.size))
    // What their starts read, for all of them at once (the starts themselves are not waited for).
    void (await readAheadAndReload(s, taken))
  } else if (owned > share) {
    const excess = [...leases.held.keys()].filter((id) => !s.releasing.has(id)).slice(0, owned - share)
    for (const id of excess) void handOver(s, id).catch((e: unknown) => log.warn({ err: (e as Error).message, channelId: id }, 'lease hand-over failed'))
  }
}

/** Runs one lease round, or joins the one under way. */
export function tick(s: WorkerState): Promise<void> {
  s.ticking ??= leaseTick(s)
    .catch((e: unknown) => s.log.warn({ err: (e as Error).message }, 'lease round failed'))
    .finally(() => (s.ticking = null))
  return s.ticking
}

/** The first lease round, then one every third of the lease's TTL. */
export async function startLeaseLoop(s: WorkerState) {
  if (!s.leases) return
  await tick(s)
  s.leaseTimer = setInterval(() => void tick(s), Math.max(50, Math.floor(s.leases.ttlMs / 3)))
  s.leaseTimer.unref()
}
