import type { Logger } from '../logger'
import { isAppError, ReconnectNeededError } from '../errors'
import { CHAT_LIMIT, CHAT_LIMIT_MODERATOR } from '../modules/chat/chat.module'
import { earliestExpiry, statusReasons, type ChannelRow, type StatusReason } from '../modules/channels/channels.module'
import { permits, renderTemplate, type ChatCommandRow, type ChatTimerRow, type TemplateValues } from '../modules/commands/commands.module'
import { addressedTo, compileRules, Cooldowns, decide, type CompiledRule } from '../modules/conversation/conversation.module'
import { alertOf, type AlertInput } from '../modules/alerts/alerts.module'
import { kickEvent } from '../platforms/kick/webhook'
import { subscribeEach, type ConduitSubscription, type RefusedSubscription, type TwitchConduit } from '../platforms/twitch/conduit'
import { EventSubConnection, type EventSubState } from '../platforms/twitch/eventsub'
import { foreignBroadcaster, twitchEvent } from '../platforms/twitch/events'
import type { TwitchClient } from '../platforms/twitch/twitch.client'
import {
  PlatformAuthError,
  PlatformRequestError,
  type ActingAs,
  type ChannelEvent,
  type IncomingChat,
  type NewFollower,
  type RaidEvent,
} from '../platforms/types'
import type { Services } from '../services'
import type { Scheduler } from './scheduler'
import type { BotLists, StartData } from './start-data'

export interface BotRuntime {
  services: Services
  log: Logger
  scheduler: Scheduler
  random: () => number
  backoff: { baseMs: number; maxMs: number }
  eventSubUrl: string
  /**
   * Fencing (sharded workers): asked before every chat line; false means this worker no longer
   * holds the channel's lease, so the line is not sent and the queue is dropped.
   */
  fence?: (channelId: number) => Promise<boolean>
  /** The same without a query when the lease was renewed within its TTL (false: ask `fence`). */
  holds?: (channelId: number) => boolean
  /** Twitch events through this process's EventSub conduit instead of a WebSocket session per channel. */
  conduit?: TwitchConduit | null
}

/** What a channel's bot subscribes to on Twitch; a type whose scope the broadcaster has not granted (connected before it was asked) is left out. */
function channelSubscriptions(broadcasterId: string, actorId: string, scopes: readonly string[]): ConduitSubscription[] {
  const b = { broadcaster_user_id: broadcasterId }
  const granted = (scope: string, subs: ConduitSubscription[]) => (scopes.includes(scope) ? subs : [])
  return [
    { type: 'channel.chat.message', version: '1', condition: { ...b, user_id: actorId } },
    // Lines a moderator removed leave the overlay's chat box (modules/alerts).
    { type: 'channel.chat.message_delete', version: '1', condition: { ...b, user_id: actorId } },
    { type: 'channel.chat.clear_user_messages', version: '1', condition: { ...b, user_id: actorId } },
    { type: 'stream.online', version: '1', condition: b },
    { type: 'stream.offline', version: '1', condition: b },
    { type: 'channel.update', version: '2', condition: b },
    ...granted('moderator:read:followers', [{ type: 'channel.follow', version: '2', condition: { ...b, moderator_user_id: broadcasterId } }]),
    // Raids both ways: this channel's raid starting (confirms a pending one) and raids it receives.
    { type: 'channel.raid', version: '1', condition: { from_broadcaster_user_id: broadcasterId } },
    { type: 'channel.raid', version: '1', condition: { to_broadcaster_user_id: broadcasterId } },
    // Alerts (modules/alerts): subscriptions, shared resubscriptions, gifts, and bits.
    ...granted('channel:read:subscriptions', [
      { type: 'channel.subscribe', version: '1', condition: b },
      { type: 'channel.subscription.message', version: '1', condition: b },
      { type: 'channel.subscription.gift', version: '1', condition: b },
    ]),
    ...granted('bits:read', [{ type: 'channel.cheer', version: '1', condition: b }]),
  ]
}

export { permits }

/** Why a bot did not start; `permanent`: retrying cannot help (see isPermanentFailure). */
export interface StartFailure {
  reason: string
  permanent: boolean
}

/**
 * Whether a start failure needs the owner: a refused or revoked token, no connected account, the
 * channel gone (NOT_FOUND) or refused by the app (any other coded error but an unavailable service
 * or platform), a platform answer 4xx other than 408/429. Network errors, 5xx, 429, timeouts and a
 * database away are transient.
 */
export function isPermanentFailure(e: unknown): boolean {
  if (e instanceof ReconnectNeededError || e instanceof PlatformAuthError) return true
  if (e instanceof PlatformRequestError) return e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429
  if (isAppError(e)) return e.code !== 'PLATFORM_ERROR' && e.code !== 'SERVICE_UNAVAILABLE' && e.code !== 'OVERLOADED' && e.code !== 'RATE_LIMITED'
  return false
}

