/**
 * Whether the visit's first page has rendered (app/components/route-content.tsx says so), for
 * work that should not compete with the first screen (the session sync, the navbar search's
 * popup) and for the route transition, which the first page does not play.
 */
let shown = false;
const waiting = new Set<() => void>();

export function firstPageShown(): boolean {
  return shown;
}

export function markFirstPageShown(): void {
  if (shown) return;
  shown = true;
  for (const callback of waiting) callback();
  waiting.clear();
}

/** Calls back once the first page has rendered (at once if it has); returns a cancel function. */
export function afterFirstPage(callback: () => void): () => void {
  if (shown) {
    callback();
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}
