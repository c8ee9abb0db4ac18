/**
 * The PostgreSQL test databases (tests/support/databases.ts) on a throwaway cluster of our own,
 * so that nothing of another run on the shared server is involved: what a killed test process
 * leaves is dropped once its session is gone, and a template of other migrations once no one
 * holds it in use; nothing a live process uses is.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dropLeftovers, holdTemplateForRun } from '../support/databases'
import { clusterUnavailableReason, createCluster, type Cluster } from '../support/pg-cluster'
import { migrationsHash } from '../support/pglite-snapshot'

const unavailable = clusterUnavailableReason()

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query<T>(sql, values)).rows
  } finally {
    await c.end()
  }
}

const databases = async (url: string) => (await query<{ datname: string }>(url, 'select datname from pg_database')).map((r) => r.datname)

describe.skipIf(unavailable)(`PostgreSQL test databases: leftovers dropped, nothing in use${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let cluster: Cluster
  const current = `tpl_${migrationsHash()}`

  beforeAll(async () => {
    cluster = await createCluster()
  })
  afterAll(() => cluster?.destroy())

  it("keeps a running process's test database and drops it once the process is killed", async () => {
    // A test process that makes its database and is then killed (no `drop`).
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "const { freshDatabase } = await import('./tests/support/databases.ts'); const db = await freshDatabase('postgres'); console.log(new URL(db.url).pathname.slice(1)); setInterval(() => {}, 60_000)",
      ],
      { env: { ...process.env, TEST_DATABASE_URL: cluster.url }, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const exited = once(child, 'exit')
    try {
      const [line] = (await once(child.stdout, 'data')) as [Buffer]
      const name = line.toString().trim()
      expect(name).toMatch(/^test_[0-9]+_[0-9a-f]{8}$/)
      expect(await databases(cluster.url)).toEqual(expect.arrayContaining([name, current]))
      expect(await dropLeftovers(cluster.url)).toEqual([])
      child.kill('SIGKILL')
      await exited
      const pid = Number(name.split('_')[1])
      await expect.poll(async () => (await query(cluster.url, 'select 1 from pg_stat_activity where pid = $1', [pid])).length).toBe(0)
      expect(await dropLeftovers(cluster.url)).toEqual([name])
      const left = await databases(cluster.url)
      expect(left).not.toContain(name)
      expect(left).toContain(current)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('drops a template of other migrations (and its half-made copy) only once no run holds it', async () => {
    const other = 'tpl_00000000000000ab'
    await query(cluster.url, `create database ${other}`)
    await query(cluster.url, `create database ${other}_0badc0de`)
    const release = await holdTemplateForRun(cluster.url, other)
    try {
      expect(await dropLeftovers(cluster.url)).toEqual([])
    } finally {
      await release()
    }
    expect((await dropLeftovers(cluster.url)).sort()).toEqual([other, `${other}_0badc0de`])
    const left = await databases(cluster.url)
    expect(left).not.toContain(other)
    expect(left).toContain(current)
  })
})
