import { MAX_TIMEOUT_SECONDS, type FilterSettings, type ModerationAction } from './settings'

export interface Decision {
  action: ModerationAction
  /** Timeouts only. */
  seconds: number | null
  /** First offence with the filter's "warn first": the line is deleted and a warning said. */
  warn: boolean
}

/**
 * The action ladder: the `offence`-th offence (1-based) of a viewer within the escalation
 * window. With "warn first" the first is a deletion and a warning. Then the filter's action;
 * each further offence escalates: a deletion becomes a timeout, a timeout doubles (up to two
 * weeks). A ban stays a ban. Nothing escalates to a ban by itself.
 */
export function decide(f: Pick<FilterSettings, 'action' | 'timeoutSeconds' | 'warnFirst'>, offence: number): Decision {
  if (f.warnFirst && offence <= 1) return { action: 'delete', seconds: null, warn: true }
  const step = Math.max(0, offence - 1 - (f.warnFirst ? 1 : 0))
  const timeout = (k: number) => ({ action: 'timeout' as const, seconds: Math.min(MAX_TIMEOUT_SECONDS, f.timeoutSeconds * 2 ** Math.min(k, 20)), warn: false })
  switch (f.action) {
    case 'ban':
      return { action: 'ban', seconds: null, warn: false }
    case 'delete':
      return step === 0 ? { action: 'delete', seconds: null, warn: false } : timeout(step - 1)
    case 'timeout':
      return timeout(step)
  }
}

/** Offence times per viewer within a window; the map is bounded (a raid of spammers cannot grow it forever). */
export class Offences {
  private readonly times = new Map<string, number[]>()
  constructor(private readonly max = 5000) {}

  /** Records an offence at `now` and answers how many the viewer has within `windowMs`, this one included. */
  add(userId: string, now: number, windowMs: number): number {
    const kept = (this.times.get(userId) ?? []).filter((t) => now - t < windowMs)
    kept.push(now)
    this.times.delete(userId)
    this.times.set(userId, kept)
    if (this.times.size > this.max) this.times.delete(this.times.keys().next().value!)
    return kept.length
  }

  forget(userId: string) {
    this.times.delete(userId)
  }

  /** Takes over a viewer's earlier offences (oldest first), as read back from the log after a restart. */
  seed(userId: string, times: number[]) {
    this.times.set(userId, times)
    if (this.times.size > this.max) this.times.delete(this.times.keys().next().value!)
  }
}
