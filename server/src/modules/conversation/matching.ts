import type { ChatRole } from '../../platforms/types'
import { permits } from '../commands/permission'
import type { ConversationRuleRow, RuleKind } from './conversation.tables'

/** The longest keyword, phrase or regular expression a rule may have. */
export const MAX_PATTERN_LENGTH = 200

/** Unicode-normalised (NFKC: full-width letters, ligatures) and lower-cased, whitespace collapsed. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim()
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
/** Letters, marks and digits of any script: a keyword never matches inside another word. */
const WORD = '[\\p{L}\\p{M}\\p{N}_]'

const BOUNDARY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`

/** JavaScript's \b knows only ASCII letters; outside character classes it becomes a boundary of any script's words. */
export function unicodeBoundaries(pattern: string): string {
  let out = ''
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!
    if (ch === '\\') {
      const next = pattern[i + 1] ?? ''
      out += !inClass && next === 'b' ? BOUNDARY : ch + next
      i++
      continue
    }
    if (ch === '[') inClass = true
    else if (ch === ']') inClass = false
    out += ch
  }
  return out
}

/** The compiled form of a rule's pattern (keyword and phrase: whole words, any case, any script). */
export function compilePattern(kind: RuleKind, pattern: string): RegExp {
  if (kind === 'regex') return new RegExp(unicodeBoundaries(pattern), 'iu')
  const words = normalize(pattern).split(' ').map(escape).join('\\s+')
  return new RegExp(`(?<!${WORD})${words}(?!${WORD})`, 'iu')
}

/** Does the message contain the rule's keyword, phrase or expression? */
export function matchesRule(rule: Pick<ConversationRuleRow, 'kind' | 'pattern'>, message: string, compiled = compilePattern(rule.kind, rule.pattern)): boolean {
  return compiled.test(normalize(message))
}

// ---------------------------------------------------------------------------------------
// Regular-expression safety: a small parser of JavaScript regex syntax that refuses the
// shapes that make a backtracking engine take exponential time: a repeated group that itself
// contains a repetition ((a+)+, (\w+\s?)*), a repeated group whose alternatives can start with
// the same character ((a|ab)*, (\w|\d)+) or can be empty, and back-references.

type Node =
  | { t: 'char'; c: string; q?: Quant }
  | { t: 'wide'; q?: Quant }
  | { t: 'anchor'; q?: Quant }
  | { t: 'group'; alts: Node[][]; q?: Quant }
interface Quant {
  min: number
  max: number
}

export class RegexUnsafe extends Error {}

function parse(src: string): Node[][] {
  let i = 0
  const quant = (): Quant | undefined => {
    const ch = src[i]
    let q: Quant | undefined
    if (ch === '*') q = { min: 0, max: Infinity }
    else if (ch === '+') q = { min: 1, max: Infinity }
    else if (ch === '?') q = { min: 0, max: 1 }
    else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i))
      if (!m) return undefined
      const min = Number(m[1])
      const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3])
      i += m[0].length - 1
      q = { min, max }
    }
    if (!q) return undefined
    i++
    if (src[i] === '?') i++ // lazy: the same backtracking
    return q
  }
  const alternatives = (): Node[][] => {
    const alts: Node[][] = [[]]
    while (i < src.length) {
      const ch = src[i]!
      let node: Node | undefined
      if (ch === ')') return alts
      if (ch === '|') {
        alts.push([])
        i++
        continue
      }
      if (ch === '(') {
        i++
        if (src[i] === '?') {
          const m = /^\?(:|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(src.slice(i))
          if (!m) throw new RegexUnsafe('Unknown group syntax')
          i += m[0].length
        }
        const inner = alternatives()
        if (src[i] !== ')') throw new RegexUnsafe('A group is not closed')
        i++
        node = { t: 'group', alts: inner }
      } else if (ch === '[') {
        i++
        if (src[i] === '^') i++
        if (src[i] === ']') i++
        while (i < src.length && src[i] !== ']') i += src[i] === '\\' ? 2 : 1
        i++
        node = { t: 'wide' }
      } else if (ch === '\\') {
        const e = src[i + 1] ?? ''
        if (/[1-9]/.test(e) || e === 'k') throw new RegexUnsafe('Back-references are not allowed')
        if (e === 'p' || e === 'P') {
          const close = src.indexOf('}', i)
          i = close < 0 ? src.length : close + 1
          node = { t: 'wide' }
        } else if (e === 'u' && src[i + 2] === '{') {
          const close = src.indexOf('}', i)
          node = { t: 'char', c: String.fromCodePoint(parseInt(src.slice(i + 3, close), 16) || 0).toLowerCase() }
          i = close < 0 ? src.length : close + 1
        } else {
          i += 2
          if ('dDwWsS'.includes(e)) node = { t: 'wide' }
          else if ('bB'.includes(e)) node = { t: 'anchor' }
          else node = { t: 'char', c: e.toLowerCase() }
        }
      } else if (ch === '.') {
        i++
        node = { t: 'wide' }
      } else if (ch === '^' || ch === '$') {
        i++
        node = { t: 'anchor' }
      } else {
        const cp = src.codePointAt(i)!
        const c = String.fromCodePoint(cp)
        i += c.length
        node = { t: 'char', c: c.toLowerCase() }
      }
      const q = quant()
      if (q) node.q = q
      alts[alts.length - 1]!.push(node)
    }
    return alts
  }
  const top = alternatives()
  if (i < src.length) throw new RegexUnsafe('Unbalanced parenthesis')
  return top
}

const WIDE = '\u0000wide'
const repeats = (q?: Quant) => q !== undefined && q.max > 1
const optional = (n: Node) => (n.q?.min ?? 1) === 0 || n.t === 'anchor' || (n.t === 'group' && n.alts.some((a) => a.every(optional)))

/** The characters an alternative can start with (WIDE: a class, any of many). */
function firsts(seq: Node[]): Set<string> {
  const out = new Set<string>()
  for (const n of seq) {
    if (n.t === 'char') out.add(n.c)
    else if (n.t === 'wide') out.add(WIDE)
    else if (n.t === 'group') for (const a of n.alts) for (const c of firsts(a)) out.add(c)
    if (!optional(n)) break
  }
  return out
}

const overlaps = (a: Set<string>, b: Set<string>) =>
  (a.has(WIDE) && b.size > 0) || (b.has(WIDE) && a.size > 0) || [...a].some((c) => b.has(c))

function containsRepeat(alts: Node[][]): boolean {
  return alts.some((seq) => seq.some((n) => repeats(n.q) || (n.t === 'group' && containsRepeat(n.alts))))
}

function check(alts: Node[][]) {
  for (const seq of alts) {
    for (const n of seq) {
      if (n.t !== 'group') continue
      if (n.q && n.q.max === Infinity) {
        if (containsRepeat(n.alts)) throw new RegexUnsafe('A repeated group contains another repetition (nested quantifiers)')
        if (n.alts.length > 1 && n.alts.some((a) => a.every(optional))) throw new RegexUnsafe('A repeated group has an alternative that can be empty')
        const f = n.alts.map(firsts)
        for (let x = 0; x < f.length; x++)
          for (let y = x + 1; y < f.length; y++)
            if (overlaps(f[x]!, f[y]!)) throw new RegexUnsafe('A repeated group has alternatives that can start alike (ambiguous alternation)')
      }
      check(n.alts)
    }
  }
}

/** Why a rule's pattern cannot be saved; null when it is fine. `unsafe` marks catastrophic-backtracking shapes. */
export function patternProblem(kind: RuleKind, pattern: string): { message: string; unsafe: boolean } | null {
  const p = pattern.trim()
  if (!p) return { message: 'The pattern is empty', unsafe: false }
  if (pattern.length > MAX_PATTERN_LENGTH) return { message: `A pattern has at most ${MAX_PATTERN_LENGTH} characters`, unsafe: false }
  if (kind === 'keyword' && /\s/u.test(p)) return { message: 'A keyword is one word; use a phrase for several', unsafe: false }
  if (kind !== 'regex') return null
  try {
    new RegExp(pattern, 'iu')
  } catch (e) {
    return { message: `Not a valid regular expression: ${(e as Error).message}`, unsafe: false }
  }
  try {
    check(parse(pattern))
  } catch (e) {
    if (e instanceof RegexUnsafe) return { message: `The expression could take very long on some messages: ${e.message}`, unsafe: true }
    throw e
  }
  return null
}

/** Per-rule cooldowns (anyone, and per viewer), in memory per channel like the commands' ones. */
export class Cooldowns {
  private readonly last = new Map<string, number>()

  /** Is the rule free for this viewer at `t`? When it is, takes it (starts both cooldowns). */
  take(rule: Pick<ConversationRuleRow, 'id' | 'cooldownSeconds' | 'userCooldownSeconds'>, viewerId: string, t: number): boolean {
    const any = `c:${rule.id}`
    const mine = `u:${rule.id}:${viewerId}`
    const lastAny = this.last.get(any)
    const lastMine = this.last.get(mine)
    if (lastAny !== undefined && t - lastAny < rule.cooldownSeconds * 1000) return false
    if (lastMine !== undefined && t - lastMine < rule.userCooldownSeconds * 1000) return false
    if (this.last.size > 10_000) this.last.clear()
    this.last.set(any, t)
    if (rule.userCooldownSeconds > 0) this.last.set(mine, t)
    return true
  }
}

export interface CompiledRule {
  rule: ConversationRuleRow
  re: RegExp
}

/** Enabled rules, highest priority first (then oldest first), compiled once. */
export function compileRules(rules: ConversationRuleRow[]): CompiledRule[] {
  return rules
    .filter((r) => r.enabled)
    .sort((a, b) => b.priority - a.priority || a.id - b.id)
    .flatMap((rule) => {
      try {
        return [{ rule, re: compilePattern(rule.kind, rule.pattern) }]
      } catch {
        return [] // validated when saved; never fail a whole channel over one row
      }
    })
}

/**
 * The rule that decides for this message: the highest-priority matching rule the viewer may
 * trigger. `rule` null: none matched (the model may be asked). `answer` false: it matched but
 * is cooling down (silence, and the model is not asked).
 */
export function decide(
  rules: CompiledRule[],
  message: string,
  viewer: { id: string; roles: ChatRole[] },
  cooldowns: Cooldowns,
  t: number,
): { rule: ConversationRuleRow | null; answer: boolean } {
  const text = normalize(message)
  for (const { rule, re } of rules) {
    if (!re.test(text)) continue
    if (!permits(viewer.roles, rule.permission)) continue
    return { rule, answer: cooldowns.take(rule, viewer.id, t) }
  }
  return { rule: null, answer: false }
}

/** Is the message addressed to the bot (mentions its login or display name, with or without @)? */
export function addressedTo(message: string, names: string[]): boolean {
  const text = normalize(message)
  return names
    .map((n) => normalize(n).replace(/^@/, ''))
    .filter(Boolean)
    .some((n) => new RegExp(`(?<!${WORD})@?${escape(n)}(?!${WORD})`, 'iu').test(text))
}
