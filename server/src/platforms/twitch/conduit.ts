import type { Logger } from '../../logger'
import type { Scheduler } from '../../worker/scheduler'
import { PlatformRequestError } from '../types'
import { EventSubConnection } from './eventsub'
import type { TwitchClient } from './twitch.client'

export interface ConduitOptions {
  twitch: TwitchClient
  /** The EventSub WebSocket URL the shards connect to. */
  url: string
  scheduler: Scheduler
  random: () => number
  backoff: { baseMs: number; maxMs: number }
  log: Logger
  /** Shards this process opens (ids 0 … shards−1); the conduit grows to this many when smaller. */
  shards: number
  /** Use this conduit (else the app's first one, else a new one). */
  conduitId?: string
  /** `start()` gives up after this long without every shard assigned (default 30 s). */
  startTimeoutMs?: number
}

/** A shard assignment Twitch refuses for good (an unknown or foreign conduit, a per-shard 4xx): retrying cannot help. */
const permanentShardError = (e: unknown) => e instanceof PlatformRequestError && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429

/** A subscription Twitch refused (400, 403, 410), with its words. */
export interface RefusedSubscription {
  type: string
  status: number
  message: string
}

export type ConduitHandler = (type: string, event: Record<string, unknown>) => void
export interface ConduitSubscription {
  type: string
  version: string
  condition: Record<string, string>
}

/**
 * Twitch EventSub through a conduit (the transport Twitch documents for hosted bots at scale):
 * one app access token, one conduit whose shards are this process's WebSocket sessions, and
 * subscriptions that belong to the conduit, not to a session, so a dropped socket only needs
 * its shard re-pointed at the new session (no re-subscribing), and one socket carries the
 * events of many channels. Notifications are routed to the channel's handler by broadcaster.
 */
export class TwitchConduit {
  private app: { token: string; expiresAt: number } | null = null
  id: string | null = null
  private readonly connections: EventSubConnection[] = []
  private readonly handlers = new Map<string, ConduitHandler>()
  /** Notifications that reached no handler here (a channel not run by this process). */
  unrouted = 0
  /**
   * The conduit's subscriptions found at the start (`subscriptionKey`): a channel attached later
   * re-creates only what is missing. Each key is used once; the rest are forgotten after
   * KNOWN_FOR_MS (channels run by other workers, or gone).
   */
  private known = new Set<string>()
  /** Subscriptions found at the start, and created since, for the benches and tests. */
  readonly counts = { found: 0, created: 0, reused: 0 }

  constructor(private readonly opts: ConduitOptions) {}

  private async token(): Promise<string> {
    if (!this.app || this.app.expiresAt - this.opts.scheduler.now() < 60_000) this.app = await this.opts.twitch.appToken()
    return this.app.token
  }

  /**
   * Finds or creates the conduit and opens the shards; resolves when every shard is assigned.
   * Rejects at once on a shard error that is permanent, and after `startTimeoutMs` when the
   * shards are still not assigned (a worker never waits for ever with no bot running).
   */
  async start(): Promise<void> {
    const { twitch } = this.opts
    const token = await this.token()
    const existing = this.opts.conduitId ? { id: this.opts.conduitId, shard_count: this.opts.shards } : (await twitch.conduits(token))[0]
    const conduit = existing ?? (await twitch.createConduit(token, this.opts.shards))
    if (conduit.shard_count < this.opts.shards) await twitch.resizeConduit(token, conduit.id, this.opts.shards)
    this.id = conduit.id
    const ready: Array<Promise<void>> = []
    for (let i = 0; i < this.opts.shards; i++) {
      ready.push(
        new Promise<void>((resolve, reject) => {
          const shardId = String(i)
          const conn = new EventSubConnection({
            permanent: permanentShardError,
            url: this.opts.url,
            scheduler: this.opts.scheduler,
            random: this.opts.random,
            backoff: this.opts.backoff,
            log: this.opts.log.child({ shard: shardId }),
            onWelcome: async (sessionId) => twitch.assignShard(await this.token(), conduit.id, shardId, sessionId),
            onNotification: (type, event, condition) => this.route(type, event, condition ?? {}),
            onState: (state, reason, retryInMs) => {
              if (state === 'connected') resolve()
              else if (state === 'error') reject(new Error(`shard ${shardId}: ${reason ?? 'refused'}`))
              if (state !== 'connected' && state !== 'connecting')
                this.opts.log.warn({ shard: shardId, state, reason, retryInMs }, 'conduit shard not connected')
            },
          })
          this.connections.push(conn)
          conn.start()
        }),
      )
    }
    const ms = this.opts.startTimeoutMs ?? 30_000
    let timer: unknown = null
    const bound = new Promise<never>((_, reject) => {
      timer = this.opts.scheduler.setTimeout(() => reject(new Error(`the shards were not assigned within ${ms / 1000} s`)), ms)
    })
    try {
      await Promise.race([Promise.all(ready), bound])
    } finally {
      this.opts.scheduler.clearTimeout(timer)
    }
    await this.loadKnown(conduit.id)
  }

