/** Small display helpers for the assistant pages (language-aware through Intl). */

/** "1h 23m" / "12m" like the bot's ${uptime}; null when offline. */
export function formatUptime(ms: number | null): string | null {
  if (ms === null || ms < 0) return null
  const minutes = Math.floor(ms / 60_000)
  const hours = Math.floor(minutes / 60)
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`
}

/** Seconds as the largest whole unit: 30 → {30, second}, 600 → {10, minute}, 86400 → {1, day}. */
export function splitDuration(seconds: number): { value: number; unit: 'second' | 'minute' | 'hour' | 'day' } {
  if (seconds > 0 && seconds % 86_400 === 0) return { value: seconds / 86_400, unit: 'day' }
  if (seconds > 0 && seconds % 3600 === 0) return { value: seconds / 3600, unit: 'hour' }
  if (seconds > 0 && seconds % 60 === 0) return { value: seconds / 60, unit: 'minute' }
  return { value: seconds, unit: 'second' }
}

export function formatDuration(seconds: number, language: string): string {
  const { value, unit } = splitDuration(seconds)
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value)
}

export function formatTime(iso: string, language: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(date)
}

export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/** Parses a whole number from a form field; null when it is not one. */
export function parseWholeNumber(raw: string): number | null {
  const text = raw.trim()
  if (!/^\d+$/.test(text)) return null
  const value = Number(text)
  return Number.isSafeInteger(value) ? value : null
}
