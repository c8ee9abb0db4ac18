import type { Logger } from '../logger'
import type { Platforms } from '../platforms'
import { PlatformRequestError, type PlatformName } from '../platforms/types'
import { backoffDelay, type Scheduler } from './scheduler'

/** A channel the scheduler may fetch for (its owner's licence has not expired). */
export interface SyncChannel {
  id: number
  platform: PlatformName
  /** A sandbox channel: its jobs read the in-process sandbox platform (platforms.twitchOf). */
  sandbox: boolean
  /** Live as the bot last saw it, or a stream session is still open. */
  live: boolean
}

/** What one run cost: platform requests made and database rows written. */
export interface SyncCost {
  requests: number
  rows: number
}

export interface SyncContext {
  /**
   * Call before each platform request with the token it will use: throws BudgetExhausted
   * when the token's rate-limit bucket is blocked or nearly spent (the bot's own calls keep
   * a reserve), so the run is put off until the bucket resets.
   */
  guard(platform: PlatformName, token: string): void
  /** 429s are not retried in background jobs: the scheduler backs off instead. */
  retries: 0
}

/** A fetch a feature registers: run per channel every intervalMs while applies() holds. */
export interface SyncJob {
  name: string
  intervalMs: number
  applies(channel: SyncChannel): boolean
  run(channel: SyncChannel, ctx: SyncContext): Promise<SyncCost>
}

export class BudgetExhausted extends Error {
  constructor(readonly retryAt: number) {
    super('rate-limit budget exhausted')
    this.name = 'BudgetExhausted'
  }
}

export interface SyncSchedulerOptions {
  scheduler: Scheduler
  platforms: Platforms
  log: Logger
  /** The channels to fetch for; channels whose owner's licence expired are not among them. */
  targets(): Promise<SyncChannel[]>
  random?: () => number
  /** How often due work is looked for (default 10 s). */
  tickMs?: number
  /** Runs at once (default 4). */
  concurrency?: number
  /** Share of a bucket's budget kept for the bot's own calls (default 0.2). */
  reserve?: number
  /** Longest back-off after repeated 429s (default 30 min). */
  maxBackoffMs?: number
}

interface Slot {
  due: number
  attempt: number
}

/** A stable spread in [0, 1) per channel and job, so channels are fetched over the whole interval, not in step. */
const spread = (channelId: number, job: string) => {
  let h = 2166136261 ^ channelId
  for (const c of job) h = Math.imul(h ^ c.charCodeAt(0), 16777619)
  h = Math.imul(h ^ (h >>> 15), 2246822507)
  return ((h ^ (h >>> 13)) >>> 0) / 2 ** 32
}

/**
 * Fetches platform data per channel on a schedule: every registered job runs for every
 * target channel once per interval, each channel at its own offset in the interval. Before a
 * request the token's Helix/Kick budget (Ratelimit-* headers) is checked; a 429 pauses the
 * whole platform until its reset and backs the job off exponentially; other failures back
 * off the one channel's job. Cost (requests, rows) is counted for the benchmark.
 */
