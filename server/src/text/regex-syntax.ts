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
 *   README says so.
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

/** The index of the `)` closing the group opened at `open`, or -1. */
function closing(toks: Tok[], open: number): number {
  let depth = 0
  for (let j = open; j < toks.length; j++) {
    if (toks[j]!.t === 'open') depth++
    else if (toks[j]!.t === 'close' && --depth === 0) return j
  }
  return -1
}

/**
 * Is nothing consumed after position `i` (only `)`s without a quantifier, `$`, and other
 * alternatives)? 'dollar': the text must end there; 'end': anything may follow; null: something
 * is consumed after it.
 */
function atEnd(toks: Tok[], i: number): 'dollar' | 'end' | null {
  let dollar = false
  for (let j = i + 1; j < toks.length; j++) {
    const tok = toks[j]!
    if (tok.t === 'anchor' && (tok.s === '$' || tok.s === '\\z')) dollar = true
    else if (tok.t === 'close' && toks[j + 1]?.t !== 'quant') continue
    else if (tok.t === 'alt') {
      // The other alternatives of this group come not after it: go on from the group's end.
      let depth = 0
      while (j + 1 < toks.length && !(toks[j + 1]!.t === 'close' && depth === 0)) {
        const t = toks[++j]!.t
        if (t === 'open') depth++
        else if (t === 'close') depth--
      }
    } else return null
  }
  return dollar ? 'dollar' : 'end'
}

/** A boundary (`b`) or non-boundary (`B`) around one consumed character `atom`, checked after it. */
function guarded(kind: 'b' | 'B', atom: string): string {
  const [same, other] = kind === 'b' ? [AFTER_WORD, AFTER_NON_WORD] : [AFTER_NON_WORD, AFTER_WORD]
  return `(?:${AFTER_NON_WORD}(?:${atom})${same}|${AFTER_WORD}(?:${atom})${other})`
}

function atTheEnd(kind: 'b' | 'B', end: 'dollar' | 'end'): string {
  if (end === 'dollar') return kind === 'b' ? AFTER_WORD : AFTER_NON_WORD
  return kind === 'b'
    ? `(?:${AFTER_WORD}(?:${NON_WORD_CLASS}|$)|${AFTER_NON_WORD}${WORD_CLASS})`
    : `(?:${AFTER_WORD}${WORD_CLASS}|${AFTER_NON_WORD}(?:${NON_WORD_CLASS}|$))`
}

/**
 * RE2 syntax for `pattern`; `lookbehinds`: the rewrite of \b used some (the engine must be told).
 * Throws RegexSyntaxError for what RE2 cannot run, in words; other errors are the engine's.
 */
export function toEngineSyntax(pattern: string): { source: string; lookbehinds: boolean } {
  const toks = tokenize(pattern)
  let out = ''
  let lookbehinds = false
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i]!
    if (tok.t !== 'b' && tok.t !== 'B') {
      out += tok.s
      continue
    }
    const next = toks[i + 1]
    const end = atEnd(toks, i)
    if (end) {
      out += atTheEnd(tok.t, end)
      lookbehinds = true
    } else if (next?.t === 'atom' && toks[i + 2]?.t !== 'quant') {
      out += guarded(tok.t, next.s)
      lookbehinds = true
      i++
    } else if (next?.t === 'atom' && lessOne(toks[i + 2]!.s) !== null) {
      out += guarded(tok.t, next.s) + next.s + lessOne(toks[i + 2]!.s)!
      lookbehinds = true
      i += 2
    } else if (next?.t === 'open' && distribute(toks, i)) {
      out += toks[i]!.s // the group's opening; the boundary now starts each of its alternatives
    } else out += tok.s // RE2's own (ASCII) boundary
  }
  return { source: out, lookbehinds }
}

/**
 * \b before a group that is not repeated and has no empty alternative: the same boundary at
 * the start of each alternative (\b(hi|hello) is (\bhi|\bhello)). Rewrites `toks` in place.
 */
function distribute(toks: Tok[], i: number): boolean {
  const open = i + 1
  const close = closing(toks, open)
  if (close < 0 || toks[close + 1]?.t === 'quant') return false
  const starts = [open + 1]
  let depth = 0
  for (let j = open + 1; j < close; j++) {
    const t = toks[j]!.t
    if (t === 'open') depth++
    else if (t === 'close') depth--
    else if (t === 'alt' && depth === 0) starts.push(j + 1)
  }
  if (starts.some((s) => toks[s]!.t === 'alt' || toks[s]!.t === 'close')) return false
  const boundary = toks[i]!
  for (const s of starts.reverse()) toks.splice(s, 0, { ...boundary })
  toks.splice(i, 1)
  return true
}
