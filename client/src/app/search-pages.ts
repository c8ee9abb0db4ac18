/**
 * The navbar search's page matching (pure, tested in tests/unit/client/search-pages.test.ts):
 * the menu pages a caller may open (navigation.ts menuPages), matched on their translated
 * titles in the browser.
 */

/** Lower case, accents dropped, spaces collapsed: "Réglages  du Compte" → "reglages du compte". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/**
 * The pages whose title holds every word of `q` (any case, any accents), best first: titles
 * that start with the query, then those with a word starting with it, then the rest; menu
 * order within each. One entry a path; at most `limit`. An empty query matches nothing.
 */
export function matchPages<T extends { title: string; path: string }>(pages: readonly T[], q: string, limit = 8): T[] {
  const query = foldForSearch(q)
  if (!query) return []
  const words = query.split(' ')
  const seen = new Set<string>()
  const ranked: { page: T; rank: number; order: number }[] = []
  pages.forEach((page, order) => {
    const title = foldForSearch(page.title)
    if (seen.has(page.path) || !words.every((word) => title.includes(word))) return
    seen.add(page.path)
    const rank = title.startsWith(query) ? 0 : ` ${title}`.includes(` ${words[0]}`) ? 1 : 2
    ranked.push({ page, rank, order })
  })
  return ranked
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.page)
}
