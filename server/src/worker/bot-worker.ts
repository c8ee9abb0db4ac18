import type { Config } from '../config'
import type { Db } from '../db/client'
import type { Logger } from '../logger'
import { statusReasons } from '../modules/channels/channels.module'
import type { Services } from '../services'
import { TwitchConduit } from '../platforms/twitch/conduit'
import { ChannelBot, type BotRuntime } from './channel-bot'
import { createLeaseManager, type LeaseManager } from './leases'
import { Semaphore } from '../semaphore'
import { backoffDelay, realScheduler, type Scheduler } from './scheduler'
import { createSyncScheduler, type SyncJob } from './sync-scheduler'

/** Channels a worker takes over per lease round (a third of the lease's TTL). */
const ACQUIRE_PER_ROUND = 50

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
  const { services, config, log } = opts
  const runtime: BotRuntime = {
    services,
    log: log.child({ component: 'bot' }),
    scheduler: opts.scheduler ?? realScheduler,
    random: opts.random ?? Math.random,
    backoff: { baseMs: config.BOT_RECONNECT_BASE_MS, maxMs: config.BOT_RECONNECT_MAX_MS },
    eventSubUrl: config.TWITCH_EVENTSUB_WS_URL,
  }
  const leases: LeaseManager | null = opts.leases
    ? createLeaseManager({ db: opts.leases.db, ttlMs: opts.leases.ttlMs, name: opts.leases.name, ownerLicensed: services.channels.ownerLicensed })
    : null
  if (leases) {
    runtime.fence = (channelId) => leases.valid(channelId)
    runtime.holds = (channelId) => leases.holds(channelId)
    // The channels service's own status writes (reconnect errors) are fenced the same way.
    services.channels.fenceStatus(async (channelId) => leases.holds(channelId) || (await leases.valid(channelId).catch(() => false)))
  }
  let leaseTimer: ReturnType<typeof setInterval> | null = null
  let ticking: Promise<void> | null = null
  /** Channels being handed to another worker (their bot finishing its owed replies). */
  const releasing = new Set<number>()
  const bots = new Map<number, ChannelBot>()
  // Channel (re)loads and bot starts at once (BOT_RELOAD_CONCURRENCY): a thousand starts must not
  // open a thousand queries on a pool of ten.
  const gate = new Semaphore(config.BOT_RELOAD_CONCURRENCY)
  let resyncing = false
  /** Channels whose bot failed to start for a transient reason: attempts so far and the timer of the next. */
  const retries = new Map<number, { attempt: number; timer: unknown }>()
  const pending = new Map<number, Promise<void>>()
  const streams: Array<{ return(): unknown }> = []
  let resync: ReturnType<typeof setInterval> | null = null
  let running = false
  const sync = opts.sync
    ? createSyncScheduler({
        scheduler: runtime.scheduler,
        platforms: services.platforms,
        log: log.child({ component: 'sync' }),
        targets: () => services.analytics.syncTargets(),
        random: runtime.random,
        tickMs: opts.sync.tickMs,
      })
    : null
  if (sync && opts.sync) {
    for (const job of [services.followers.syncJob, services.analytics.viewersJob, services.videos.syncJob, ...(opts.sync.jobs ?? [])]) sync.register(job)
  }

  /** Brings one channel's bot in line with the database; serialised per channel. */
  function reload(channelId: number, restart = false): Promise<void> {
    const prev = pending.get(channelId) ?? Promise.resolve()
    const next = prev
      .then(() =>
        gate.run(async () => {
          if (!running) return
          const found = await services.channels.forBot(channelId)
          const row = found?.row
          const bot = bots.get(channelId)
          // The owner's licence ended: the bot stops and its status says why (it runs again once renewed).
          const licenceEnded = !!row && (row.active || row.autostart) && !found.licensed
          if (!row || !(row.active || row.autostart) || licenceEnded) {
            forgetRetry(channelId)
            if (bot) {
              bots.delete(channelId)
              if (row) await bot.shutdown(licenceEnded ? statusReasons.licenceEnded() : null)
              else bot.stop()
            } else if (licenceEnded) {
              // Not running here (switched on after the licence ended, or stopped by a worker before): say why it does not start.
              await services.channels.sayLicenceEnded({ channelId, idle: leases?.unleased() })
            }
            await leases?.release(channelId)
            return
          }
          if (leases && !leases.held.has(channelId)) {
            // Not ours: take it if it is free and within this worker's share (a newly activated channel).
            if (bot) {
              bots.delete(channelId)
              bot.stop()
            }
            forgetRetry(channelId)
            const { share } = await leases.share()
            if (!(await leases.acquire(share - leases.held.size, [channelId])).length) return
          }
          if (releasing.has(channelId)) return
          if (bot && restart) {
            bots.delete(channelId)
            bot.stop()
          }
          const current = bots.get(channelId)
          if (current) await current.update(row)
          else {
            const fresh = new ChannelBot(row, runtime)
            bots.set(channelId, fresh)
            const entry = retries.get(channelId)
            if (entry?.timer) runtime.scheduler.clearTimeout(entry.timer)
            const failure = await fresh.start()
            if (bots.get(channelId) !== fresh || !running) return
            if (!failure) retries.delete(channelId)
            else if (failure.permanent) forgetRetry(channelId)
            else await retryLater(channelId, fresh, failure.reason)
          }
        }),
      )
      .catch((e: unknown) => log.warn({ err: (e as Error).message, channelId }, 'bot reload failed'))
    pending.set(channelId, next)
    void next.finally(() => {
      if (pending.get(channelId) === next) pending.delete(channelId)
    })
    return next
  }

  /**
   * A bot whose start failed for a transient reason (the platform away for a moment, a token
   * refresh failing, a refused socket, the database busy) is started again after a capped,
   * jittered exponential backoff (BOT_RECONNECT_BASE_MS … BOT_RECONNECT_MAX_MS), until it runs or
   * fails permanently (then its status says why, as reported by the bot).
   */
  async function retryLater(channelId: number, failed: ChannelBot, reason: string) {
    const attempt = (retries.get(channelId)?.attempt ?? 0) + 1
    const delay = backoffDelay(attempt, runtime.backoff.baseMs, runtime.backoff.maxMs, runtime.random)
    const entry: { attempt: number; timer: unknown } = { attempt, timer: null }
    entry.timer = runtime.scheduler.setTimeout(() => {
      entry.timer = null
      if (retries.get(channelId) === entry && bots.get(channelId) === failed) void reload(channelId, true)
    }, delay)
    retries.set(channelId, entry)
    log.warn({ channelId, attempt, delayMs: delay, err: reason }, 'bot start failed; trying again')
    await failed.retrying(reason, delay)
  }

  function forgetRetry(channelId: number) {
    const entry = retries.get(channelId)
    if (entry?.timer) runtime.scheduler.clearTimeout(entry.timer)
    retries.delete(channelId)
  }

  async function listen<T>(iter: AsyncIterableIterator<T> & { return(): unknown }, fn: (v: T) => void) {
    streams.push(iter)
    try {
      for await (const v of iter) fn(v)
    } catch (e) {
      log.warn({ err: (e as Error).message }, 'worker subscription ended')
    }
  }

  /** A lease is lost: the bot stops at once (another worker may already answer its chat). */
  function drop(channelId: number) {
    const bot = bots.get(channelId)
    bots.delete(channelId)
    forgetRetry(channelId)
    bot?.stop()
    log.warn({ channelId }, 'channel lease lost: its bot stopped here')
  }

  /** Hands a channel to another worker: no more events read, owed replies sent (fenced), then the lease is released. */
  async function handOver(channelId: number) {
    releasing.add(channelId)
    try {
      await (pending.get(channelId) ?? Promise.resolve())
      const bot = bots.get(channelId)
      bots.delete(channelId)
      forgetRetry(channelId)
      if (bot) await bot.finish(runtime.scheduler.now() + Math.min(config.SHUTDOWN_TIMEOUT_MS, leases!.ttlMs))
      await leases!.release(channelId)
    } finally {
      releasing.delete(channelId)
    }
  }

  /** One lease round: heartbeat, renew, take over free or expired channels up to the fair share, give back the excess. */
  async function leaseTick() {
    if (!leases) return
    await leases.heartbeat()
    for (const id of await leases.renew()) drop(id)
    if (!running) return
    const { share } = await leases.share()
    const owned = leases.held.size
    // A bounded number per round, so starting bots does not starve this worker's own database pool (renewals included).
    if (owned < share) for (const id of await leases.acquire(Math.min(share - owned, ACQUIRE_PER_ROUND))) void reload(id)
    else if (owned > share) {
      const excess = [...leases.held.keys()].filter((id) => !releasing.has(id)).slice(0, owned - share)
      for (const id of excess) void handOver(id).catch((e: unknown) => log.warn({ err: (e as Error).message, channelId: id }, 'lease hand-over failed'))
    }
  }

  function tick(): Promise<void> {
    ticking ??= leaseTick()
      .catch((e: unknown) => log.warn({ err: (e as Error).message }, 'lease round failed'))
      .finally(() => (ticking = null))
    return ticking
  }

  async function syncAll() {
    if (leases) {
      // Only the channels held here; new ones come through the lease round. A channel whose
      // licence ended while no worker ran it is leased by none: any worker says why it stopped.
      await Promise.all([...new Set([...leases.held.keys(), ...bots.keys()])].map((id) => reload(id)))
      await services.channels.sayLicenceEnded({ idle: leases.unleased() })
      return
    }
    const rows = await services.channels.runnable()
    const ids = new Set(rows.map((r) => r.id))
    await Promise.all([...rows.map((r) => reload(r.id)), ...[...bots.keys()].filter((id) => !ids.has(id)).map((id) => reload(id))])
    await services.channels.sayLicenceEnded({ except: [...bots.keys()] })
  }

  return {
    bots,
    /** The lease manager (null without sharding). */
    leases,
    /** The EventSub conduit of this process (null with the WebSocket transport). */
    get conduit() {
      return runtime.conduit ?? null
    },
    /** Runs one lease round now (tests). */
    tick,
    /** The per-channel sync scheduler (null unless `sync` was asked for). */
    sync,
    get(channelId: number) {
      return bots.get(channelId)
    },
    /** Start attempts that failed transiently so far, per channel waiting for its next attempt (tests). */
    retryAttempts(channelId: number) {
      return retries.get(channelId)?.attempt ?? 0
    },
    reload,
    /** Resolves when every pending reload is done. */
    async settled() {
      while (pending.size) await Promise.all([...pending.values()])
    },
    async start() {
      running = true
      if (config.TWITCH_EVENTSUB_TRANSPORT === 'conduit' && services.platforms.configured.twitch) {
        const conduit = new TwitchConduit({
          twitch: services.platforms.twitch,
          url: config.TWITCH_EVENTSUB_WS_URL,
          scheduler: runtime.scheduler,
          random: runtime.random,
          backoff: runtime.backoff,
          log: log.child({ component: 'conduit' }),
          shards: config.TWITCH_CONDUIT_SHARDS,
          conduitId: config.TWITCH_CONDUIT_ID,
        })
        try {
          await conduit.start()
          runtime.conduit = conduit
          log.info({ conduit: conduit.id, shards: config.TWITCH_CONDUIT_SHARDS }, 'Twitch events through an EventSub conduit')
        } catch (e) {
          conduit.stop()
          log.error({ err: (e as Error).message }, 'EventSub conduit not available: a WebSocket session per channel instead')
        }
      }
      // A new connection or bot account changes who the bot speaks as: start it afresh.
      void listen(services.pubsub.subscribe('channelChanged'), (e) => void reload(e.channelId, e.what === 'connected' || e.what === 'bot account'))
      void listen(services.pubsub.subscribe('platformWebhook'), (e) => {
        bots.get(e.channelId)?.onKickWebhook(e.type, e.body, new Date(e.receivedAt))
      })
      if (leases) {
        await tick()
        leaseTimer = setInterval(() => void tick(), Math.max(50, Math.floor(leases.ttlMs / 3)))
        leaseTimer.unref()
      }
      // A database that is away now is retried by the resync below, not fatal.
      await syncAll().catch((e: unknown) => log.warn({ err: (e as Error).message }, 'bot worker: first channel sync failed; retried at the next resync'))
      if (opts.resyncMs) {
        // A round still under way (thousands of channels) is not doubled by the next.
        resync = setInterval(() => {
          if (resyncing) return
          resyncing = true
          void syncAll()
            .catch(() => {})
            .finally(() => (resyncing = false))
        }, opts.resyncMs)
        resync.unref()
      }
      sync?.start()
      log.info({ channels: bots.size }, 'bot worker started')
    },
    /**
     * Stops every bot. With `flushMs`, a graceful shutdown: no new events are read, and each bot
     * sends the replies it already owes (within its chat limit) for up to that long.
     */
    async stop(opts: { flushMs?: number } = {}) {
      running = false
      await sync?.stop()
      if (resync) clearInterval(resync)
      for (const s of streams.splice(0)) await s.return()
      await Promise.allSettled([...pending.values()])
      const flushMs = opts.flushMs ?? 0
      if (flushMs > 0) {
        const deadline = runtime.scheduler.now() + flushMs
        const left = await Promise.all([...bots.values()].map((bot) => bot.finish(deadline)))
        const unsent = left.reduce((a, b) => a + b, 0)
        if (unsent > 0) log.warn({ unsent }, 'bot worker: chat lines left unsent at shutdown')
      }
      for (const bot of bots.values()) bot.stop()
      // A status write still in flight lands before the worker is gone (not over a later worker's).
      await Promise.all([...bots.values()].map((bot) => bot.reported()))
      bots.clear()
      for (const id of [...retries.keys()]) forgetRetry(id)
      runtime.conduit?.stop()
      runtime.conduit = null
      if (leaseTimer) clearInterval(leaseTimer)
      leaseTimer = null
      await ticking
      if (leases) services.channels.fenceStatus(null)
      // Released at once, so the other workers take these channels at their next round.
      await leases?.leave().catch((e: unknown) => log.warn({ err: (e as Error).message }, 'leases not released; they expire'))
    },
  }
}

export type BotWorker = ReturnType<typeof createBotWorker>