/** Follows arriving within this window are thanked in one message (a raid brings hundreds at once). */
export const FOLLOW_BATCH_MS = 10_000

/** A subscription Twitch refused is tried again this often (sooner when the owner acts: a reconnect restarts the bot). */
export const REFUSED_RETRY_MS = 15 * 60_000

/** The timers of every bot whose channel has none (reloadLists replaces it, never adds to it). */
const NO_TIMERS = new Map<number, TimerState>()

/** Outgoing lines waiting for the chat limit; beyond this the oldest are dropped. */
const MAX_QUEUE = 100

interface TimerState {
  timer: ChatTimerRow
  lines: number
  due: boolean
  handle: unknown
}

/**
 * The bot of one channel: receives its chat (Twitch EventSub WebSocket, or Kick webhooks
 * through pub/sub), keeps and publishes it, answers commands (permission, category, cooldown
 * per command and per viewer), runs timers, and sends through a queue that never exceeds the
 * channel's chat limit. With Active off and Autostart on it waits for the stream to go live.
 */
export class ChannelBot {
  private commands: ChatCommandRow[] = []
  /** Enabled timers by id; a channel without timers shares one empty map (replaced, never added to). */
  private timers: Map<number, TimerState> = NO_TIMERS
  private timerSignature = ''
  /** Command cooldowns; made with the first chat line (an idle channel's bot holds none: issue 35's heap per channel). */
  private cooldownsMap: Map<string, number> | null = null
  private readonly queue: string[] = []
  private draining = false
  private drainTimer: unknown = null
  private refreshTimer: unknown = null
  private eventsub: EventSubConnection | null = null
  private connected = false
  private stopped = false
  private senderId = ''
  private live = false
  private liveSince: Date | null = null
  private category: string | null = null
  private chain: Promise<void> = Promise.resolve()
  /** Resolved once the start is over (run, failed or stopped): events wait for it, so none meets a bot without its commands. */
  private readonly startOver: Promise<void>
  private endStart!: () => void
  /** The bot that replaced this one in a restart: what this one received but did not handle, and replies it still makes, go there. */
  private successor: ChannelBot | null = null
  /** New followers waiting for the batched thank-you. */
  private follows: string[] = []
  private followTimer: unknown = null
  /** Conversation rules (enabled, by priority), their cooldowns, the names the bot answers to, model calls under way. */
  private conversationRules: CompiledRule[] = []
  private readonly conversationCooldowns = new Cooldowns()
  /** Rules (id and pattern) already reported as not matchable: logged once, not at every reload. */
  private invalidRules: Set<string> | null = null
  private botNames: string[] = []
  /** Whether the bot speaks as an account of its own (else as the broadcaster, whose lines are not all its own). */
  private separateBot = false
  /** Ids of the lines the bot sent (newest last), and the texts of those still being sent: their echo is not a viewer's line. */
  /** Subscriptions the platform refused (the rest run): the status names them and the fix; retried every REFUSED_RETRY_MS. */
  private refused: Array<RefusedSubscription & { sub: ConduitSubscription }> = []
  private refusedTimer: unknown = null
  /** An error that stays on the status until it is resolved (a token refused on refresh, a send the platform failed). */
  private held: string | null = null
  private talks: Set<Promise<void>> | null = null
  /** Lines handled and replies sent, for benchmarks; writes refused for a lost lease (`fenced`). */
  readonly stats = { handled: 0, replies: 0, sent: 0, fenced: 0 }

  constructor(
    private row: ChannelRow,
    private readonly rt: BotRuntime,
  ) {
    this.startOver = new Promise<void>((resolve) => (this.endStart = resolve))
  }

  get channelId() {
    return this.row.id
  }
  get isConnected() {
    return this.connected
  }
  get eventSub() {
    return this.eventsub
  }
  get queued() {
    return this.queue.length
  }
  get settings(): Readonly<ChannelRow> {
    return this.row
  }

  private get log() {
    return this.rt.log
  }
  private get s() {
    return this.rt.services
  }
  private now() {
    return this.rt.scheduler.now()
  }

