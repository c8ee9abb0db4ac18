/**
 * Whether the visit's first page has rendered (app/components/route-content.tsx says so), for the
 * route transition, which the first page does not play, and for work that should not compete
 * with the first screen (the session sync, the navbar search's popup): that waits until the
 * browser has painted the page.
 */
let shown = false
let painted = false
const waiting = new Set<() => void>()

export function firstPageShown(): boolean {
  return shown
}

export function markFirstPageShown(): void {
  if (shown) return
  shown = true
  const since = performance.now()
  let done = false
  let observer: PerformanceObserver | undefined
  const run = () => {
    if (done) return
    done = true
    observer?.disconnect()
    clearTimeout(fallback)
    setTimeout(() => {
      painted = true
      for (const callback of waiting) callback()
      waiting.clear()
    }, 0)
  }
  // Waits for the browser to report the page's paint (a largest-contentful-paint entry from now
  // on): a task after the next animation frame, or the one after it, can still run before the
  // frame is presented, and a request started then counts as work the page waited for. Where the
  // page paints nothing larger than what was there (no new entry), or the browser reports no such
  // entries, the callbacks run a second later at the latest.
  const fallback = setTimeout(run, 1000)
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => e.startTime >= since)) run()
    })
    observer.observe({ type: 'largest-contentful-paint', buffered: true })
  } else {
    requestAnimationFrame(() => requestAnimationFrame(run))
  }
}

/** Calls back once the first page has been painted (at once if it has); returns a cancel function. */
export function afterFirstPage(callback: () => void): () => void {
  if (painted) {
    callback()
    return () => undefined
  }
  waiting.add(callback)
  return () => waiting.delete(callback)
}
