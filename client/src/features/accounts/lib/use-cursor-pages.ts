import { useState } from 'react'
import { FIRST_PAGE, currentCursor, nextPage, pageNumber, previousPage, rangeOf } from './cursor-pages'

interface Connection {
  totalCount: number
  pageInfo: { hasNextPage: boolean; endCursor?: string | null }
}

/**
 * Keyset paging of one list: the cursor to ask for, and the Pager's props once a page is
 * shown. A new `resetKey` (other filters) starts again at the first page.
 */
export function useCursorPages(pageSize: number, resetKey = '') {
  const [paging, setPaging] = useState({ key: resetKey, pages: FIRST_PAGE })
  const pages = paging.key === resetKey ? paging.pages : FIRST_PAGE
  const page = pageNumber(pages)
  const move = (to: typeof FIRST_PAGE) => setPaging({ key: resetKey, pages: to })

  return {
    after: currentCursor(pages),
    pagerProps: (connection: Connection, rows: number) => ({
      page,
      range: rangeOf(page, pageSize, rows, connection.totalCount),
      hasNext: connection.pageInfo.hasNextPage,
      onPrevious: () => move(previousPage(pages)),
      onNext: () => move(nextPage(pages, connection.pageInfo.endCursor)),
    }),
  }
}
