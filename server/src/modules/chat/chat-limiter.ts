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
}

/** One limiter per channel, shared by the bot and the chatboard in a process. */
export class ChatLimiters {
  private readonly byChannel = new Map<number, ChatLimiter>()
  get(channelId: number): ChatLimiter {
    let l = this.byChannel.get(channelId)
    if (!l) {
      l = new ChatLimiter()
      this.byChannel.set(channelId, l)
    }
    return l
  }
  delete(channelId: number) {
    this.byChannel.delete(channelId)
  }
}
