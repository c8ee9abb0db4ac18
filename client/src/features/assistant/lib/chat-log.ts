/** The chatboard's message list: history plus live lines, in order, without repeats, bounded. */

export interface ChatLine {
  id: string
  at: string
}

export const MAX_CHAT_LINES = 300

/** Adds `incoming` to `current` (by id; order by server id, which grows with time). */
export function mergeChatLines<T extends ChatLine>(current: readonly T[], incoming: readonly T[], max = MAX_CHAT_LINES): T[] {
  if (incoming.length === 0) return current as T[]
  const byId = new Map<string, T>()
  for (const line of current) byId.set(line.id, line)
  let changed = false
  for (const line of incoming) {
    if (!byId.has(line.id)) changed = true
    byId.set(line.id, line)
  }
  if (!changed && incoming.every((line) => current.includes(line))) return current as T[]
  const merged = [...byId.values()].sort(compareLines)
  return merged.length > max ? merged.slice(merged.length - max) : merged
}

function compareLines(a: ChatLine, b: ChatLine): number {
  const ai = Number(a.id)
  const bi = Number(b.id)
  if (Number.isFinite(ai) && Number.isFinite(bi) && ai !== bi) return ai - bi
  if (a.at !== b.at) return a.at < b.at ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** Whether a scroll box is at (or within `slack` of) its bottom. */
export function isNearBottom(box: { scrollTop: number; scrollHeight: number; clientHeight: number }, slack = 48): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= slack
}

/** Backoff before the n-th resubscribe (n ≥ 1): 1 s, 2 s, 4 s … at most 30 s. */
export function resubscribeDelayMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1))
}
