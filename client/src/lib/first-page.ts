/**
 * Whether the visit's first page has rendered (app/components/route-content.tsx says so), for the
 * route transition, which the first page does not play, and for work that should not compete
 * with the first screen (the session sync, the navbar search's popup): that waits until a frame
 * showing the page has been painted.
 */
let shown = false;
let painted = false;
const waiting = new Set<() => void>();

export function firstPageShown(): boolean {
  return shown;
}

export function markFirstPageShown(): void {
  if (shown) return;
  shown = true;
  // The next frame paints the page; the callbacks run in a task after it.
  requestAnimationFrame(() =>
    setTimeout(() => {
      painted = true;
      for (const callback of waiting) callback();
      waiting.clear();
    }, 0),
  );
}

/** Calls back once the first page has been painted (at once if it has); returns a cancel function. */
export function afterFirstPage(callback: () => void): () => void {
  if (painted) {
    callback();
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}
