import type { Config } from '../config'
import type { Db } from '../db/client'
import type { Logger } from '../logger'
import type { Services } from '../services'
import { startLeaseLoop, tick } from './lease-loop'
import { followEvents, startConduit, stopWorker } from './lifecycle'
import { reload } from './reload'
import { startResync, syncAll } from './resync'
import type { Scheduler } from './scheduler'
import { createSyncScheduler, type SyncJob } from './sync-scheduler'
import { createWorkerState, type WorkerState } from './worker-state'

export interface WorkerOptions {
  services: Services
  config: Config
  log: Logger
  scheduler?: Scheduler
  random?: () => number
  /**
   * Re-reads every channel this often as a safety net for missed pub/sub events
   * (0: never). Changes normally arrive through pub/sub within a second.
   */
  resyncMs?: number
  /**
   * Fetch platform data per channel on a schedule (follower totals, viewer samples, …);
   * off unless asked for. `jobs` are added to the built-in ones (features register theirs).
   */
  sync?: { tickMs?: number; jobs?: SyncJob[] } | false
  /**
   * Sharding: run only the channels this worker holds a lease on (worker_leases), take its fair
   * share, give over-share channels back gracefully, take over expired leases of dead workers.
   * Off: every runnable channel runs here (the inline worker of a single server).
   */
  leases?: { db: Db; ttlMs: number; name?: string } | false
}

/**
 * Runs a ChannelBot for every channel whose panel is Active (and, waiting for stream.online,
 * every one with Autostart) and whose owner's licence is in force (licenceInForce). Follows
 * `channelChanged` events (panel, switches, commands, timers, connect/disconnect, the owner's
 * licence activated, extended or revoked) and hands verified Kick webhooks to their channel's
 * bot. A licence that ends by date writes nothing: the periodic resync (`resyncMs`) stops its
 * bots, LICENCE_ENDED; each sync also says LICENCE_ENDED for switched-on channels whose
 * licence ended while no worker ran them (their status still said running), sharded or not.
 */
export function createBotWorker(opts: WorkerOptions) {
  const s = createWorkerState(opts)
  const sync = createSync(s, opts.sync)
  const { bots, runtime, log } = s

  return {
    bots,
    /** The lease manager (null without sharding). */
    leases: s.leases,
    /** The EventSub conduit of this process (null with the WebSocket transport). */
    get conduit() {
      return runtime.conduit ?? null
    },
    /** Runs one lease round now (tests). */
    tick: () => tick(s),
    /** The per-channel sync scheduler (null unless `sync` was asked for). */
    sync,
    get(channelId: number) {
      return bots.get(channelId)
    },
    /** Start attempts that failed transiently so far, per channel waiting for its next attempt (tests). */
    retryAttempts(channelId: number) {
      return s.retries.get(channelId)?.attempt ?? 0
    },
    reload: (channelId: number, restart = false) => reload(s, channelId, restart),
    /** Resolves when every pending reload is done. */
    async settled() {
      while (s.pending.size) await Promise.all([...s.pending.values()])
    },
    async start() {
      s.running = true
      await startConduit(s)
      followEvents(s)
      await startLeaseLoop(s)
      // A database that is away now is retried by the resync below, not fatal.
      await syncAll(s).catch((e: unknown) => log.warn({ err: (e as Error).message }, 'bot worker: first channel sync failed; retried at the next resync'))
      startResync(s, opts.resyncMs)
      sync?.start()
      log.info({ channels: bots.size }, 'bot worker started')
    },
    /**
     * Stops every bot. With `flushMs`, a graceful shutdown: no new events are read, and each bot
     * sends the replies it already owes (within its chat limit) for up to that long.
     */
    async stop(opts: { flushMs?: number } = {}) {
      await stopWorker(s, sync, opts.flushMs ?? 0)
    },
  }
}

/** The per-channel sync scheduler with the built-in jobs and the features' own (null unless asked for). */
function createSync(s: WorkerState, options: WorkerOptions['sync']) {
  if (!options) return null
  const { services, runtime, log } = s
  const sync = createSyncScheduler({
    scheduler: runtime.scheduler,
    platforms: services.platforms,
    log: log.child({ component: 'sync' }),
    targets: () => services.analytics.syncTargets(),
    random: runtime.random,
    tickMs: options.tickMs,
  })
  for (const job of [services.followers.syncJob, services.analytics.viewersJob, services.videos.syncJob, ...(options.jobs ?? [])]) sync.register(job)
  return sync
}

export type BotWorker = ReturnType<typeof createBotWorker>
