import { compileRegex, compileWordList, type SafePattern } from '../../text/safe-pattern'
import { foldText } from './fold'
import { filterKinds, type FilterKind, type FilterSettings, type ModerationSettings } from './settings'

/**
 * The spam filters, compiled once per settings change and run on every chat line before the
 * commands: each a pure function of the line (and, for "the same message again", the
 * viewer's previous line). Banned terms are one RE2 alternation (linear time whatever the
 * terms and the message), the power users' patterns each one RE2 program.
 */

/** One line as the filters see it. */
export interface ScreenedLine {
  userId: string
  text: string
  /** Emotes in the line, from the platform's message fragments (0 when it does not say). */
  emotes: number
  /** The viewer's previous line and when (scheduler ms), for "the same message again". */
  previous?: { text: string; at: number } | null
  at: number
}

export interface Hit {
  filter: FilterKind
  /** What tripped the filter, for the log (a term, a domain, a count); never the whole message. */
  detail: string
}

export interface CompiledFilters {
  readonly settings: ModerationSettings
  /** The first filter (in filterKinds order) the line trips, or null; `skip`: filters the viewer is exempt from. */
  check(line: ScreenedLine, opts?: { skip?: (kind: FilterKind) => boolean }): Hit | null
}

/** Every term costs about its length in RE2 instructions; 500 terms of 100 characters stay within this. */
const TERMS_PROGRAM_BUDGET = 120_000

/** Common top-level domains: a bare "word.word" is a link only with one of these (not "end.then"). */
const TLDS = new Set(
  (
    'com net org io gg tv me co uk de fr pt br ru xyz info biz ly link app dev site online shop store club live stream top us ca eu nl pl es it be ' +
    'ch at au in jp cn kr to cc ws fm sh ai gl gd tk ml ga cf gq pw su ua cz se no fi dk ie nz mx ar cl icu vip fun win bid click buzz ' +
    'today social media chat games game page space website tech cloud pro mobi name tel travel news blog email host art bet'
  ).split(' '),
)

/** "example . com", "example(dot)com", "example[.]com", "example dot com" → "example.com". */
function undisguiseDots(folded: string): string {
  return folded.replace(/ ?[([{<] ?(?:dot|\.) ?[)\]}>] ?| dot | \. /gu, '.')
}

