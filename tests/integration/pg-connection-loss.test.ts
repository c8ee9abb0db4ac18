/**
 * PostgreSQL connection loss under load, against the real server in a child process:
 * its connections terminated several times (pg_terminate_backend), and a full restart of a
 * throwaway cluster of our own. The process must survive, every failed request must be a
 * coded 503, it must answer normally again, and no acknowledged write may be lost.
 * (npm run bench:dbloss prints the same scenario's figures.)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startChildServer, type ChildServer } from '../support/child-server'
import { freshDatabase, type TestDatabase } from '../support/databases'
import { lostWrites, recoveryMs, signIn, startLoad, unexpectedFailures, type Load } from '../support/load'
import { connectionsTo, terminateConnections } from '../support/pg-admin'
import { clusterUnavailableReason, createCluster, type Cluster } from '../support/pg-cluster'

const adminUrl = process.env.TEST_DATABASE_URL
const until = async (cond: () => boolean, what: string) => {
  for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 50))
  if (!cond()) throw new Error(`timed out waiting for ${what}`)
}

async function expectSurvivedCleanly(server: ChildServer, load: Load) {
  const stats = await load.stop()
  expect(server.exit(), server.output().slice(-2000)).toBeNull()
  // Handled where it happens, not by the process-level safety net.
  expect(server.output()).not.toContain('escaped its handlers')
  expect(stats.transportErrors).toBe(0)
  expect(unexpectedFailures(stats)).toEqual({})
  expect(stats.createdIds.length).toBeGreaterThan(0)
  expect(await lostWrites(server.url, server.demo, stats)).toEqual({ users: [], profile: false })
  return stats
}

describe.skipIf(!adminUrl)(`PostgreSQL connection loss under load${adminUrl ? '' : ' (skipped: set TEST_DATABASE_URL)'}`, () => {
  let target: TestDatabase
  let server: ChildServer
  let dataDir: string

  beforeAll(async () => {
    target = await freshDatabase('postgres')
    dataDir = mkdtempSync(join(tmpdir(), 'pgloss-'))
    server = await startChildServer({ env: { DATABASE_URL: target.url!, DATA_DIR: dataDir } })
  })
  afterAll(async () => {
    await server?.stop()
    await target?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('survives repeated pg_terminate_backend: only coded 503s, then normal answers, no acknowledged write lost', { timeout: 90_000 }, async () => {
    const dbName = new URL(target.url!).pathname.slice(1)
    const admin = await signIn(server.url, server.demo.admin)
    const load = await startLoad(server.url, server.demo)
    onTestFinished(() => void load.stop())
    let terminated = 0
    for (let round = 0; round < 4; round++) {
      const okBefore = load.stats.ok
      await until(() => load.stats.ok >= okBefore + 15, 'traffic before terminating')
      terminated += await terminateConnections(adminUrl!, dbName)
      await recoveryMs(server.url, admin, performance.now(), () => server.exit() === null)
    }
    expect(terminated).toBeGreaterThan(0)
    const okBefore = load.stats.ok
    await until(() => load.stats.ok >= okBefore + 15, 'traffic after the last termination')
    await expectSurvivedCleanly(server, load)
    // The pool healed: the server holds connections again.
    expect(await connectionsTo(adminUrl!, dbName)).toBeGreaterThan(0)
  })
})

const noCluster = clusterUnavailableReason()

describe.skipIf(noCluster)(`a full PostgreSQL restart under load${noCluster ? ` (skipped: ${noCluster})` : ''}`, () => {
  let cluster: Cluster
  let server: ChildServer
  let dataDir: string

  beforeAll(async () => {
    cluster = await createCluster()
    dataDir = mkdtempSync(join(tmpdir(), 'pgrestart-'))
    server = await startChildServer({ env: { DATABASE_URL: cluster.url, DATA_DIR: dataDir } })
  })
  afterAll(async () => {
    await server?.stop()
    await cluster?.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('survives a stop (fast) and start of PostgreSQL and answers normally once it is back', { timeout: 90_000 }, async () => {
    const admin = await signIn(server.url, server.demo.admin)
    const load = await startLoad(server.url, server.demo)
    onTestFinished(() => void load.stop())
    await until(() => load.stats.ok >= 20, 'traffic before the restart')
    await cluster.stop('fast')
    const failedBefore = Object.values(load.stats.failed).reduce((a, b) => a + b, 0)
    await until(() => Object.values(load.stats.failed).reduce((a, b) => a + b, 0) > failedBefore + 5, 'requests failing while PostgreSQL is down')
    // /readyz says so while the database is away.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503)
    await cluster.start()
    await recoveryMs(server.url, admin, performance.now(), () => server.exit() === null)
    const okBefore = load.stats.ok
    await until(() => load.stats.ok >= okBefore + 15, 'traffic after the restart')
    const stats = await expectSurvivedCleanly(server, load)
    expect(stats.failed['503 SERVICE_UNAVAILABLE']).toBeGreaterThan(0)
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
  })
})
