/**
 * From the regular-expression syntax people write (JavaScript's) to RE2's, for the linear-time
 * engine of safe-pattern.ts. Not a validator: RE2 refuses what it cannot run; this only reads
 * the pattern far enough to
 * - name what RE2 cannot do in words a channel owner understands (back-references, lookarounds),
 * - translate JavaScript's \uXXXX and \u{…} to RE2's \x{…},
 * - give \b and \B the meaning of any script's words. RE2's own \b knows only ASCII letters
 *   (between "привет" and a space it sees none), and RE2 has no lookahead to build one.
 *   Where the character after the boundary is known, the rewrite checks it once consumed, with
 *   a (linear-time) lookbehind; at the end of the expression it consumes it. Elsewhere (\b before
 *   a repetition that may be empty, before \Q…\E or a flag group) RE2's ASCII \b stays: the
 *   conversation bot manual (docs/features/conversation-bot.md) says so.
 */

export class RegexSyntaxError extends Error {}

type Kind = 'atom' | 'open' | 'close' | 'alt' | 'quant' | 'anchor' | 'b' | 'B' | 'other'
interface Tok {
  t: Kind
  s: string
}

/** Letters, marks, digits of any script and the underscore: what \b calls a word character. */
export const WORD_CLASS = '[\\p{L}\\p{M}\\p{N}_]'
export const NON_WORD_CLASS = '[^\\p{L}\\p{M}\\p{N}_]'
const AFTER_WORD = `(?<=${WORD_CLASS})`
const AFTER_NON_WORD = `(?<!${WORD_CLASS})` // also true at the start of the text

const QUANT = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/

/** \uXXXX and \u{X…} (JavaScript) → \x{…} (RE2); anything else unchanged. */
function escapeAt(src: string, i: number): { s: string; end: number } {
  const e = src[i + 1] ?? ''
  const braced = /^\{[0-9A-Fa-f]{1,6}\}/.exec(src.slice(i + 2))
  if ((e === 'u' || e === 'x') && braced) return { s: `\\x${braced[0]}`, end: i + 2 + braced[0].length }
  const four = /^[0-9A-Fa-f]{4}/.exec(src.slice(i + 2))
  if (e === 'u' && four) return { s: `\\x{${four[0]}}`, end: i + 6 }
  if ((e === 'p' || e === 'P') && src[i + 2] === '{') {
    const close = src.indexOf('}', i)
    const end = close < 0 ? src.length : close + 1
    return { s: src.slice(i, end), end }
  }
  if (e === 'p' || e === 'P' || (e === 'x' && /^[0-9A-Fa-f]{2}/.test(src.slice(i + 2)))) {
    const end = i + (e === 'x' ? 4 : 3)
    return { s: src.slice(i, end), end }
  }
  const c = String.fromCodePoint(src.codePointAt(i + 1) ?? 92)
  return { s: `\\${e ? c : ''}`, end: i + 1 + c.length }
}