  /**
   * Connects the bot. Resolves with null once it runs (or its EventSub session is under way, which
   * reconnects by itself), else with why it failed and whether that is permanent (the owner must
   * act: reported as the channel's error) or may pass (the worker starts it again after a backoff).
   */
  /** `pre`: the channel's lists and accounts as its lease round read them (start-data.ts); read here otherwise. */
  async start(pre?: StartData): Promise<StartFailure | null> {
    // A start checks the tokens afresh: it resolves an error a previous run left on the status.
    this.held = null
    await this.report('connecting', null, false, true)
    try {
      await this.reloadLists(pre)
      const accounts = pre?.accounts ?? (await this.s.channels.accounts(this.row.id))
      // The platform calls below act with the row and accounts just read (no statement each).
      const known = { channel: this.row, accounts }
      const broadcaster = accounts.find((a) => a.role === 'broadcaster')
      const bot = accounts.find((a) => a.role === 'bot')
      if (!broadcaster) throw new ReconnectNeededError('The channel has no connected account; reconnect it')
      this.senderId = (bot ?? broadcaster).platformUserId
      this.separateBot = !!bot && bot.platformUserId !== broadcaster.platformUserId
      this.botNames = [(bot ?? broadcaster).login]
      const client = await this.s.platforms.of(this.row)
      const stream = await this.s.channels.actAsWith(known, 'broadcaster', (as) => client.stream(as.token, as.broadcasterId))
      this.live = stream.live
      this.liveSince = stream.startedAt
      this.category = stream.category
      const moderator = bot ? await this.s.channels.actAsWith(known, 'broadcaster', (as) => client.isModerator(as, bot.platformUserId)) : true // the broadcaster counts as a moderator of their own chat
      this.s.chat.limits.setLimit(this.row.id, moderator && this.row.platform === 'twitch' ? CHAT_LIMIT_MODERATOR : CHAT_LIMIT)
      await this.scheduleRefresh(accounts)
      if (this.stopped) return null
      if (this.row.platform === 'twitch' && this.rt.conduit && !this.row.sandbox) await this.attachConduit(this.rt.conduit, broadcaster.scopes, known)
      else if (this.row.platform === 'twitch') this.connectTwitch(await this.s.platforms.twitchOf(this.row))
      else {
        await this.s.channels.actAsWith(known, 'broadcaster', (as) => this.s.platforms.kick.subscribeEvents(as.token, as.broadcasterId))
        this.connected = true
        await this.reportRunning(true)
      }
    } catch (e) {
      const failure = { reason: this.describe(e), permanent: isPermanentFailure(e) }
      // Nothing of a failed start keeps running (timers, token refresh, conduit routing).
      this.stop()
      if (failure.permanent) await this.report('error', failure.reason, true)
      return failure
    }
    this.endStart()
    return null
  }

  /** A transient start failure: the status says so and when the next attempt comes. */
  async retrying(reason: string, delayMs: number) {
    await this.report('connecting', statusReasons.retrying(reason, delayMs), true)
  }

  private describe(e: unknown): string {
    if (isAppError(e) || e instanceof PlatformAuthError) return e.message
    return `Could not start: ${(e as Error).message}`
  }

  stop() {
    this.stopped = true
    this.endStart()
    this.eventsub?.stop()
    this.eventsub = null
    this.detachConduit()
    for (const t of this.timers.values()) if (t.handle) this.rt.scheduler.clearTimeout(t.handle)
    this.timers.clear()
    if (this.drainTimer) this.rt.scheduler.clearTimeout(this.drainTimer)
    if (this.refreshTimer) this.rt.scheduler.clearTimeout(this.refreshTimer)
    if (this.followTimer) this.rt.scheduler.clearTimeout(this.followTimer)
    if (this.refusedTimer) this.rt.scheduler.clearTimeout(this.refusedTimer)
    this.refusedTimer = null
    this.queue.length = 0
  }

  /**
   * Stops receiving (EventSub closed, timers off), lets the events already received be handled,
   * sends what is queued within the chat limit until `deadline` (scheduler time), then stops.
   * A shutdown thus neither loses a reply it already owed nor answers anything twice (nothing
   * is read after the connection closes). Resolves with the number of lines left unsent.
   */
  async finish(deadline: number): Promise<number> {
    this.eventsub?.stop()
    this.eventsub = null
    this.detachConduit()
    for (const t of this.timers.values()) if (t.handle) this.rt.scheduler.clearTimeout(t.handle)
    this.timers.clear()
    if (this.followTimer) this.rt.scheduler.clearTimeout(this.followTimer)
    if (this.refreshTimer) this.rt.scheduler.clearTimeout(this.refreshTimer)
    await this.idle()
    while (this.queue.length > 0 && !this.stopped && this.now() < deadline) {
      await this.drain()
      if (this.queue.length === 0) break
      // Waiting for the chat limit: the drain timer sends on; look again shortly.
      await new Promise<void>((resolve) => this.rt.scheduler.setTimeout(resolve, Math.min(100, Math.max(1, deadline - this.now()))))
    }
    const left = this.queue.length
    this.stop()
    return left
  }

  /**
   * A restart (a new connection or bot account): this bot stops, and `next`, its replacement on
   * the channel, gets the replies it had not sent yet, the events it received but had not
   * handled yet (a Kick webhook that reached it just before) and the replies of the event it is
   * handling now. `next` handles them once its start is over, so no line is lost in between.
   */
  handOver(next: ChannelBot) {
    this.successor = next
    for (const text of this.queue.splice(0)) next.enqueue(text)
    this.stop()
  }

  /** Stops and says so (the panel's switches turned it off, or the owner's licence ended). */
  async shutdown(reason: StatusReason | null) {
    this.stop()
    await this.report('stopped', reason, true, true).catch(() => {})
  }

