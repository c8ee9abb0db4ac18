/**
 * The reply template engine's cost (server/src/modules/commands/template.ts), the one engine of
 * commands, timers and conversation answers:
 *   npm run bench:templates [-- --rounds 20000]
 * Renders, per kind of template, `rounds` times after a warm-up, and prints the median and p99
 * per render and renders per second on one core: the old five variables (what a template of
 * before issue 33 costs now), arguments and defaults, counters and platform values already
 * resolved (a warm cache: no platform call), the longest template with every variable, and a
 * viewer's hostile argument (variables and a /ban inside it, which are neither read nor obeyed).
 * Also the validation (templateIssues) a save pays. Figures only; nothing is asserted.
 */
import { performance } from 'node:perf_hooks'
import { CHAT_COMMAND_VARIABLES, renderTemplate, templateIssues, type TemplateContext } from '../../server/src/modules/commands/template'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const rounds = arg('rounds', 20_000)

const base: TemplateContext = {
  user: 'Viewer_One',
  touser: 'someone',
  count: 41,
  uptimeMs: 3 * 3_600_000 + 17 * 60_000,
  args: ['@streamer', 'and', 'friends'],
  counters: { deaths: 12, wins: 3 },
  platform: { channel: 'Streamer', game: 'Chess', title: 'Sunday blitz with viewers', viewers: '1234', followage: '2 years, 3 months' },
  now: new Date('2026-11-28T10:00:00Z'),
}

const everything =
  '${user} -> ${touser}: ${1|nobody} ${2} ${1:} | #${count} deaths ${counter deaths} wins ${counter wins} | ${channel} plays ${game} "${title}" for ${viewers} viewers, up ${uptime} | follows ${followage} | ${time Europe/Berlin} | ${random a|b|c|d}'

const cases: Array<[string, string, TemplateContext]> = [
  ['plain text', 'Join the discord at discord.gg/example', base],
  ['old five variables', 'Hi ${user}, ${touser} says hi! Used ${count} times, live for ${uptime}. ${random gg|wp|nice}', base],
  ['arguments and defaults', 'Go follow ${1|nobody}, and ${2|their friends}: ${1:}', base],
  ['counters and platform (warm)', 'Deaths: ${counter deaths} in ${game} ("${title}"), ${viewers} watching', base],
  ['every variable', everything, base],
  ['hostile argument', 'You said: ${1:}', { ...base, args: ['/ban', '${user}', '${counter deaths}', '${time Mars/Base}', 'x'.repeat(400)] }],
]

function measure(fn: () => unknown) {
  for (let i = 0; i < Math.min(2_000, rounds); i++) fn()
  const times = new Float64Array(rounds)
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now()
    fn()
    times[i] = performance.now() - t0
  }
  times.sort()
  const total = times.reduce((a, b) => a + b, 0)
  return { median: times[Math.floor(rounds / 2)]! * 1000, p99: times[Math.floor(rounds * 0.99)]! * 1000, perSecond: Math.round(rounds / (total / 1000)) }
}

let random = 0.37
const next = () => (random = (random * 9301 + 49297) % 233280) / 233280

console.log(`template engine, ${rounds} renders per case (µs per render)`)
console.log('case'.padEnd(32), 'median'.padStart(8), 'p99'.padStart(8), 'renders/s'.padStart(12))
for (const [name, text, ctx] of cases) {
  const r = measure(() => renderTemplate(text, ctx, next))
  console.log(name.padEnd(32), r.median.toFixed(2).padStart(8), r.p99.toFixed(2).padStart(8), String(r.perSecond).padStart(12))
}
const v = measure(() => templateIssues(everything, CHAT_COMMAND_VARIABLES))
console.log('validate (every variable)'.padEnd(32), v.median.toFixed(2).padStart(8), v.p99.toFixed(2).padStart(8), String(v.perSecond).padStart(12))
console.log(
  'sample:',
  renderTemplate(everything, base, () => 0.5),
)
