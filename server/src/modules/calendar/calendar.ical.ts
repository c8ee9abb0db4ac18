import type { CalendarEventRow } from './calendar.tables'

/**
 * iCalendar (RFC 5545) text of a user's events: CRLF line ends, content lines folded at 75
 * octets (never inside a UTF-8 character), TEXT values escaped (backslash, semicolon, comma,
 * newline), timed events in UTC (`YYYYMMDDTHHMMSSZ`), all-day events as DATE values with an
 * exclusive DTEND.
 */

/** RFC 5545 3.3.11: backslash, semicolon and comma escaped, line breaks as \n. */
export const escapeText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // Other control characters are not allowed in TEXT (3.3.11, 3.1).
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')

/** RFC 5545 3.1: lines longer than 75 octets are split with CRLF and one space. */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const ch of line) {
    const n = Buffer.byteLength(ch, 'utf8')
    // The first line holds 75 octets, continuation lines 74 after their leading space.
    if (octets + n > (parts.length === 0 ? 75 : 74)) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += ch
    octets += n
  }
  parts.push(current)
  return parts.join('\r\n ')
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
const date = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '')

export function toICalendar(events: CalendarEventRow[], opts: { host: string; name: string; stamp: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Channel Assistant//Stream calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
  ]
  for (const e of events) {
    lines.push('BEGIN:VEVENT', `UID:event-${e.id}@${opts.host}`, `DTSTAMP:${utc(opts.stamp)}`, `LAST-MODIFIED:${utc(e.updatedAt)}`)
    if (e.allDay) lines.push(`DTSTART;VALUE=DATE:${date(e.startAt)}`, `DTEND;VALUE=DATE:${date(e.endAt)}`)
    else lines.push(`DTSTART:${utc(e.startAt)}`, `DTEND:${utc(e.endAt)}`)
    lines.push(`SUMMARY:${escapeText(e.title)}`, `CATEGORIES:${escapeText(e.calendar)}`)
    const description = [e.description, e.guests.length ? `Guests: ${e.guests.join(', ')}` : ''].filter(Boolean).join('\n\n')
    if (description) lines.push(`DESCRIPTION:${escapeText(description)}`)
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`)
    if (e.url) lines.push(`URL:${e.url.replace(/[\r\n]/g, '')}`)
    lines.push('END:VEVENT')
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
