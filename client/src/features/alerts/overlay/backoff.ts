/** The first bound on the pause before the overlay reopens its feed, ms. */
export const FIRST_PAUSE_MS = 1000
/** The largest bound, ms. */
export const MAX_PAUSE_MS = 60_000
/** The least pause, ms: never straight back. */
const MIN_PAUSE_MS = 250

/**
 * The pause before reopening the feed after `failures` failures in a row (0: the first): drawn
 * at random (`random()` in [0, 1)) up to a bound that doubles with each failure, at most
 * MAX_PAUSE_MS ("full jitter"): overlays that lost the same server come back spread out.
 */
export function reconnectPause(failures: number, random: () => number = Math.random): number {
  const bound = Math.min(FIRST_PAUSE_MS * 2 ** Math.max(0, failures), MAX_PAUSE_MS)
  return MIN_PAUSE_MS + random() * bound
}
