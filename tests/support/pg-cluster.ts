/**
 * A throwaway PostgreSQL cluster of our own (initdb + pg_ctl on a free port in a temp
 * directory), to stop and start under a running server without touching the machine's
 * shared PostgreSQL. initdb refuses root, so as root it runs as the `postgres` user.
 */
import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './child-server'

const run = promisify(execFile)
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

/** Why a throwaway cluster cannot be made here, or null when it can. */
export function clusterUnavailableReason(): string | null {
  if (!existsSync(join(BIN, 'initdb')) || !existsSync(join(BIN, 'pg_ctl'))) return `no PostgreSQL binaries in ${BIN} (set PG_BIN)`
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'running as root without runuser'
  return null
}

export interface Cluster {
  url: string
  port: number
  start(): Promise<void>
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  destroy(): Promise<void>
}

export async function createCluster(): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pgc-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  const pgRun = (cmd: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args]) : run(join(BIN, cmd), args))
  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`
  let running = false
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pgRun('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start'])
      running = true
    },
    async stop(mode = 'fast') {
      if (!running) return
      await pgRun('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop'])
      running = false
    },
    async destroy() {
      await cluster.stop('immediate').catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
  await cluster.start()
  return cluster
}
