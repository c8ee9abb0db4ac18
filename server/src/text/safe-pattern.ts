import { RE2JS, RE2JSException } from 're2js'
import { AppError } from '../errors'
import { NON_WORD_CLASS, RegexSyntaxError, toEngineSyntax, WORD_CLASS } from './regex-syntax'

/**
 * Patterns that people type (conversation rules, banned terms) matched against chat that anyone
 * can write. JavaScript's RegExp backtracks: `^(?:a+){1,40}$` on 28 characters of "a" and a "!"
 * held the whole server for seconds. These run on RE2 (re2js, pure JavaScript): time linear in
 * the text's length whatever the pattern, at the price of back-references and lookarounds.
 * Compile once (a pattern's problem is a coded error), then test many messages.
 */

/** The longest pattern (keyword, phrase, expression, term) a user may save. */
export const MAX_PATTERN_LENGTH = 200
/**
 * RE2's program size (instructions): the cost of each character of text grows with it.
 * `.{1000}` is about 1000; ordinary expressions are under 100.
 */
export const MAX_PROGRAM_SIZE = 1000

export interface SafePattern {
  /** What the user wrote. */
  readonly pattern: string
  /** Does the pattern occur anywhere in `text` (passed through normalizeText)? Linear time. */
  test(text: string): boolean
}

/** Unicode-normalised (NFKC: full-width letters, ligatures) and lower-cased, whitespace collapsed. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim()
}

const invalid = (message: string) => new AppError('BAD_USER_INPUT', message, { pattern: [message] })

function checkLength(pattern: string, maxLength: number) {
  if (!pattern.trim()) throw invalid('The pattern is empty')
  if (pattern.length > maxLength) throw invalid(`A pattern has at most ${maxLength} characters`)
}

/** RE2's words, without its prefix and the case flag this module adds. */
const engineMessage = (e: Error) => e.message.replace(/^error parsing regexp: /, '').replaceAll('(?i)', '')

function compile(pattern: string, source: string, lookbehinds = false, maxProgramSize = MAX_PROGRAM_SIZE): SafePattern {
  let re: RE2JS
  try {
    re = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE | (lookbehinds ? RE2JS.LOOKBEHINDS : 0))
  } catch (e) {
    if (e instanceof RE2JSException) throw invalid(`Not a valid regular expression: ${engineMessage(e)}`)
    throw e
  }
  if (re.programSize() > maxProgramSize) {
    const message = 'The expression is too complex (too many repetitions or alternatives); simplify it'
    throw new AppError('REGEX_UNSAFE', message, { pattern: [message] })
  }
  return { pattern, test: (text) => re.test(text) }
}

/**
 * A regular expression in JavaScript's syntax as far as RE2 has it: classes, \p{…}, groups
 * (also named), alternation, repetition, anchors, \b; any case. Refused (BAD_USER_INPUT):
 * back-references, lookarounds, invalid syntax, over `maxLength`; REGEX_UNSAFE: too complex.
 */
export function compileRegex(pattern: string, opts: { maxLength?: number } = {}): SafePattern {
  checkLength(pattern, opts.maxLength ?? MAX_PATTERN_LENGTH)
  let syntax: ReturnType<typeof toEngineSyntax>
  try {
    syntax = toEngineSyntax(pattern)
  } catch (e) {
    if (e instanceof RegexSyntaxError) throw invalid(e.message)
    throw e
  }
  return compile(pattern, syntax.source, syntax.lookbehinds)
}

/**
 * Words (one or several, any spacing) found as whole words in any script and any case: never
 * inside another word ("discord" is not in "discordant"); emotes and emoji next to punctuation
 * count. `wildcards`: `*` stands for any letters within the word (banned terms: "idiot*").
 * The word edges are consumed characters, not lookarounds (RE2 has none): the same answer for
 * a yes/no test.
 */
export function compileWords(words: string, opts: { wildcards?: boolean; maxLength?: number } = {}): SafePattern {
  checkLength(words, opts.maxLength ?? MAX_PATTERN_LENGTH)
  const literal = (w: string) => (opts.wildcards ? w.split('*').map(RE2JS.quote).join(`${WORD_CLASS}*`) : RE2JS.quote(w))
  const parts = normalizeText(words).split(' ')
  if (opts.wildcards && parts.every((w) => !w.replaceAll('*', ''))) throw invalid('A term needs more than wildcards')
  return compile(words, `(?:^|${NON_WORD_CLASS})${parts.map(literal).join('\\s+')}(?:${NON_WORD_CLASS}|$)`)
}

/**
 * Many word lists (compileWords' terms, each with `*` wildcards) as ONE alternation: one pass
 * over the text whatever the number of terms (banned terms: up to 500 per channel). Terms are
 * taken as given (the caller folds them as it folds the text); `maxProgramSize` bounds the
 * whole (each term costs about its length).
 */
export function compileWordList(terms: readonly string[], opts: { maxProgramSize: number }): SafePattern | null {
  const words = terms.map((t) => t.trim().split(/\s+/)).filter((w) => w.some((p) => p.replaceAll('*', '')))
  if (words.length === 0) return null
  const literal = (w: string) => w.split('*').map(RE2JS.quote).join(`${WORD_CLASS}*`)
  const alternatives = words.map((parts) => parts.map(literal).join('\\s+'))
  return compile(terms.join('\n'), `(?:^|${NON_WORD_CLASS})(?:${alternatives.join('|')})(?:${NON_WORD_CLASS}|$)`, false, opts.maxProgramSize)
}
