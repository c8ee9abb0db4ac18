/**
 * What a V8 CPU profile (node --cpu-prof, e.g. `npm run bench:users -- --cpu-prof .tmp/prof`)
 * spent its time on, as text:
 *   npx tsx tests/bench/profile-summary.ts <file.cpuprofile> [--top 25]
 * Prints the self time by package (node_modules/<name>, node's own modules, the product's
 * server/src/<folder>, the garbage collector, idle) and the functions with the most self time.
 * Self time is where the CPU was when sampled; a share is of the profile's busy samples (idle
 * and the program's wait left out).
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const file = process.argv[2]
if (!file) {
  console.error('usage: tsx tests/bench/profile-summary.ts <file.cpuprofile> [--top N]')
  process.exit(2)
}
const topIndex = process.argv.indexOf('--top')
const TOP = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((n) => [n.id, n]))

/** Where a frame's code lives: a package, a node module, a folder of the product, or V8's own work. */
function placeOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame
  if (!url) return functionName.startsWith('(') ? functionName : '(native)'
  if (url.startsWith('node:')) return url
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  const own = /(server\/src\/[^/]+|dist\/server\/[^/]+)/.exec(url)
  return own ? own[1]! : url.replace(/^file:\/\//, '')
}

const selfByPlace = new Map<string, number>()
const selfByFunction = new Map<string, number>()
let busy = 0
let total = 0
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0
  total += us
  const frame = byId.get(id)?.callFrame
  if (!frame) return
  const place = placeOf(frame)
  selfByPlace.set(place, (selfByPlace.get(place) ?? 0) + us)
  if (place === '(idle)' || place === '(program)') return
  busy += us
  const name = `${frame.functionName || '(anonymous)'}  ${place}:${frame.lineNumber + 1}`
  selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + us)
})

const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(7)} ms`
const share = (us: number) => `${((100 * us) / Math.max(1, busy)).toFixed(1).padStart(5)} %`
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n)

console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms busy (idle and (program) left out)`)
console.log('\nself time by place')
for (const [place, us] of top(selfByPlace, TOP)) console.log(`${ms(us)} ${place === '(idle)' || place === '(program)' ? '       ' : share(us)}  ${place}`)
console.log('\nself time by function')
for (const [name, us] of top(selfByFunction, TOP)) console.log(`${ms(us)} ${share(us)}  ${name}`)