/** The host of each link-like token (a URL, www.…, or a bare domain with a known TLD). */
export function findHosts(folded: string): string[] {
  const hosts: string[] = []
  for (const token of undisguiseDots(folded).split(/[\s"'<>()[\]{}|,;!?]+/u)) {
    if (!token.includes('.')) continue
    const scheme = /^[a-z][a-z0-9+.-]*:\/\//.exec(token)
    const rest = scheme ? token.slice(scheme[0].length) : token
    const host = rest
      .split(/[/:?#]/u)[0]!
      .replace(/^[^a-z0-9]+|[^a-z0-9]+$/gu, '')
      .replace(/^www\./u, '')
    const labels = host.split('.')
    if (labels.length < 2 || labels.some((l) => !/^[\p{L}\p{N}-]+$/u.test(l))) continue
    const tld = labels[labels.length - 1]!
    if (scheme || token.startsWith('www.') || TLDS.has(tld) || tld.startsWith('xn--')) hosts.push(host)
  }
  return hosts
}

const allowed = (host: string, domains: readonly string[]) => domains.some((d) => host === d || host.endsWith(`.${d}`))

/** Combining marks in stacks of three or more (zalgo); a single accent or a script's vowel sign is not. */
function stackedMarks(text: string): number {
  let total = 0
  for (const run of text.normalize('NFD').match(/\p{M}{3,}/gu) ?? []) total += run.length
  return total
}

function capsShare(text: string, minLength: number): number | null {
  const upper = (text.match(/\p{Lu}/gu) ?? []).length
  const lower = (text.match(/\p{Ll}/gu) ?? []).length
  if (upper + lower < minLength) return null
  return Math.round((upper / (upper + lower)) * 100)
}

function symbolShare(text: string, minLength: number): number | null {
  const chars = [...text.replace(/\s+/gu, '')]
  if (chars.length < minLength) return null
  const symbols = chars.filter((c) => !/[\p{L}\p{M}\p{N}\p{Extended_Pictographic}]/u.test(c) && c !== '\u200D' && c !== '\uFE0F').length
  return Math.round((symbols / chars.length) * 100)
}

function longestRun(text: string): number {
  let best = 0
  let run = 0
  let prev = ''
  for (const c of text) {
    run = c === prev && !/\s/u.test(c) ? run + 1 : 1
    prev = c
    if (run > best) best = run
  }
  return best
}

function mostRepeatedWord(folded: string): { word: string; count: number } {
  const counts = new Map<string, number>()
  let top = { word: '', count: 0 }
  for (const w of folded.split(' ')) {
    if (!w) continue
    const n = (counts.get(w) ?? 0) + 1
    counts.set(w, n)
    if (n > top.count) top = { word: w, count: n }
  }
  return top
}

type Check = (line: ScreenedLine, folded: string) => string | null

function checks(s: ModerationSettings, terms: SafePattern | null, patterns: SafePattern[]): Record<FilterKind, Check> {
  const f = s.filters
  return {
    length: (l) => (l.text.length > f.length.max ? `${l.text.length} characters` : null),
    zalgo: (l) => {
      const n = stackedMarks(l.text)
      return n > f.zalgo.maxMarks ? `${n} stacked marks` : null
    },
    caps: (l) => {
      const share = capsShare(l.text, f.caps.minLength)
      return share !== null && share >= f.caps.percent ? `${share}% capitals` : null
    },
    symbols: (l) => {
      const share = symbolShare(l.text, f.symbols.minLength)
      return share !== null && share >= f.symbols.percent ? `${share}% symbols` : null
    },
    emotes: (l) => (l.emotes > f.emotes.max ? `${l.emotes} emotes` : null),
    repetition: (l, folded) => {
      const run = longestRun(l.text)
      if (run > f.repetition.maxCharRun) return `a character ${run} times`
      const top = mostRepeatedWord(folded)
      if (top.count > f.repetition.maxWordRepeats) return `"${top.word.slice(0, 30)}" ${top.count} times`
      const prev = l.previous
      const window = f.repetition.sameMessageSeconds * 1000
      if (window > 0 && prev && l.at - prev.at <= window && foldText(prev.text) === folded) return 'the same message again'
      return null
    },
    links: (_l, folded) => {
      const host = findHosts(folded).find((h) => !allowed(h, f.links.allowedDomains))
      return host ? host.slice(0, 60) : null
    },
    terms: (_l, folded) => {
      if (terms?.test(folded)) return 'a banned term'
      const p = patterns.find((x) => x.test(folded))
      return p ? `pattern ${p.pattern.slice(0, 60)}` : null
    },
  }
}

/** Compiles the banned terms (folded like the text) into one alternation; a refused pattern throws its coded error. */
export function compileTerms(s: FilterSettings<'terms'>): { terms: SafePattern | null; patterns: SafePattern[] } {
  const terms = compileWordList(
    s.terms.map((t) => foldText(t)),
    { maxProgramSize: TERMS_PROGRAM_BUDGET },
  )
  const patterns = s.patterns.map((p) => compileRegex(p))
  // RE2's first match after compiling builds its tables (tens of ms for 200 terms): pay it here,
  // when the settings change, not on the first chat line.
  for (const p of [terms, ...patterns]) p?.test('warm up é я 中 1.')
  return { terms, patterns }
}

/** A Latin-1 line and a wider one (full-width, Cyrillic, CJK, stacked marks, an emoji). */
const WARM_UP_LINES = ['Warm up, 1 ok! x.x www.example.com', 'Ｗａｒｍ ｕｐ я 中 é\u0301\u0302\u0303 😀 ok! ｆｒｅｅ']

export function compileFilters(settings: ModerationSettings): CompiledFilters {
  const { terms, patterns } = compileTerms(settings.filters.terms)
  const all = checks(settings, terms, patterns)
  // V8 compiles a regular expression on its first use, and again for the first text outside
  // Latin-1; with Unicode property classes (marks, capitals, symbols) that is up to a millisecond
  // each. Every check runs here once on each kind of text, so that the first viewer's line after
  // a start or a settings change does not pay it (a first full-width line cost 2.3 ms).
  for (const text of WARM_UP_LINES) for (const kind of filterKinds) all[kind]({ userId: '', text, emotes: 0, at: 0 }, foldText(text))
  const active = filterKinds.filter((k) => settings.filters[k].enabled)
  return {
    settings,
    check(line, opts = {}) {
      if (!settings.enabled) return null
      let folded: string | null = null
      for (const kind of active) {
        if (opts.skip?.(kind)) continue
        folded ??= foldText(line.text)
        const detail = all[kind](line, folded)
        if (detail) return { filter: kind, detail }
      }
      return null
    },
  }
}
