/**
 * A conservative estimate of the randomness in a secret given as text, for production's
 * refusal of weak settings. It assumes the best alphabet the text fits (hex: 4 bits a
 * character, base64: 6, otherwise the character classes used) and then refuses what a
 * person types rather than generates: few distinct characters, long runs, a text that
 * repeats a short pattern, and words from the usual password lists (removed before counting).
 */
// Five characters or more: a shorter word turns up in random base64 too often to count against it.
// None made only of hex digits ("12345", "abcde"): one turns up in about 1 of 9,000 random hex
// keys, and typed sequences like them are caught as short patterns or few distinct characters.
const WORDS = [
  'password',
  'passwort',
  'secret',
  'changeme',
  'change',
  'letmein',
  'admin',
  'qwerty',
  'azerty',
  'welcome',
  'default',
  'example',
  'token',
  'dragon',
  'monkey',
  'master',
  'login',
  'channel',
  'assistant',
  'dashboard',
  'production',
  'streamer',
  'twitch',
]

/** The shortest period p (≤ half the length) with text[i] = text[i - p] everywhere, or 0. */
function period(text: string): number {
  for (let p = 1; p <= text.length / 2; p++) {
    let same = true
    for (let i = p; i < text.length && same; i++) same = text[i] === text[i - p]
    if (same) return p
  }
  return 0
}

function bitsPerChar(text: string): number {
  if (/^[0-9a-f]+$/i.test(text)) return 4
  if (/^[A-Za-z0-9+/_-]+=*$/.test(text)) return 6
  let alphabet = 0
  if (/[a-z]/.test(text)) alphabet += 26
  if (/[A-Z]/.test(text)) alphabet += 26
  if (/[0-9]/.test(text)) alphabet += 10
  if (/[^A-Za-z0-9]/.test(text)) alphabet += 33
  return Math.log2(Math.max(alphabet, 2))
}

/** Why `text` is not a strong enough secret (for `bits` of randomness), or null when it is. */
export function secretWeakness(text: string, bits = 256): string | null {
  const s = text.trim()
  if (period(s) > 0) return 'it repeats a short pattern'
  // Eight in a row: five happen in about 1 of 1,100 random 64-digit hex keys, eight in 1 of 4 million.
  if (/(.)\1{7,}/.test(s)) return 'it repeats one character'
  const distinct = new Set(s).size
  if (distinct < 12) return `it uses only ${distinct} different characters`
  let rest = s.replace(/=+$/, '')
  const lower = rest.toLowerCase()
  const found = WORDS.filter((w) => lower.includes(w))
  for (const w of found) rest = rest.replace(new RegExp(w, 'gi'), '')
  const estimate = Math.floor(rest.length * bitsPerChar(s.replace(/=+$/, '')))
  if (estimate < bits) return `it holds about ${estimate} bits of randomness, ${bits} are needed${found.length ? ` (common words: ${found.join(', ')})` : ''}`
  return null
}
