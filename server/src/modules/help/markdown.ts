/**
 * Knowledge-base article bodies are a small Markdown subset written by admins: paragraphs,
 * `## ` / `### ` headings, `- ` and `1. ` lists, **bold**, `code` and [links](https://…).
 * Everything is HTML-escaped first and only these constructs become tags, so no markup an
 * admin types (a <script>, an onerror attribute, a javascript: link) reaches a page.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

/** Only site-relative paths and http(s) URLs become links. */
const SAFE_URL = /^(?:https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/

function inline(escaped: string): string {
  return escaped
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, text: string, url: string) =>
      SAFE_URL.test(url) ? `<a href="${url}" rel="noopener noreferrer">${text}</a>` : whole,
    )
}

export function markdownToHtml(source: string): string {
  const out: string[] = []
  const blocks = source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)
  for (const block of blocks) {
    const lines = block
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
    if (lines.length === 0) continue
    const first = lines[0]!
    const heading = /^(#{2,3})\s+(.*)$/.exec(first)
    if (heading && lines.length === 1) {
      const level = heading[1]!.length + 1
      out.push(`<h${level}>${inline(escapeHtml(heading[2]!))}</h${level}>`)
    } else if (lines.every((l) => /^[-*]\s+/.test(l))) {
      out.push(`<ul>${lines.map((l) => `<li>${inline(escapeHtml(l.replace(/^[-*]\s+/, '')))}</li>`).join('')}</ul>`)
    } else if (lines.every((l) => /^\d+\.\s+/.test(l))) {
      out.push(`<ol>${lines.map((l) => `<li>${inline(escapeHtml(l.replace(/^\d+\.\s+/, '')))}</li>`).join('')}</ol>`)
    } else {
      out.push(`<p>${lines.map((l) => inline(escapeHtml(l))).join('<br>')}</p>`)
    }
  }
  return out.join('')
}
