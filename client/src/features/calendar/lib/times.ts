/**
 * The calendar's times: stored as UTC instants, edited and shown in the browser's time zone.
 * A datetime-local input holds a wall time of that zone; an all-day event holds dates.
 */

const pad = (n: number) => String(n).padStart(2, '0')

/** The instant as the value of a datetime-local input in this browser's zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value (this browser's zone) as a UTC instant; '' when empty or invalid. */
export function fromLocalInput(value: string): string {
  if (!value) return ''
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? '' : d.toISOString()
}

/** YYYY-MM-DD of a Date in this browser's zone. */
export function localDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** The day after a YYYY-MM-DD date (an all-day end is exclusive). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/** The day before a YYYY-MM-DD date. */
export function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - 1)
  return d.toISOString().slice(0, 10)
}

/** The browser's IANA time zone (Twitch shows a stream segment in it). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