  /** Settings, commands or timers changed. */
  /** The channel changed (or a sync checks it): its row and, unless `lists` were read ahead with it, its lists read again. */
  async update(row: ChannelRow, lists?: BotLists) {
    const wasActive = this.row.active
    this.row = row
    await this.reloadLists(lists)
    if (this.connected && wasActive !== row.active) await this.reportRunning()
  }

  private async readLists(): Promise<BotLists> {
    const [commands, timers, rules] = await Promise.all([
      this.s.commands.enabledCommands(this.row.id),
      this.s.commands.listTimers(this.row.id),
      this.s.conversation.enabledRules(this.row.id),
    ])
    return { commands, timers, rules }
  }

  private async reloadLists(given?: BotLists) {
    const { commands, timers, rules } = given ?? (await this.readLists())
    this.commands = commands
    this.conversationRules = compileRules(rules, (rule, problem) => {
      const key = `${rule.id}:${rule.pattern}`
      if (this.invalidRules?.has(key)) return
      ;(this.invalidRules ??= new Set()).add(key)
      this.log.warn({ channelId: this.row.id, ruleId: rule.id, problem }, 'conversation rule skipped: the engine refuses its pattern')
    })
    const enabled = timers.filter((t) => t.enabled)
    const signature = enabled.map((t) => `${t.id}:${t.updatedAt.getTime()}`).join(',')
    if (signature !== this.timerSignature) {
      this.timerSignature = signature
      const old = this.timers
      this.timers = new Map()
      for (const t of old.values()) if (t.handle) this.rt.scheduler.clearTimeout(t.handle)
      for (const timer of enabled) {
        const prev = old.get(timer.id)
        const st: TimerState = { timer, lines: prev?.lines ?? 0, due: false, handle: null }
        this.timers.set(timer.id, st)
        this.armTimer(st)
      }
    }
  }

  private armTimer(st: TimerState) {
    if (this.stopped) return
    st.handle = this.rt.scheduler.setTimeout(() => {
      st.handle = null
      st.due = true
      this.tryTimer(st)
    }, st.timer.intervalMinutes * 60_000)
  }

  private tryTimer(st: TimerState) {
    if (!st.due || this.stopped) return
    if (!this.row.active || !this.row.timers) {
      // Module off (or waiting for the stream): skip this round.
      st.due = false
      this.armTimer(st)
      return
    }
    if (st.lines < st.timer.minLines) return // fires as soon as enough lines have passed
    st.due = false
    st.lines = 0
    const message = st.timer.message
    void this.fill(message, null)
      .then((resolved) => {
        if (!this.stopped) this.enqueue(renderTemplate(message, { user: '', touser: '', count: 0, uptimeMs: this.uptimeMs(), ...resolved }, this.rt.random))
      })
      .catch((e: unknown) => this.log.warn({ err: (e as Error).message, channelId: this.row.id, timerId: st.timer.id }, 'timer message failed'))
    this.armTimer(st)
  }

  /** A text's counters and platform values, through the commands' resolver (one engine, one cache for every bot text). */
  private fill(template: string, viewerId: string | null) {
    return this.s.commands.templateValues(this.row, template, viewerId, { live: this.live, category: this.category })
  }

  private uptimeMs() {
    return this.live && this.liveSince ? Math.max(0, this.now() - this.liveSince.getTime()) : null
  }

  /** Refreshes the tokens ahead of their expiry (`known`: the accounts just read, else they are read). */
  private async scheduleRefresh(known?: Array<{ expiresAt: Date | null }>) {
    if (this.refreshTimer) this.rt.scheduler.clearTimeout(this.refreshTimer)
    const expiry = known ? earliestExpiry(known) : await this.s.channels.nextExpiry(this.row.id)
    if (!expiry || this.stopped) return
    // Refresh a little ahead of the 5-minute margin the token service uses.
    const wait = Math.min(Math.max(expiry.getTime() - this.now() - 6 * 60_000, 30_000), 2 ** 31 - 1)
    this.refreshTimer = this.rt.scheduler.setTimeout(() => {
      this.refreshTimer = null
      this.s.channels
        .refreshDue(this.row.id)
        .then(() => this.scheduleRefresh())
        .catch((e: unknown) => this.holdError(this.describe(e)))
    }, wait)
  }

