/**
 * Compiles the server to plain JavaScript with esbuild, dependencies left to node_modules, so
 * production runs `node` with no TypeScript toolchain:
 * - dist/server/main.js and dist/server/worker.js: the server and the bot worker, no demo
 *   fixtures (server/src never imports seed/; tests/unit/server/production-deps.test.ts checks);
 * - dist/demo/main.js: the demo's entry point (seed/start.ts), the same server with DEMO's seeding;
 * - dist/start.js (scripts/start.ts): runs one of the two mains, by DEMO.
 * The migrations are copied beside each main.
 */
import { cpSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const programs = [
  { outdir: 'dist/server', entryPoints: { main: 'server/src/main.ts', worker: 'server/src/worker/main.ts' } },
  { outdir: 'dist/demo', entryPoints: { main: 'seed/start.ts' } },
]
const options = { bundle: true, platform: 'node', format: 'esm', target: 'node26', packages: 'external', sourcemap: true, logLevel: 'warning' }
rmSync('dist/start.js', { force: true })
for (const { outdir, entryPoints } of programs) {
  rmSync(outdir, { recursive: true, force: true })
  await build({ ...options, entryPoints, outdir })
  // db/client.ts finds its migrations, and db/pglite-thread.ts its worker (plain JavaScript), beside the running file.
  cpSync('server/src/db/migrations', `${outdir}/migrations`, { recursive: true })
  cpSync('server/src/db/pglite-worker.mjs', `${outdir}/pglite-worker.mjs`)
}
await build({ ...options, entryPoints: { start: 'scripts/start.ts' }, outdir: 'dist' })
