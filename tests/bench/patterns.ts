/**
 * The conversation matcher's cost per chat line on the linear-time engine (RE2, re2js):
 *   npm run bench:patterns [-- --rounds 2000]
 * 20 rules (keywords, phrases, ordinary expressions and the shapes that froze the server on a
 * backtracking engine) against ordinary lines and hostile ones (long repetitions, 500 characters
 * of mixed scripts). Every rule is tried for every line (the rules are for the broadcaster, the
 * viewer is none: a match does not end the search) and the time budget is off, so the figures
 * are the full cost of a line; the
 * budget (MATCH_BUDGET_MS) is printed beside them. Prints the median and p99 per line for each
 * kind of input, after a warm-up (the engine builds its DFA states lazily). Figures only.
 */
import type { ConversationRuleRow } from '../../server/src/modules/conversation/conversation.tables'
import { compileRules, Cooldowns, decide, MATCH_BUDGET_MS } from '../../server/src/modules/conversation/matching'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const rounds = arg('rounds', 2000)

const patterns: [ConversationRuleRow['kind'], string][] = [
  ['keyword', 'discord'],
  ['keyword', 'Kappa'],
  ['keyword', 'привет'],
  ['keyword', '🎉'],
  ['phrase', 'what game'],
  ['phrase', 'when is the stream'],
  ['phrase', 'hype 🔥 train'],
  ['regex', '^(hi|hallo|привет)\\b'],
  ['regex', '\\bwhen\\s+stream\\b'],
  ['regex', '(\\d{1,3}\\.){3}\\d{1,3}'],
  ['regex', '\\p{L}+ ?schedule'],
  ['regex', '\\b(?:[a-z]+\\.)+(?:com|net|gg)\\b'],
  // Catastrophic on a backtracking engine.
  ['regex', '^(?:a+){1,40}$'],
  ['regex', '\\w*\\w*\\w*\\w*\\w*\\w*!'],
  ['regex', '(a+)+$'],
  ['regex', '(x+x+)+y'],
  ['regex', '(a|ab)*c'],
  ['regex', '(.*a){1,}z'],
  ['regex', '(\\w+\\s?)+\\?$'],
  ['regex', '(?:\\p{L}{1,10}\\s?){1,30}#'],
]

let id = 0
const rules = compileRules(
  patterns.map(([kind, pattern]) => ({
    id: ++id,
    channelId: 1,
    kind,
    pattern,
    answer: 'x',
    priority: 0,
    cooldownSeconds: 0,
    userCooldownSeconds: 0,
    permission: 'broadcaster',
    enabled: true,
    useCount: 0,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  })),
  (r, problem) => console.error(`rule ${r.pattern} refused: ${problem}`),
)

const mixed = () => {
  const parts = ['Hallo zusammen ', 'привет всем ', 'こんにちは ', 'مرحبا ', 'olá pessoal ', '🎉🔥 ', 'ＤＩＳＣＯＲＤ ', 'straße ', 'ελληνικά ']
  let s = ''
  for (let i = 0; s.length < 500; i++) s += parts[i % parts.length]
  return s.slice(0, 500)
}
const inputs: [string, string][] = [
  ['ordinary line', 'hey, what game is this? Kappa'],
  ['500 × "a" + "!"', `${'a'.repeat(499)}!`],
  ['500 × "a"', 'a'.repeat(500)],
  ['250 × "ab"', 'ab'.repeat(250)],
  ['500 × "x"', 'x'.repeat(500)],
  ['words + "?" (500)', `${'word '.repeat(99)}word?`],
  ['500 mixed scripts', mixed()],
]

const budget = { ms: Infinity, clock: () => performance.now() }
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`

console.log(`${rules.length} rules, ${rounds} rounds per input, budget ${MATCH_BUDGET_MS} ms per line (off while measuring)`)
for (const [name, text] of inputs) {
  const viewer = { id: 'v', roles: [] }
  for (let i = 0; i < 50; i++) decide(rules, text, viewer, new Cooldowns(), 0, budget)
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now()
    decide(rules, text, viewer, new Cooldowns(), 0, budget)
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  console.log(
    `${name.padEnd(20)} median ${us(quantile(times, 0.5)).padStart(9)}   p99 ${us(quantile(times, 0.99)).padStart(9)}   max ${us(times.at(-1)!).padStart(9)}`,
  )
}
