/** Display helpers of the VOD page and the video dashboard (language-aware through Intl). */

/** 3723 → "1:02:03", 63 → "1:03". */
export function formatLength(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = Math.floor(seconds % 60)
  const two = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`
}

export function formatCount(n: number, language: string): string {
  return new Intl.NumberFormat(language).format(n)
}

export function formatDay(iso: string, language: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
}
