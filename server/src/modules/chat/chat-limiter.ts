import type { LimitStore, Slot } from '../../auth/rate-limit'
import type { Logger } from '../../logger'

/**
 * Twitch: a bot may send 20 chat messages per 30 seconds in a channel, 100 when it is a
 * moderator (or the broadcaster). The limit is over any 30-second window, so this keeps the
 * send times of the window (a sliding log): a plain token bucket of 20 refilled at 20/30 s
 * would let nearly 40 through in one window. Kick publishes no chat limit; the same
 * conservative 20 / 30 s applies there.
 */
export const CHAT_WINDOW_MS = 30_000
export const CHAT_LIMIT = 20
export const CHAT_LIMIT_MODERATOR = 100
/** After the shared store failed to answer, this process counts alone for this long before asking it again. */
export const SHARED_RETRY_MS = 10_000

/** A sliding log in this process: the fallback while the shared store does not answer. */
export class ChatLimiter {
  private sent: number[] = []

  constructor(
    public limit = CHAT_LIMIT,
    readonly windowMs = CHAT_WINDOW_MS,
  ) {}

  private prune(now: number) {
    while (this.sent.length && this.sent[0]! <= now - this.windowMs) this.sent.shift()
  }

  /** Milliseconds until a message may be sent (0: now). */
  waitMs(now: number): number {
    this.prune(now)
    if (this.sent.length < this.limit) return 0
    return this.sent[this.sent.length - this.limit]! + this.windowMs - now
  }

  /** Takes a slot when one is free. */
  tryTake(now: number): boolean {
    if (this.waitMs(now) > 0) return false
    this.sent.push(now)
    return true
  }

  /** Counts a slot taken elsewhere (in the shared store), so a fallback starts from this process' own sends. */
  record(now: number) {
    this.prune(now)
    this.sent.push(now)
  }
}

/**
 * The chat limit of each channel, one for every process that sends as its bot: the bot worker's
 * replies, the chatboard's lines and the giveaway announcements of the web processes. The
 * slots are counted in the abuse limits' store (`LimitStore.takeSlot`): in memory for one
 * process, in Redis (REDIS_URL) for all of them, so their sum keeps the platform's limit.
 *
 * The limit is the bot's to know (100 once it found itself a moderator on Twitch): the process
 * running the bot sets it (`setLimit`), and each of its takes keeps it beside the channel's log
 * for the others, which use it (or CHAT_LIMIT before the bot sent anything).
 *
 * A store that does not answer (Redis away: its calls fail within a second) never holds a
 * line back for long: this process then counts alone with its own sliding log (seeded with its
 * own recent sends) for SHARED_RETRY_MS, and asks the store again after that. Meanwhile each
 * process keeps the limit by itself, so their sum may exceed it until Redis is back.
 */
export class ChatLimits {
  private readonly local = new Map<number, ChatLimiter>()
  private readonly known = new Map<number, number>()
  private sharedAgainAt = 0

  constructor(
    private readonly store: LimitStore,
    private readonly log?: Logger,
    readonly windowMs = CHAT_WINDOW_MS,
  ) {}

  /** Where the slots are counted: this process alone, or every process through Redis. */
  get kind() {
    return this.store.kind
  }

  private localOf(channelId: number): ChatLimiter {
    let l = this.local.get(channelId)
    if (!l) {
      l = new ChatLimiter(this.known.get(channelId) ?? CHAT_LIMIT, this.windowMs)
      this.local.set(channelId, l)
    }
    return l
  }

  /** The channel's limit as its bot found it (the bot worker sets it at each start). */
  setLimit(channelId: number, limit: number) {
    this.known.set(channelId, limit)
    this.localOf(channelId).limit = limit
  }

  /** Takes one of the channel's slots at `now` (ms, the caller's clock) if one is free; else says when one frees. */
  async take(channelId: number, now: number): Promise<Slot> {
    const local = this.localOf(channelId)
    if (now >= this.sharedAgainAt) {
      try {
        const known = this.known.get(channelId)
        const slot = await this.store.takeSlot(`chat:${channelId}`, now, this.windowMs, known === undefined ? { fallback: CHAT_LIMIT } : { set: known })
        if (this.store.kind === 'redis' && slot.taken) local.record(now)
        return slot
      } catch (e) {
        this.sharedAgainAt = now + SHARED_RETRY_MS
        this.log?.warn({ err: (e as Error).message, retryMs: SHARED_RETRY_MS }, 'chat limit: the shared store did not answer; counting in this process alone')
      }
    }
    const taken = local.tryTake(now)
    return { taken, waitMs: taken ? 0 : local.waitMs(now), limit: local.limit }
  }
}