function tokenize(src: string): Tok[] {
  const out: Tok[] = []
  let i = 0
  while (i < src.length) {
    const ch = src[i]!
    const rest = src.slice(i)
    if (ch === '\\') {
      const e = src[i + 1] ?? ''
      if (/[1-9]/.test(e) || (e === 'k' && src[i + 2] === '<')) throw new RegexSyntaxError('Back-references (\\1, \\k<name>) are not supported')
      if (e === 'b' || e === 'B') {
        out.push({ t: e, s: `\\${e}` })
        i += 2
      } else if (e === 'Q') {
        const end = src.indexOf('\\E', i)
        const stop = end < 0 ? src.length : end + 2
        out.push({ t: 'other', s: src.slice(i, stop) })
        i = stop
      } else if (e === 'A' || e === 'z') {
        out.push({ t: 'anchor', s: `\\${e}` })
        i += 2
      } else {
        const { s, end } = escapeAt(src, i)
        out.push({ t: 'atom', s })
        i = end
      }
    } else if (ch === '[') {
      let j = i + 1
      let s = '['
      if (src[j] === '^') s += src[j++]
      if (src[j] === ']') s += src[j++]
      while (j < src.length && src[j] !== ']') {
        if (src.startsWith('\\b', j)) {
          s += '\\x{8}' // in a class, JavaScript's \b is a backspace (RE2 has no such escape)
          j += 2
        } else if (src[j] === '\\') {
          const esc = escapeAt(src, j)
          s += esc.s
          j = esc.end
        } else if (src.startsWith('[:', j) && src.indexOf(':]', j) > 0) {
          const end = src.indexOf(':]', j) + 2
          s += src.slice(j, end)
          j = end
        } else s += src[j++]
      }
      out.push({ t: 'atom', s: s + (src[j] ?? '') })
      i = j + 1
    } else if (ch === '(') {
      if (/^\(\?(?:=|!)/.test(rest)) throw new RegexSyntaxError('Lookahead (?=…) and (?!…) is not supported')
      if (/^\(\?<(?:=|!)/.test(rest)) throw new RegexSyntaxError('Lookbehind (?<=…) and (?<!…) is not supported')
      const named = /^\(\?P?<[^>]*>/.exec(rest) ?? /^\(\?[a-zA-Z-]*:/.exec(rest)
      const flags = /^\(\?[a-zA-Z-]*\)/.exec(rest)
      const s = named?.[0] ?? flags?.[0] ?? '('
      out.push({ t: flags && !named ? 'other' : 'open', s })
      i += s.length
    } else if (ch === ')' || ch === '|') {
      out.push({ t: ch === ')' ? 'close' : 'alt', s: ch })
      i++
    } else if (QUANT.test(rest)) {
      const s = QUANT.exec(rest)![0]
      out.push({ t: 'quant', s })
      i += s.length
    } else if (ch === '^' || ch === '$') {
      out.push({ t: 'anchor', s: ch })
      i++
    } else {
      const s = String.fromCodePoint(src.codePointAt(i)!)
      out.push({ t: 'atom', s })
      i += s.length
    }
  }
  return out
}

/** A quantifier's minimum, and the same quantifier taking one less (null: it may match nothing). */
function lessOne(q: string): string | null {
  const lazy = q.endsWith('?') && q.length > 1 ? '?' : ''
  const body = lazy ? q.slice(0, -1) : q
  if (body === '+') return `*${lazy}`
  const m = /^\{(\d+)(,(\d*))?\}$/.exec(body)
  if (!m || Number(m[1]) < 1) return null
  const min = Number(m[1]) - 1
  const max = m[2] === undefined ? String(min) : m[3] === '' ? '' : String(Number(m[3]) - 1)
  return `{${min}${m[2] === undefined ? '' : `,${max}`}}${lazy}`
}

/** The index of the `)` closing the group opened at `open` (or of the `(` opening the one closed at `close`), or -1. */
function partner(toks: Tok[], at: number): number {
  const step = toks[at]!.t === 'open' ? 1 : -1
  let depth = 0
  for (let j = at; j >= 0 && j < toks.length; j += step) {
    const t = toks[j]!.t
    if (t === 'open') depth += step
    else if (t === 'close') depth -= step
    if (depth === 0) return j
  }
  return -1
}

/** From an `|` inside a group, the last (`step` 1) or first (-1) token of the group's alternatives. */
function skipAlternatives(toks: Tok[], j: number, step: 1 | -1): number {
  let depth = 0
  for (let k = j + step; k >= 0 && k < toks.length; k += step) {
    const t = toks[k]!.t
    if (depth === 0 && t === (step === 1 ? 'close' : 'open')) return k - step
    if (t === 'open') depth += step
    else if (t === 'close') depth -= step
  }
  return step === 1 ? toks.length - 1 : 0
}

const repeated = (toks: Tok[], close: number) => toks[close + 1]?.t === 'quant'

/**
 * Is nothing consumed after position `i` (only `)`s of groups that are not repeated, `$`, and
 * other alternatives)? 'dollar': the text ends there; 'end': anything may follow; null: no.
 */
function atEnd(toks: Tok[], i: number): 'dollar' | 'end' | null {
  let dollar = false
  for (let j = i + 1; j < toks.length; j++) {
    const tok = toks[j]!
    if (tok.t === 'anchor' && (tok.s === '$' || tok.s === '\\z')) dollar = true
    else if (tok.t === 'close' && !repeated(toks, j)) continue
    else if (tok.t === 'alt') j = skipAlternatives(toks, j, 1)
    else return null
  }
  return dollar ? 'dollar' : 'end'
}

/** Is nothing consumed before position `i`? 'caret': the text starts there; 'start': anything may come before; null: no. */
function atStart(toks: Tok[], i: number): 'caret' | 'start' | null {
  for (let j = i - 1; j >= 0; j--) {
    const tok = toks[j]!
    if (tok.t === 'anchor' && (tok.s === '^' || tok.s === '\\A')) return 'caret'
    if (tok.t === 'open' && !repeated(toks, partner(toks, j))) continue
    if (tok.t === 'alt') j = skipAlternatives(toks, j, -1)
    else return null
  }
  return 'start'
}

/** The one character a token stands for (a literal, an escaped punctuation, \x{…}), or null. */
function literalOf(tok: Tok | undefined): string | null {
  if (tok?.t !== 'atom') return null
  const hex = /^\\x\{([0-9A-Fa-f]+)\}$/.exec(tok.s) ?? /^\\x([0-9A-Fa-f]{2})$/.exec(tok.s)
  if (hex) return String.fromCodePoint(parseInt(hex[1]!, 16))
  if (/^\\[^\p{L}\p{N}]$/u.test(tok.s)) return tok.s.slice(1)
  return /^[^\\[.]$/u.test(tok.s) ? tok.s : null
}
const isWord = (c: string) => /^[\p{L}\p{M}\p{N}_]$/u.test(c)

const NEVER = '[^\\x{0}-\\x{10FFFF}]'

/**
 * A \b or \B next to a group takes the group's place at each alternative's start (before the
 * group: \b(hi|hello) is (\bhi|\bhello)) or end (after it, at the expression's end), where the
 * character beside it is known. Not into a repeated group or one with an empty alternative.
 */
function distribute(toks: Tok[], i: number): boolean {
  const forward = toks[i + 1]?.t === 'open'
  if (!forward && !(toks[i - 1]?.t === 'close' && atEnd(toks, i))) return false
  const open = forward ? i + 1 : partner(toks, i - 1)
  const close = forward ? partner(toks, i + 1) : i - 1
  if (open < 0 || close < 0 || repeated(toks, close)) return false
  const alts = [open]
  for (let j = open + 1; j < close; j++) {
    if (toks[j]!.t === 'open') j = partner(toks, j)
    else if (toks[j]!.t === 'alt') alts.push(j)
  }
  alts.push(close)
  if (alts.some((a, k) => k > 0 && alts[k - 1] === a - 1)) return false // an empty alternative
  const at = forward ? alts.slice(0, -1).map((a) => a + 1) : alts.slice(1)
  const boundary = toks[i]!
  toks.splice(i, 1)
  for (const a of at.reverse()) toks.splice(forward ? a - 1 : a, 0, { ...boundary })
  return true
}

/** The engine's form of the boundary at `i`, or null to keep RE2's own (ASCII) \b. */
function boundaryAt(toks: Tok[], i: number): { s: string; lookbehind?: boolean; consumed?: number } | null {
  const want = toks[i]!.t === 'b' // true: a boundary; false: \B
  const is = (boundary: boolean) => ({ s: boundary === want ? '' : NEVER })
  // Whether the character across from a known one must be a word character.
  const across = (known: boolean) => (want ? !known : known)
  const prev = literalOf(toks[i - 1])
  const nextTok = toks[i + 1]
  const quant = toks[i + 2]?.t === 'quant' ? toks[i + 2]!.s : null
  const nextOk = nextTok?.t === 'atom' && (quant === null || lessOne(quant) !== null)
  const next = nextOk ? literalOf(nextTok) : null
  if (prev !== null && next !== null) return is(isWord(prev) !== isWord(next))

  const end = atEnd(toks, i)
  if (end && prev !== null) {
    if (end === 'dollar') return is(isWord(prev))
    return { s: across(isWord(prev)) ? WORD_CLASS : `(?:${NON_WORD_CLASS}|$)` }
  }
  if (end) return { s: atTheEnd(want, end), lookbehind: true }
  if (next !== null) {
    const start = atStart(toks, i)
    if (start === 'caret') return is(isWord(next))
    const word = across(isWord(next))
    if (start === 'start') return { s: word ? WORD_CLASS : `(?:^|${NON_WORD_CLASS})` }
    return { s: word ? AFTER_WORD : AFTER_NON_WORD, lookbehind: true }
  }
  if (!nextOk) return null
  const atom = nextTok.s
  return { s: guarded(want, atom) + (quant ? atom + lessOne(quant)! : ''), lookbehind: true, consumed: quant ? 2 : 1 }
}

/** A boundary (`want`) or non-boundary around one consumed character `atom`, checked after it. */
function guarded(want: boolean, atom: string): string {
  const [same, other] = want ? [AFTER_WORD, AFTER_NON_WORD] : [AFTER_NON_WORD, AFTER_WORD]
  return `(?:${AFTER_NON_WORD}(?:${atom})${same}|${AFTER_WORD}(?:${atom})${other})`
}

/** At the end, the character before unknown: checked by a lookbehind; the one after consumed. */
function atTheEnd(want: boolean, end: 'dollar' | 'end'): string {
  if (end === 'dollar') return want ? AFTER_WORD : AFTER_NON_WORD
  return want
    ? `(?:${AFTER_WORD}(?:${NON_WORD_CLASS}|$)|${AFTER_NON_WORD}${WORD_CLASS})`
    : `(?:${AFTER_WORD}${WORD_CLASS}|${AFTER_NON_WORD}(?:${NON_WORD_CLASS}|$))`
}

/**
 * RE2 syntax for `pattern`; `lookbehinds`: the rewrite of \b used some (the engine must be told;
 * they run on its slower NFA, so the common places, a known character beside the boundary at
 * the start or end, do without). Throws RegexSyntaxError for what RE2 cannot run, in words;
 * other errors are the engine's.
 */
export function toEngineSyntax(pattern: string): { source: string; lookbehinds: boolean } {
  const toks = tokenize(pattern)
  for (let i = 0; i < toks.length; i++) {
    if ((toks[i]!.t === 'b' || toks[i]!.t === 'B') && literalOf(toks[i + 1]) === null && distribute(toks, i)) i = -1 // read again
  }
  let out = ''
  let lookbehinds = false
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i]!
    const b = tok.t === 'b' || tok.t === 'B' ? boundaryAt(toks, i) : null
    out += b ? b.s : tok.s
    lookbehinds ||= !!b?.lookbehind
    i += b?.consumed ?? 0
  }
  return { source: out, lookbehinds }
}
