/**
 * Readers for the §7 card shapes (the GraphQL fields are JSON): each returns safe defaults
 * for anything missing, so a card never throws on an unexpected answer.
 */
type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

/** The first series' values of a card-statistics answer. */
export function seriesOf(card: unknown): number[] {
  return arr(obj(arr(obj(card).series)[0]).data).map(num)
}

/** The headline of a card-statistics answer (`analyticsData[key]`), or the series' sum. */
export function headlineOf(card: unknown, key: string): number | string {
  const value = obj(obj(card).analyticsData)[key]
  if (typeof value === 'number' || typeof value === 'string') return value
  return seriesOf(card).reduce((a, b) => a + b, 0)
}

export function productOrdersOf(card: unknown): { finished: number; pending: number; rejected: number } {
  const info = obj(obj(card).chartInfo)
  return { finished: num(info.finished), pending: num(info.pending), rejected: num(info.rejected) }
}

export function devicesOf(card: unknown): Array<{ name: string; usage: number; upDown: number }> {
  return arr(obj(card).chartInfo).map((d) => ({ name: String(obj(d).name ?? ''), usage: num(obj(d).usage), upDown: num(obj(d).upDown) }))
}

export function customersOf(card: unknown): Array<{ text: string; result: number }> {
  return arr(obj(card).listData).map((d) => ({ text: String(obj(d).text ?? ''), result: num(obj(d).result) }))
}

export function supportOf(card: unknown): { totalTicket: number; newTicket: number; openTicket: number; responseTime: number } {
  const c = obj(card)
  return { totalTicket: num(c.totalTicket), newTicket: num(c.newTicket), openTicket: num(c.openTicket), responseTime: num(c.responseTime) }
}

/** "86,589" (the spec's grouped-number strings) → 86589. */
export function parseGrouped(v: unknown): number {
  const n = Number(String(v ?? '').replace(/,/g, ''))
  return Number.isFinite(n) ? n : 0
}

/** The last `n` UTC days (YYYY-MM-DD) or months (YYYY-MM), oldest first, ending today: the cards' buckets. */
export function lastDays(n: number, today = new Date()): string[] {
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  return Array.from({ length: n }, (_, i) => new Date(base - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10))
}
export function lastMonths(n: number, today = new Date()): string[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (n - 1 - i), 1)).toISOString().slice(0, 7))
}