  /** A sandbox channel's EventSub comes from the in-process sandbox; others from the configured URL. */
  private connectTwitch({ twitch, eventSubUrl }: { twitch: TwitchClient; eventSubUrl: string }) {
    const id = this.row.id
    this.eventsub = new EventSubConnection({
      url: this.row.sandbox ? eventSubUrl : this.rt.eventSubUrl,
      scheduler: this.rt.scheduler,
      random: this.rt.random,
      backoff: this.rt.backoff,
      log: this.log.child({ channelId: id }),
      onWelcome: async (sessionId) => {
        try {
          await this.s.channels.actAs(id, 'broadcaster', async (as) => {
            // The broadcaster reads their own followers; a channel connected before the follower
            // panel lacks moderator:read:followers and keeps its bot (it gets follows on reconnect).
            const acc = await this.s.channels.account(id, 'broadcaster')
            const subs = channelSubscriptions(as.broadcasterId, as.actorId, acc?.scopes ?? [])
            // One refused subscription (not a moderator, a type or version Twitch no longer takes)
            // leaves the session and the others running; the status names it.
            this.setRefused(subs, await subscribeEach(subs, (sub) => twitch.subscribe(as.token, sessionId, sub.type, sub.version, sub.condition)))
          })
        } catch (e) {
          // Only a refused token ends the session; a platform that failed for a moment is retried with backoff.
          if (e instanceof ReconnectNeededError) throw new PlatformAuthError('twitch', e.message)
          throw e
        }
      },
      onNotification: (type, event) => this.onTwitchEvent(type, event),
      onState: (state, reason, retryInMs) => void this.onConnectionState(state, reason, retryInMs),
    })
    this.eventsub.start()
  }

  /**
   * An EventSub notification for this channel. One for another broadcaster is dropped (and
   * logged): subscription conditions normally prevent it, but a follow thanked or a stream
   * flipped offline in the wrong channel must not depend on the platform getting it right.
   */
  /**
   * The conduit's handler for this channel's events, made once with the bot: a handler made in
   * attachConduit would keep that call's scope (the start's rows and accounts) for the bot's life.
   */
  private readonly onConduitEvent = (type: string, event: Record<string, unknown>) => this.onTwitchEvent(type, event)

  private onTwitchEvent(type: string, event: Record<string, unknown>) {
    const other = foreignBroadcaster(type, event, this.row.platformUserId)
    if (other !== null) {
      this.log.warn({ channelId: this.row.id, type, broadcaster: other }, 'EventSub event for another broadcaster dropped')
      return
    }
    const ev = twitchEvent(type, event, new Date(this.now()))
    if (ev) void this.handle(ev)
  }

  /** The subscriptions refused at this (re)subscription of `subs`; a slow retry while any is. */
  private setRefused(subs: ConduitSubscription[], refused: RefusedSubscription[]) {
    this.refused = refused.map((r) => ({ ...r, sub: subs.find((x) => x.type === r.type)! }))
    if (refused.length) this.log.warn({ channelId: this.row.id, refused }, 'subscriptions refused by the platform; the others run')
    if (this.refusedTimer) this.rt.scheduler.clearTimeout(this.refusedTimer)
    this.refusedTimer = null
    if (!refused.length || this.stopped) return
    this.refusedTimer = this.rt.scheduler.setTimeout(() => {
      this.refusedTimer = null
      this.retryRefused().catch((e: unknown) => this.log.warn({ err: (e as Error).message, channelId: this.row.id }, 'refused subscriptions not retried'))
    }, REFUSED_RETRY_MS)
  }

  /** Tries the refused subscriptions again (on the session or conduit in use); the status follows. */
  private async retryRefused() {
    const subs = this.refused.map((r) => r.sub)
    if (!subs.length || this.stopped) return
    const id = this.row.id
    await this.s.channels.actAs(id, 'broadcaster', async (as) => {
      const conduit = this.conduitAttached ? this.rt.conduit : null
      const sessionId = this.eventsub?.sessionId
      let refused: RefusedSubscription[]
      if (conduit) refused = await conduit.attach(as.broadcasterId, subs, this.onConduitEvent)
      else if (sessionId) {
        const { twitch } = await this.s.platforms.twitchOf(this.row)
        refused = await subscribeEach(subs, (sub) => twitch.subscribe(as.token, sessionId, sub.type, sub.version, sub.condition))
      } else return // reconnecting: the welcome subscribes everything again
      this.setRefused(subs, refused)
    })
    if (this.connected) await this.reportRunning()
  }

  private conduitAttached = false

  /** The channel's subscriptions on the process's conduit (app token); its events come through the conduit's shards. */
  /** `scopes`: the broadcaster's granted scopes, when just read (else read here). */
  private async attachConduit(conduit: TwitchConduit, scopes?: string[], known?: Parameters<BotRuntime['services']['channels']['actAsWith']>[0]) {
    const id = this.row.id
    const act = <T>(fn: (as: ActingAs) => Promise<T>) =>
      known ? this.s.channels.actAsWith(known, 'broadcaster', fn) : this.s.channels.actAs(id, 'broadcaster', fn)
    await act(async (as) => {
      const granted = scopes ?? (await this.s.channels.account(id, 'broadcaster'))?.scopes ?? []
      this.conduitAttached = true
      const subs = channelSubscriptions(as.broadcasterId, as.actorId, granted)
      this.setRefused(subs, await conduit.attach(as.broadcasterId, subs, this.onConduitEvent))
    })
    if (this.stopped) return this.detachConduit()
    this.connected = true
    await this.reportRunning(true)
  }

  private detachConduit() {
    if (!this.conduitAttached) return
    this.conduitAttached = false
    this.rt.conduit?.detach(this.row.platformUserId)
  }

