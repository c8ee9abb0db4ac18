import { readFileSync } from 'node:fs'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * The production image installs `dependencies` only (`npm ci --omit=dev`, see Dockerfile), so
 * every package the compiled server and worker load must be there, and the client's packages
 * (bundled by Vite at build time) are devDependencies; and the demo fixtures (seed/) stay out of
 * it. The entry points are bundled as scripts/build-server.mjs does and what they import is read
 * from esbuild's metafile.
 */
const packageOf = (path: string) => (path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0]!)

/** The server and the bot worker bundled as scripts/build-server.mjs bundles dist/server (its metafile only). */
const bundleServer = () =>
  build({
    entryPoints: { main: 'server/src/main.ts', worker: 'server/src/worker/main.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node26',
    packages: 'external',
    write: false,
    outdir: 'dist/unused',
    metafile: true,
    logLevel: 'silent',
  })

describe('production dependencies', () => {
  it('hold every package the compiled server and bot worker import, and nothing else', async () => {
    const result = await bundleServer()
    const imported = new Set<string>()
    for (const input of Object.values(result.metafile.inputs)) {
      for (const dep of input.imports) if (dep.external && !dep.path.startsWith('node:')) imported.add(packageOf(dep.path))
    }
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }
    const production = Object.keys(pkg.dependencies)
    expect(imported.size).toBeGreaterThan(10)
    expect([...imported].filter((name) => !production.includes(name)).sort(), 'imported by the server but not a production dependency').toEqual([])
    expect(production.filter((name) => !imported.has(name)).sort(), 'production dependencies the server never loads').toEqual([])
  }, 60_000)

  it('leave the demo fixtures out: no seed/ module is in the server or worker bundle', async () => {
    const result = await bundleServer()
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs.some((path) => path.startsWith('server/src/'))).toBe(true)
    expect(inputs.filter((path) => path.startsWith('seed/')).sort(), 'seed/ modules in dist/server (the demo starts from seed/start.ts)').toEqual([])
  }, 60_000)
})
