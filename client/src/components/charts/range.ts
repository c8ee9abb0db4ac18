import { useCallback, useState } from 'react'

/** The periods the dashboards offer (the server accepts up to 400 days). */
export const RANGE_DAYS = [7, 30, 90, 365] as const
export type RangeDays = (typeof RANGE_DAYS)[number]

const DAY_MS = 86_400_000

function rangeOf(days: RangeDays) {
  const to = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000)
  return { days, from: new Date(to.getTime() - days * DAY_MS).toISOString(), to: to.toISOString() }
}

/** The chosen period as ISO dates, fixed when the choice is made (so queries do not refetch on every render). */
export function useDateRange(initial: RangeDays = 30) {
  const [range, setRange] = useState(() => rangeOf(initial))
  const setDays = useCallback((days: RangeDays) => setRange(rangeOf(days)), [])
  return { ...range, setDays }
}

export function formatDay(iso: string, language: string) {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(iso))
}

export function formatStart(iso: string, language: string) {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}

/** Hours and minutes between two instants (or until now). */
export function formatDuration(startIso: string, endIso: string | null) {
  const ms = Math.max(0, (endIso ? new Date(endIso).getTime() : Date.now()) - new Date(startIso).getTime())
  const minutes = Math.round(ms / 60_000)
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}
