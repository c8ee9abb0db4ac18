import { createHash } from 'node:crypto'

/**
 * CSP sources ('sha256-…') for the inline scripts of the built index.html: the one that sets
 * the skin before the first paint (client/vite-first-paint-skin.ts). Every other script stays
 * a file from this server; only these exact texts may run inline.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '') || !m[2]) continue
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`)
  }
  return hashes
}
