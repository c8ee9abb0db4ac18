import type { Config } from '../config'
import type { Logger } from '../logger'
import type { Services } from '../services'
import { Semaphore } from '../semaphore'
import type { ChannelBot, BotRuntime } from './channel-bot'
import { createLeaseManager, type LeaseManager } from './leases'
import { realScheduler, type Scheduler } from './scheduler'
import type { Db } from '../db/client'

/** Everything the bot worker's steps share: its options, its bots and the bookkeeping around them. */
export interface WorkerState {
  services: Services
  config: Config
  log: Logger
  runtime: BotRuntime
  /** The lease manager (null without sharding). */
  leases: LeaseManager | null
  bots: Map<number, ChannelBot>
  /** Channels being handed to another worker (their bot finishing its owed replies). */
  releasing: Set<number>
  /** Channels whose bot failed to start for a transient reason: attempts so far and the timer of the next. */
  retries: Map<number, { attempt: number; timer: unknown }>
  /** The reload under way per channel (reloads of one channel are serialised). */
  pending: Map<number, Promise<void>>
  streams: Array<{ return(): unknown }>
  /**
   * Channel (re)loads and bot starts at once (BOT_RELOAD_CONCURRENCY): a thousand starts must not
   * open a thousand queries on a pool of ten.
   */
  gate: Semaphore
  /**
   * Read-aheads under way, and the reloads asked for per channel while any is: a read-ahead's data
   * is used only if no reload of its channel was asked for since it began (reload.ts).
   */
  readsAhead: { under: number; asked: Map<number, number> }
  running: boolean
  ticking: Promise<void> | null
  leaseTimer: ReturnType<typeof setInterval> | null
  resync: ReturnType<typeof setInterval> | null
  resyncing: boolean
}

export interface StateOptions {
  services: Services
  config: Config
  log: Logger
  scheduler?: Scheduler
  random?: () => number
  leases?: { db: Db; ttlMs: number; name?: string } | false
}

/** The bots' shared runtime, the lease manager (fencing the bots' and the channels service's status writes) and empty bookkeeping. */
export function createWorkerState(opts: StateOptions): WorkerState {
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
  return {
    services,
    config,
    log,
    runtime,
    leases,
    bots: new Map(),
    releasing: new Set(),
    retries: new Map(),
    pending: new Map(),
    streams: [],
    gate: new Semaphore(config.BOT_RELOAD_CONCURRENCY),
    readsAhead: { under: 0, asked: new Map() },
    running: false,
    ticking: null,
    leaseTimer: null,
    resync: null,
    resyncing: false,
  }
}

export function forgetRetry(s: WorkerState, channelId: number) {
  const entry = s.retries.get(channelId)
  if (entry?.timer) s.runtime.scheduler.clearTimeout(entry.timer)
  s.retries.delete(channelId)
}