  /** Lists the conduit's subscriptions once (a restart finds the previous run's); a failure only means re-creating them. */
  private async loadKnown(conduitId: string) {
    try {
      const known = new Set<string>()
      await this.opts.twitch.eachConduitSubscription(await this.token(), conduitId, (s) => known.add(subscriptionKey(s)))
      this.known = known
      this.counts.found = known.size
    } catch (e) {
      this.opts.log.warn({ err: (e as Error).message }, 'conduit subscriptions not listed: every channel subscribes afresh')
    }
    if (!this.known.size) return
    this.forgetTimer = this.opts.scheduler.setTimeout(() => {
      this.forgetTimer = null
      this.known = new Set()
    }, KNOWN_FOR_MS)
  }
  private forgetTimer: unknown = null

  /**
   * Subscribes a channel's events on the conduit and routes them to `handler` (by broadcaster id).
   * A subscription Twitch refuses (400, 403, 410) does not stop the others: it is answered among
   * the refused; any other failure throws.
   */
  async attach(broadcasterId: string, subscriptions: ConduitSubscription[], handler: ConduitHandler): Promise<RefusedSubscription[]> {
    if (!this.id) throw new Error('the conduit is not started')
    this.handlers.set(broadcasterId, handler)
    const missing = subscriptions.filter((s) => !this.known.delete(subscriptionKey(s)))
    this.counts.reused += subscriptions.length - missing.length
    if (!missing.length) return []
    const token = await this.token()
    const id = this.id
    return subscribeEach(missing, async (s) => {
      await this.opts.twitch.subscribeConduit(token, id, s.type, s.version, s.condition)
      this.counts.created++
    })
  }

  /** The channel's events are no longer handled here (its subscriptions stay with the conduit). */
  detach(broadcasterId: string) {
    this.handlers.delete(broadcasterId)
  }

  /** Shards connected (welcomed and assigned) so far. */
  get welcomes() {
    return this.connections.reduce((n, c) => n + c.welcomes, 0)
  }

  stop() {
    for (const c of this.connections.splice(0)) c.stop()
    this.handlers.clear()
    if (this.forgetTimer) this.opts.scheduler.clearTimeout(this.forgetTimer)
    this.forgetTimer = null
    this.known = new Set()
  }

  /** To the channel the subscription is for (its condition's broadcaster; for raids the side it names). */
  private route(type: string, event: Record<string, unknown>, condition: Record<string, string>) {
    const id = condition.broadcaster_user_id ?? condition.to_broadcaster_user_id ?? condition.from_broadcaster_user_id
    const handler = id ? this.handlers.get(id) : undefined
    if (handler) handler(type, event)
    else this.unrouted++
  }
}

/** How long the subscriptions found at the start are remembered for channels still to attach. */
const KNOWN_FOR_MS = 15 * 60_000

/** A subscription's identity: type, version and its condition's non-empty fields (Twitch lists a raid's other side as ""). */
export function subscriptionKey(s: ConduitSubscription): string {
  const fields = Object.entries(s.condition)
    .filter(([, v]) => v !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
  return `${s.type}|${s.version}|${fields.join('&')}`
}

/** Statuses with which Twitch refuses a subscription for good: invalid type or version, not authorized, version removed. */
const REFUSALS = new Set([400, 403, 410])

/** Makes each subscription; a refused one (REFUSALS) is collected and the rest go on; any other failure throws. */
export async function subscribeEach(subscriptions: ConduitSubscription[], make: (s: ConduitSubscription) => Promise<void>): Promise<RefusedSubscription[]> {
  const refused: RefusedSubscription[] = []
  for (const s of subscriptions) {
    try {
      await make(s)
    } catch (e) {
      if (!(e instanceof PlatformRequestError) || !REFUSALS.has(e.status)) throw e
      refused.push({ type: s.type, status: e.status, message: e.message })
    }
  }
  return refused
}
