/**
 * Forward-only keyset paging (licences, audit log) with a way back: the cursors of the
 * pages seen so far are kept, so "previous" re-reads the page before.
 */
export interface CursorPages {
  /** after-cursors of the pages so far; the current page is the last (null: the first page). */
  stack: Array<string | null>
}

export const FIRST_PAGE: CursorPages = { stack: [null] }

export function currentCursor(pages: CursorPages): string | null {
  return pages.stack.at(-1) ?? null
}

export function pageNumber(pages: CursorPages): number {
  return pages.stack.length
}

export function nextPage(pages: CursorPages, endCursor: string | null | undefined): CursorPages {
  return endCursor ? { stack: [...pages.stack, endCursor] } : pages
}

export function previousPage(pages: CursorPages): CursorPages {
  return pages.stack.length > 1 ? { stack: pages.stack.slice(0, -1) } : pages
}

/** "11–20 of 45" numbers for page `page` (1-based) of `size` rows showing `rows` rows. */
export function rangeOf(page: number, size: number, rows: number, total: number): { from: number; to: number; total: number } {
  if (rows === 0) return { from: 0, to: 0, total }
  const from = (page - 1) * size + 1
  return { from, to: from + rows - 1, total }
}