  private async onConnectionState(state: EventSubState, reason?: string, retryInMs?: number) {
    this.connected = state === 'connected'
    // A fresh session whose subscriptions the tokens passed: an error held before is resolved.
    if (state === 'connected') {
      this.held = null
      await this.reportRunning(true)
    } else if (state === 'error') await this.report('error', reason ?? 'Twitch connection failed')
    else if (reason !== undefined && retryInMs !== undefined) await this.report('connecting', statusReasons.reconnecting(reason, retryInMs))
    else await this.report('connecting', reason ?? null)
  }

  /**
   * The bot's state after a connection or stream event: an error held stays until resolved; a
   * bot running without refused subscriptions says which and the fix. `resolves`: this report
   * follows a check of the tokens (a start, a fresh session), so it may replace an error on the
   * status, whoever wrote it (reportStatus keeps it otherwise).
   */
  private async reportRunning(resolves = false) {
    if (this.held !== null) await this.report('error', this.held)
    else if (this.row.active) await this.report('running', this.refusedReason(), false, resolves)
    // Autostart acts when a stream begins; a stream already live (connected mid-stream, or the bot
    // switched off during it) is not waited for, so say what starts the bot instead.
    else if (this.live) await this.report('stopped', statusReasons.liveBotOff(), false, resolves)
    else await this.report('stopped', statusReasons.waitingLive(), false, resolves)
  }

  /** The refused subscriptions in the status: a 403 needs the owner (make the bot a moderator), a 400/410 the app. */
  private refusedReason(): StatusReason | null {
    if (!this.refused.length) return null
    const types = this.refused.map((r) => r.type).join(', ')
    const forbidden = this.refused.find((r) => r.status === 403)
    if (forbidden) return statusReasons.subscriptionForbidden(types, forbidden.message, this.botNames[0] ?? '')
    return statusReasons.subscriptionRefused(types, this.refused[0]!.message)
  }

  /** An error that stays on the status (over stream events) until a start, a fresh session or a later success resolves it. */
  private async holdError(reason: string) {
    this.held = reason
    await this.report('error', reason)
  }

  /**
   * Fencing for the bot's own writes (status, chat history, use counts, follows, raids, stream
   * times), as for its chat lines: a worker that lost the channel's lease (paused, partitioned,
   * renewals late) writes nothing more for it; the lease's new holder does.
   */
  private async mayWrite(): Promise<boolean> {
    if (!this.rt.fence || this.rt.holds?.(this.row.id)) return true
    if (await this.rt.fence(this.row.id).catch(() => false)) return true
    this.stats.fenced++
    this.log.warn({ channelId: this.row.id }, 'channel lease lost: nothing written for it here')
    return false
  }

  private lastReported = ''
  private reporting: Promise<void> = Promise.resolve()
  /**
   * Writes the bot's status, one write at a time in the order asked (a connection state report
   * still in flight cannot land after the stop's). Once stopped only the stop's own report is
   * written, or why its start failed (`afterStop`): the connection closing behind it must not
   * overwrite why it stopped.
   */
  private report(
    state: 'stopped' | 'connecting' | 'running' | 'error',
    reason: string | StatusReason | null,
    afterStop = false,
    resolves = false,
  ): Promise<void> {
    const next = this.reporting.then(() => (this.stopped && !afterStop ? undefined : this.writeStatus(state, reason, resolves)))
    this.reporting = next.catch(() => {})
    return next
  }

  /** Resolves when the status writes asked for so far are done (a stopping worker waits for them). */
  reported(): Promise<void> {
    return this.reporting
  }

  private async writeStatus(state: 'stopped' | 'connecting' | 'running' | 'error', reason: string | StatusReason | null, resolves: boolean) {
    const key = `${state}|${typeof reason === 'object' && reason ? reason.text : reason}|${this.live}|${this.category}`
    if (key === this.lastReported) return
    if (!(await this.mayWrite())) return
    this.lastReported = key
    await this.s.channels
      .reportStatus(this.row.id, { state, reason, live: this.live, category: this.category, liveSince: this.liveSince, resolves })
      .catch((e: unknown) => {
        // Not stored (the database may be away): the next report of this state tries again.
        if (this.lastReported === key) this.lastReported = ''
        this.log.warn({ err: (e as Error).message }, 'status report failed')
      })
  }

  /** A verified Kick webhook for this channel. */
  onKickWebhook(type: string, body: unknown, receivedAt: Date) {
    const ev = kickEvent(type, body, receivedAt)
    if (ev) void this.handle(ev)
  }

  /**
   * Events are handled one after another, in arrival order. Before each chat line the event loop
   * gets a turn: with the worker inline (WORKER_INLINE) a burst of lines, each matched against
   * the channel's rules, would otherwise run back to back ahead of every HTTP request.
   */
  handle(ev: ChannelEvent): Promise<void> {
    this.chain = this.chain
      .then(() => this.startOver)
      .then(() => (ev.kind === 'chat' ? new Promise<void>((resolve) => setImmediate(resolve)) : undefined))
      .then(() => (this.stopped ? void this.successor?.handle(ev) : this.process(ev)))
      .catch((e: unknown) => this.log.warn({ err: (e as Error).message, channelId: this.row.id }, 'event handling failed'))
    return this.chain
  }