export function createSyncScheduler(opts: SyncSchedulerOptions) {
  const { scheduler, platforms, log } = opts
  const tickMs = opts.tickMs ?? 10_000
  const concurrency = opts.concurrency ?? 4
  const reserve = opts.reserve ?? 0.2
  const maxBackoffMs = opts.maxBackoffMs ?? 30 * 60_000
  const random = opts.random ?? Math.random
  const jobs: SyncJob[] = []
  const slots = new Map<string, Slot>()
  const pausedUntil: Record<PlatformName, number> = { twitch: 0, kick: 0 }
  const stats = { requests: 0, rows: 0, runs: 0, failures: 0, rateLimited: 0, deferred: 0, byJob: {} as Record<string, SyncCost & { runs: number }> }
  let timer: unknown = null
  let running = false
  let stopped = false
  let ticking: Promise<void> | null = null

  const ctx: SyncContext = {
    retries: 0,
    guard(platform, token) {
      const client = platforms[platform]
      const b = client.http.budget(client.bucketOf(token))
      const t = scheduler.now()
      if (!b) return
      if (b.blockedUntil > t) throw new BudgetExhausted(b.blockedUntil)
      if (b.limit > 0 && b.remaining <= Math.floor(b.limit * reserve)) throw new BudgetExhausted(b.resetAt || t + 60_000)
    },
  }

  async function runOne(job: SyncJob, channel: SyncChannel, slot: Slot) {
    const t = scheduler.now()
    try {
      const cost = await job.run(channel, ctx)
      stats.runs++
      stats.requests += cost.requests
      stats.rows += cost.rows
      const j = (stats.byJob[job.name] ??= { requests: 0, rows: 0, runs: 0 })
      j.requests += cost.requests
      j.rows += cost.rows
      j.runs++
      slot.attempt = 0
      slot.due = t + job.intervalMs
    } catch (e) {
      if (e instanceof BudgetExhausted) {
        stats.deferred++
        slot.due = Math.max(e.retryAt, t + 1000)
        return
      }
      slot.attempt++
      const delay = backoffDelay(slot.attempt, Math.min(job.intervalMs, 60_000), maxBackoffMs, random)
      if (e instanceof PlatformRequestError && e.status === 429) {
        stats.rateLimited++
        stats.requests++
        // The platform said stop: nothing more for it during the back-off; after it, the
        // guard keeps each token's bucket closed until the reset the 429 carried.
        pausedUntil[channel.platform] = Math.max(pausedUntil[channel.platform], t + delay)
      } else {
        stats.failures++
        log.debug({ err: (e as Error).message, channelId: channel.id, job: job.name }, 'sync job failed')
      }
      slot.due = t + delay
    }
  }

  async function tick() {
    const targets = await opts.targets()
    const t = scheduler.now()
    const seen = new Set<string>()
    const due: Array<{ job: SyncJob; channel: SyncChannel; slot: Slot }> = []
    for (const channel of targets) {
      for (const job of jobs) {
        const key = `${job.name}:${channel.id}`
        seen.add(key)
        let slot = slots.get(key)
        if (!slot) {
          slot = { due: t + Math.floor(spread(channel.id, job.name) * job.intervalMs), attempt: 0 }
          slots.set(key, slot)
        }
        if (slot.due <= t && pausedUntil[channel.platform] <= t && job.applies(channel)) due.push({ job, channel, slot })
      }
    }
    // Channels gone (disconnected, licence expired) lose their slots.
    for (const key of slots.keys()) if (!seen.has(key)) slots.delete(key)
    due.sort((a, b) => a.slot.due - b.slot.due)
    let next = 0
    const worker = async () => {
      while (!stopped && next < due.length) {
        const d = due[next++]!
        // A 429 met by another run pauses the platform for the rest of this tick too.
        if (pausedUntil[d.channel.platform] > scheduler.now()) continue
        await runOne(d.job, d.channel, d.slot)
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker))
  }

  function arm() {
    if (!running) return
    timer = scheduler.setTimeout(() => {
      timer = null
      ticking = tick()
        .catch((e: unknown) => log.warn({ err: (e as Error).message }, 'sync tick failed'))
        .finally(() => {
          ticking = null
          arm()
        })
    }, tickMs)
  }

  return {
    stats,
    pausedUntil,
    register(job: SyncJob) {
      if (jobs.some((j) => j.name === job.name)) throw new Error(`sync job ${job.name} is registered twice`)
      jobs.push(job)
    },
    /** One round now (tests and the benchmark drive it by hand). */
    tick,
    start() {
      running = true
      stopped = false
      arm()
    },
    async stop() {
      running = false
      stopped = true
      if (timer) scheduler.clearTimeout(timer)
      timer = null
      await ticking
    },
  }
}

export type SyncScheduler = ReturnType<typeof createSyncScheduler>
