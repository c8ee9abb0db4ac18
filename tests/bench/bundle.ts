/**
 * First-load JavaScript of the login route: the entry script and its modulepreloads from
 * dist/client/index.html, plus the chunks the login page imports. Raw bytes, and the bytes a
 * browser receives: the build's precompressed brotli copy (what the server sends), and gzip.
 *   npm run build && npx tsx tests/bench/bundle.ts
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = 'dist/client'
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const entry = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)].map(
  (m) => m[1]!,
)
const loginChunks = readdirSync(join(dist, 'assets'))
  .filter((f) => /^login[-.].*\.js$/i.test(f))
  .map((f) => `assets/${f}`)
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
let br = 0
const kib = (n: number) => (n / 1024).toFixed(1).padStart(7)
for (const file of seen) {
  const buf = readFileSync(join(dist, file))
  const gzip = gzipSync(buf, { level: 9 }).length
  // The server sends the .br copy that `npm run build` wrote (files under 1 KiB go as they are).
  const brotli = existsSync(join(dist, `${file}.br`)) ? readFileSync(join(dist, `${file}.br`)).length : buf.length
  raw += buf.length
  gz += gzip
  br += brotli
  console.log(`  ${file.padEnd(48)} ${kib(buf.length)} KiB  br ${kib(brotli)} KiB  gzip ${kib(gzip)} KiB`)
}
const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'))
const total = all.reduce((n, f) => n + readFileSync(join(dist, 'assets', f)).length, 0)
console.log(
  `login route first load: ${(raw / 1024).toFixed(1)} KiB raw, ${(br / 1024).toFixed(1)} KiB on the wire (brotli, ${((br / raw) * 100).toFixed(0)} %), ${(gz / 1024).toFixed(1)} KiB gzip, ${seen.size} files`,
)
console.log(`all JS: ${(total / 1024).toFixed(1)} KiB raw in ${all.length} files; first load is ${((raw / total) * 100).toFixed(1)} % of it`)