  /** Resolves when every event received so far is handled (model answers under way included). */
  async idle(): Promise<void> {
    await this.chain
    await Promise.all([...(this.talks ?? [])])
  }

  private async process(ev: ChannelEvent) {
    if (this.stopped) return
    if (!(await this.mayWrite())) return
    switch (ev.kind) {
      case 'online':
        this.live = true
        this.liveSince = ev.startedAt
        await this.s.analytics.streamOnline(this.row.id, ev.startedAt, this.category)
        if (!this.row.active && this.row.autostart) await this.s.channels.activate(this.row.id)
        else await this.reportRunning()
        return
      case 'offline':
        this.live = false
        this.liveSince = null
        await this.s.analytics.streamOffline(this.row.id)
        await this.reportRunning()
        return
      case 'category':
        this.category = ev.category
        await this.reportRunning()
        return
      case 'chat':
        if (!this.row.active) return
        await this.onChat(ev.chat)
        return
      case 'follow':
        await this.onFollow(ev.follower)
        return
      case 'raid':
        await this.onRaid(ev.raid)
        return
      case 'alert':
        await this.alert(alertOf(ev.alert))
        return
      case 'chatRemoved':
        this.s.alerts.chatRemoved(this.row.id, ev.messageId, ev.userId)
    }
  }

  /** Alerts (modules/alerts): on the overlay in any case, in chat only while the bot is on. */
  private async alert(a: AlertInput | null) {
    if (a) await this.s.alerts.receive(this.row.id, a, { say: this.row.active ? (text) => this.enqueue(text) : null, scheduler: this.rt.scheduler })
  }

  /** Stores the follow; a new follower joins the next batched thank-you (only while the bot is on). */
  private async onFollow(follower: NewFollower) {
    const fresh = await this.s.followers.recordFollow(this.row.id, follower)
    if (fresh) await this.alert({ type: 'follow', who: follower.name, amount: 1 })
    if (!fresh || !this.row.active) return
    this.follows.push(follower.userId)
    this.followTimer ??= this.rt.scheduler.setTimeout(() => {
      this.followTimer = null
      const ids = this.follows.splice(0)
      this.s.followers
        .thankYou(this.row.id, ids)
        .then((text) => {
          if (text) this.enqueue(text)
        })
        .catch((e: unknown) => this.log.warn({ err: (e as Error).message, channelId: this.row.id }, 'thank-you failed'))
    }, FOLLOW_BATCH_MS)
  }

  /**
   * A raid starts (channel.raid): the raid history follows in any case; only with the bot on
   * and the owner's "raid announcements" switch on does the bot write (an announcement, and
   * for an incoming raid a welcome and a shoutout of the raider, within Twitch's limits).
   */
  private async onRaid(raid: RaidEvent) {
    const row = await this.s.raids.onRaidEvent(this.row.id, raid)
    if (row?.direction === 'incoming') await this.alert({ type: 'raid', who: row.otherName, amount: row.viewers ?? 0 })
    if (!row || !this.row.active || !this.row.raidAnnouncements) return
    if (row.direction === 'outgoing') {
      this.enqueue(`We are raiding ${row.otherName} now! Come along: https://twitch.tv/${row.otherLogin}`)
      return
    }
    this.enqueue(`Welcome, raiders from ${row.otherName}! Thank you for the raid${row.viewers ? ` with ${row.viewers} viewers` : ''}.`)
    await this.s.raids.shoutout(row)
  }

  private async onChat(chat: IncomingChat) {
    this.stats.handled++
    const fromBot = this.isOwnLine(chat)
    await this.s.chat.record(this.row.id, chat, fromBot)
    if (fromBot) return
    if (this.live) this.s.analytics.countChatLine(this.row.id)
    for (const st of this.timers.values()) {
      st.lines++
      if (st.due) this.tryTimer(st)
    }
    // Auto-moderation first: a removed line (or a moderator's !permit, !nuke …) goes no further.
    if (await this.s.moderation.screen(this.row, chat, { now: this.now(), reply: (t) => this.enqueue(t) })) return
    // Commands, quotes and giveaways (modules/commands: chat-commands.ts and the modules that register there).
    await this.s.commands.onChat(chat, {
      row: this.row,
      commands: this.commands,
      cooldowns: (this.cooldownsMap ??= new Map()),
      live: this.live,
      category: this.category,
      uptimeMs: this.uptimeMs(),
      now: this.now(),
      random: this.rt.random,
      mayWrite: () => this.mayWrite(),
      say: (text) => {
        this.stats.replies++
        this.enqueue(text)
      },
    })
    // Commands take precedence: a line starting with ! never reaches the conversation bot.
    if (!chat.text.trim().startsWith('!') && this.row.conversationBot) await this.converse(chat)
  }

