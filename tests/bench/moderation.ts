/**
 * Auto-moderation's cost on the bot's hot path (issue 30):
 *   npm run bench:moderation [-- --messages 20000]
 * Every filter on, 200 banned terms (some with * wildcards, some phrases) and 20 patterns:
 * the median and p99 time per ordinary chat line, the slowest of a set of adversarial lines
 * (long repetitions, 500 characters of mixed scripts, near-misses of the terms, zalgo), the
 * compile time of the settings, and lines per second through the filters (one core).
 * Prints figures only; bounded in count, stops by itself.
 */
import { loadavg } from 'node:os'
import { compileFilters, type ScreenedLine } from '../../server/src/modules/moderation/filters'
import { defaultSettings } from '../../server/src/modules/moderation/settings'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const messages = arg('messages', 20_000)

let seed = 42
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!
const letters = 'abcdefghijklmnopqrstuvwxyz'
const word = (n: number) => Array.from({ length: n }, () => pick([...letters])).join('')

const settings = defaultSettings()
settings.enabled = true
for (const f of Object.values(settings.filters)) f.enabled = true
settings.filters.terms.terms = Array.from({ length: 200 }, (_, i) => (i % 10 === 0 ? `${word(5)}*` : i % 7 === 0 ? `${word(4)} ${word(6)}` : word(4 + (i % 6))))
settings.filters.terms.patterns = Array.from({ length: 20 }, (_, i) => `${word(3)}[0-9]{${1 + (i % 3)},4}(?:${word(3)}|${word(4)})`)
settings.filters.links.allowedDomains = ['twitch.tv', 'youtube.com']

const t0 = performance.now()
const filters = compileFilters(settings)
const compileMs = performance.now() - t0

const vocabulary = [
  'hello',
  'gg',
  'lol',
  'nice',
  'play',
  'what',
  'is',
  'this',
  'game',
  'chat',
  'stream',
  'love',
  'it',
  'pog',
  'when',
  'next',
  'boss',
  'the',
  'a',
  'wow',
]
const ordinary = () => {
  const n = 2 + Math.floor(rnd() * 14)
  const ws = Array.from({ length: n }, () => (rnd() < 0.05 ? pick(settings.filters.terms.terms).replace('*', 'x') : pick(vocabulary)))
  if (rnd() < 0.03) ws.push('see twitch.tv/someone')
  if (rnd() < 0.02) ws.push('visit spam-site.com')
  return ws.join(' ')
}
const adversarial = [
  'a'.repeat(500),
  'ab'.repeat(250),
  `${'ｆｒｅｅ '.repeat(60)}`,
  Array.from({ length: 500 }, (_, i) => ['a', 'я', 'ж', 'ع', '中', 'ß', 'é', ' ', '.', '😀'][i % 10]).join(''),
  settings.filters.terms.terms
    .slice(0, 60)
    .map((t) => t.replace('*', '').slice(0, -1))
    .join(' ')
    .slice(0, 500),
  `h${'\u0301\u0302\u0303'.repeat(150)}`,
  'x.'.repeat(250),
  `${'(dot) '.repeat(80)}`,
  `${'a1'.repeat(240)}zzzz`,
  `${word(3)}${'9'.repeat(490)}`,
]

const line = (text: string, i: number): ScreenedLine => ({ userId: String(i % 500), text, emotes: 0, at: i * 100 })
const corpus = Array.from({ length: messages }, ordinary)
for (let i = 0; i < 2000; i++) filters.check(line(corpus[i % corpus.length]!, i)) // warm up

const times: number[] = []
let hits = 0
const start = performance.now()
for (let i = 0; i < corpus.length; i++) {
  const a = performance.now()
  if (filters.check(line(corpus[i]!, i))) hits++
  times.push(performance.now() - a)
}
const total = performance.now() - start
times.sort((a, b) => a - b)
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!

// Each adversarial line 20 times: the slowest run, and the median of each line's runs (the
// slowest run is often the machine, shared with other work, not the line).
let worst = 0
let worstMedian = 0
for (const text of adversarial) {
  const runs: number[] = []
  for (let r = 0; r < 20; r++) {
    const a = performance.now()
    filters.check(line(text, r))
    runs.push(performance.now() - a)
  }
  if (process.env.BENCH_DEBUG) console.log(JSON.stringify(text.slice(0, 20)), runs.map((x) => (x * 1000).toFixed(0)).join(' '))
  runs.sort((a, b) => a - b)
  worst = Math.max(worst, runs[runs.length - 1]!)
  worstMedian = Math.max(worstMedian, runs[10]!)
}

const off = compileFilters({ ...settings, enabled: false })
const offStart = performance.now()
for (let i = 0; i < corpus.length; i++) off.check(line(corpus[i]!, i))
const offTotal = performance.now() - offStart

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`
console.log(
  `moderation filters: every filter on, ${settings.filters.terms.terms.length} terms, ${settings.filters.terms.patterns.length} patterns, ${messages} lines`,
)
console.log(`  machine load average (1 min): ${loadavg()[0]!.toFixed(2)} (shared machine: long tails are often other work)`)
console.log(`  compile the settings:            ${compileMs.toFixed(1)} ms`)
console.log(
  `  per line: median ${us(q(0.5))}, p99 ${us(q(0.99))}, p99.9 ${us(q(0.999))}, max ${us(times[times.length - 1]!)}, mean ${us(total / messages)} (${hits} lines caught)`,
)
console.log(`  adversarial lines (${adversarial.length}, 20 runs each): slowest run ${us(worst)}, slowest line's median ${us(worstMedian)}`)
console.log(`  lines per second through the filters (one core): on ${Math.round(messages / (total / 1000))}, off ${Math.round(messages / (offTotal / 1000))}`)
