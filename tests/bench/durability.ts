/**
 * Crash durability on PGlite: a child-process server on a temp data directory, writers
 * through the API (user creations, profile writes), `kill -9` mid-load, a restart on the same
 * directory, every acknowledged write looked up again. Prints, per cycle and in total,
 * acknowledged writes, lost writes (must be 0) and the restart time.
 *   npm run bench:durability -- [--cycles 10] [--writes 40]
 */
import { parseArgs } from 'node:util'
import { runCrashCycles } from '../support/crash-cycles'

const { values } = parseArgs({ options: { cycles: { type: 'string', default: '10' }, writes: { type: 'string', default: '40' } } })
const cycles = Number(values.cycles)
const started = performance.now()
const results = await runCrashCycles({
  cycles,
  writesPerCycle: Number(values.writes),
  onCycle: (c, i) =>
    console.log(
      `cycle ${String(i + 1).padStart(2)}: acknowledged ${c.acknowledged}, lost ${c.lostUsers.length + (c.lostProfile ? 1 : 0)}, restart ${(c.restartMs / 1000).toFixed(2)} s`,
    ),
})
const acknowledged = results.reduce((a, c) => a + c.acknowledged, 0)
const lost = results.reduce((a, c) => a + c.lostUsers.length + (c.lostProfile ? 1 : 0), 0)
const restarts = results.map((c) => c.restartMs).sort((a, b) => a - b)
console.log(`\n${cycles} kill -9 cycles in ${((performance.now() - started) / 1000).toFixed(1)} s`)
console.log(`acknowledged writes: ${acknowledged}`)
console.log(`lost writes:         ${lost}${lost ? '  <-- FAILURE' : ''}`)
console.log(
  `restart (kill -9 → ready): median ${(restarts[Math.floor(restarts.length / 2)]! / 1000).toFixed(2)} s, max ${(restarts.at(-1)! / 1000).toFixed(2)} s`,
)
process.exitCode = lost ? 1 : 0