  /**
   * The conversation bot: the highest-priority matching rule answers (within its cooldowns and
   * the plan's monthly limit); with no rule matched, a message that names the bot goes to the
   * model when the owner enabled it (answered off the event chain, so chat keeps flowing).
   */
  private async converse(chat: IncomingChat) {
    const d = decide(this.conversationRules, chat.text, { id: chat.userId, roles: chat.roles }, this.conversationCooldowns, this.now())
    if (d.skipped) {
      // The viewer's words stay out of the log beyond a short excerpt.
      this.log.warn(
        { channelId: this.row.id, skipped: d.skipped, excerpt: chat.text.slice(0, 40) },
        'conversation rules over their time budget: the rest skipped for this line',
      )
      return
    }
    const vars = (count: number, resolved: TemplateValues) => ({ user: chat.userName, touser: chat.userName, count, uptimeMs: this.uptimeMs(), ...resolved })
    if (d.rule) {
      if (!d.answer) return // cooling down
      const rule = d.rule
      const resolved = await this.fill(rule.answer, chat.userId)
      const answer = await this.s.conversation.ruleAnswer(this.row, rule, chat, (n) => renderTemplate(rule.answer, vars(n, resolved), this.rt.random))
      if (answer) {
        this.stats.replies++
        this.enqueue(answer)
      }
      return
    }
    if (!addressedTo(chat.text, this.botNames)) return
    const talk = this.s.conversation
      .modelAnswer(this.row, chat, {
        botName: this.botNames[0] ?? '',
        fallback: async (tpl) => renderTemplate(tpl, vars(0, await this.fill(tpl, chat.userId)), this.rt.random),
      })
      .then((answer) => {
        if (!answer) return
        this.stats.replies++
        this.enqueue(answer)
      })
      .catch((e: unknown) => this.log.warn({ err: (e as Error).message, channelId: this.row.id }, 'conversation answer failed'))
      .finally(() => this.talks?.delete(talk))
    ;(this.talks ??= new Set()).add(talk)
  }

  /**
   * Whether a chat line is the bot's own echo. With a bot account of its own, every line of that
   * account; speaking as the broadcaster, only the lines it sent (by message id, or by text while
   * the send is under way: the echo may arrive before Twitch's answer), so the owner's own
   * `!hello` in their chat is answered.
   */
  private isOwnLine(chat: IncomingChat): boolean {
    if (chat.userId !== this.senderId) return false
    if (this.separateBot) return true
    // Whoever sent it as the bot (this queue, the chatboard, a giveaway announcement): the chat service marked it.
    return this.s.chat.isBotEcho(this.row.id, chat.messageId, chat.text)
  }

  private enqueue(text: string): void {
    if (this.stopped && this.successor) return this.successor.enqueue(text)
    if (!text.trim() || this.stopped) return
    this.queue.push(text)
    if (this.queue.length > MAX_QUEUE) this.queue.splice(0, this.queue.length - MAX_QUEUE)
    void this.drain()
  }

  /** Sends one line; its id is kept to recognise its echo. A send the platform failed holds an error until one succeeds. */
  private async sendOne(text: string) {
    try {
      const result = await this.s.chat.sendAsBot(this.row.id, text)
      this.stats.sent++
      if (!result.ok) this.log.warn({ channelId: this.row.id, status: result.status, message: result.message }, 'platform refused a bot message')
      else if (this.held !== null && this.heldBySend) {
        this.held = null
        this.heldBySend = false
        await this.reportRunning(true)
      }
    } catch (e) {
      this.log.warn({ channelId: this.row.id, err: (e as Error).message }, 'bot message not sent')
      if (isAppError(e) && e.code === 'PLATFORM_ERROR') {
        this.heldBySend = true
        await this.holdError(e.message)
      }
    }
  }
  private heldBySend = false

  /** Sends queued lines, never faster than the channel's chat limit (shared with the other processes that send as the bot) allows. */
  private async drain() {
    if (this.draining || this.stopped) return
    this.draining = true
    try {
      while (this.queue.length && !this.stopped) {
        if (this.rt.fence && !this.rt.holds?.(this.row.id) && !(await this.rt.fence(this.row.id).catch(() => false))) {
          this.log.warn({ channelId: this.row.id, dropped: this.queue.length }, 'channel lease lost: chat lines not sent')
          this.queue.length = 0
          return
        }
        if (this.stopped || !this.queue.length) return
        const slot = await this.s.chat.limits.take(this.row.id, this.now())
        if (!slot.taken) {
          if (!this.drainTimer && !this.stopped) {
            this.drainTimer = this.rt.scheduler.setTimeout(() => {
              this.drainTimer = null
              void this.drain()
            }, slot.waitMs)
          }
          return
        }
        const text = this.queue.shift()
        if (text !== undefined) await this.sendOne(text)
      }
    } finally {
      this.draining = false
    }
  }
}
