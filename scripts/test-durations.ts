/**
 * Rewrites tests/durations.json (seconds per test file, read by the sequencer in vitest.config.ts to
 * start the longest files first) from the JSON reports `npm test` leaves in .tmp/: the unit and
 * integration run and the browser run. Usage: `npx tsx scripts/test-durations.ts [report.json ...]`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'

const reports = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['.tmp/vitest-vitest.json', '.tmp/vitest-e2e.json']
const out = 'tests/durations.json'
const durations: Record<string, number> = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, number>) : {}

for (const report of reports) {
  if (!existsSync(report)) {
    console.log(`${report}: missing, skipped`)
    continue
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; startTime: number; endTime: number }[] }
  for (const file of json.testResults) {
    const seconds = Math.round((file.endTime - file.startTime) / 100) / 10
    durations[relative(process.cwd(), file.name).split('\\').join('/')] = seconds
  }
  console.log(`${report}: ${json.testResults.length} files`)
}

const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)))
writeFileSync(out, `${JSON.stringify(sorted, null, 2)}\n`)
console.log(`${out}: ${Object.keys(sorted).length} files`)
