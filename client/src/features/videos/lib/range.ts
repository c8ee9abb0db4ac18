/** Date ranges of the VOD page and the video dashboard: whole UTC days, [from, to] inclusive in the form. */

const DAY = 86_400_000
/** The server refuses longer ranges (BAD_USER_INPUT); the form says so first. */
export const MAX_RANGE_DAYS = 366
export const EARLIEST_DAY = '2011-06-01'

export interface DayRange {
  /** YYYY-MM-DD */
  from: string
  /** YYYY-MM-DD, inclusive */
  to: string
}

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The last `days` days up to today. */
export function lastDays(days: number, now = Date.now()): DayRange {
  return { from: dayOf(now - (days - 1) * DAY), to: dayOf(now) }
}

export type RangeProblem = 'invalid' | 'order' | 'tooLong' | 'outOfRange'

/** What is wrong with a range, or null. */
export function rangeProblem(range: DayRange, now = Date.now()): RangeProblem | null {
  const from = Date.parse(`${range.from}T00:00:00Z`)
  const to = Date.parse(`${range.to}T00:00:00Z`)
  if (Number.isNaN(from) || Number.isNaN(to)) return 'invalid'
  if (range.from < EARLIEST_DAY || to > now + DAY) return 'outOfRange'
  if (to < from) return 'order'
  if ((to - from) / DAY + 1 > MAX_RANGE_DAYS) return 'tooLong'
  return null
}

/** The range as the API takes it: [from 00:00, the day after `to` 00:00) in UTC. */
export function toApiRange(range: DayRange): { from: string; to: string } {
  return { from: `${range.from}T00:00:00.000Z`, to: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY).toISOString() }
}
