/**
 * Compiles the server and the bot worker to plain JavaScript (dist/server/main.js and
 * dist/server/worker.js) with esbuild, dependencies left to node_modules, and copies the
 * migrations beside them, so production runs `node` with no TypeScript toolchain.
 */
import { cpSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const outdir = 'dist/server'
rmSync(outdir, { recursive: true, force: true })
await build({
  entryPoints: { main: 'server/src/main.ts', worker: 'server/src/worker/main.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node26',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
// db/client.ts finds its migrations, and db/pglite-thread.ts its worker (plain JavaScript), beside the running file.
cpSync('server/src/db/migrations', `${outdir}/migrations`, { recursive: true })
cpSync('server/src/db/pglite-worker.mjs', `${outdir}/pglite-worker.mjs`)
