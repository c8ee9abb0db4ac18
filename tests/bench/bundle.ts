/**
 * First-load JavaScript of the login route: the entry script and its modulepreloads from
 * dist/client/index.html, plus the chunks the login page imports. Raw and gzip bytes.
 *   npm run build && npx tsx tests/bench/bundle.ts
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = 'dist/client'
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const entry = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)].map(
  (m) => m[1]!,
)
const loginChunks = readdirSync(join(dist, 'assets')).filter((f) => /^login[-.].*\.js$/i.test(f)).map((f) => `assets/${f}`)
// Static imports of the login chunk load with it.
const seen = new Set<string>()
const queue = [...entry, ...loginChunks]
while (queue.length) {
  const file = queue.shift()!
  if (seen.has(file)) continue
  seen.add(file)
  const src = readFileSync(join(dist, file), 'utf8')
  for (const m of src.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(`assets/${m[1]}`)
}
let raw = 0
let gz = 0
for (const file of seen) {
  const buf = readFileSync(join(dist, file))
  raw += buf.length
  gz += gzipSync(buf, { level: 9 }).length
  console.log(`  ${file.padEnd(48)} ${(buf.length / 1024).toFixed(1).padStart(8)} KiB  gzip ${(gzipSync(buf, { level: 9 }).length / 1024).toFixed(1).padStart(7)} KiB`)
}
const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'))
const total = all.reduce((n, f) => n + readFileSync(join(dist, 'assets', f)).length, 0)
console.log(`login route first load: ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip, ${seen.size} files`)
console.log(`all JS: ${(total / 1024).toFixed(1)} KiB raw in ${all.length} files; first load is ${((raw / total) * 100).toFixed(1)} % of it`)
