/**
 * Crash durability on PGlite: the server in a child process on a data directory, writers
 * through the API, `kill -9` mid-load, a restart on the same directory, and every write the
 * server acknowledged looked up again (this cycle's and all earlier ones).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startChildServer, type Credentials } from './child-server'
import { lostWrites, startLoad, type LoadStats } from './load'

export interface CrashCycle {
  /** Writes answered OK before the kill (user creations + profile writes). */
  acknowledged: number
  /** Acknowledged user creations (of any cycle so far) missing after the restart, and a profile behind its last acknowledged write. */
  lostUsers: number[]
  lostProfile: boolean
  /** Answers other than 2xx and coded 503 before the kill. */
  failed: LoadStats['failed']
  /** kill -9 → /readyz answering on the same directory, ms. */
  restartMs: number
}

export async function runCrashCycles(opts: { cycles: number; writesPerCycle: number; onCycle?: (c: CrashCycle, i: number) => void }): Promise<CrashCycle[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crash-'))
  const env = { DATA_DIR: dataDir }
  let server = await startChildServer({ env })
  const demo: Credentials = server.demo
  const allIds: number[] = []
  const results: CrashCycle[] = []
  try {
    for (let i = 0; i < opts.cycles; i++) {
      const load = await startLoad(server.url, demo)
      while (load.stats.createdIds.length + load.stats.profile.lastAcked < opts.writesPerCycle) await new Promise((r) => setTimeout(r, 20))
      // Killed with requests in flight; what was acknowledged so far must survive.
      server.child.kill('SIGKILL')
      const killedAt = performance.now()
      // Every answer that reached us counts, even one read just after the kill.
      const acked = await load.stop()
      await server.stop()
      server = await startChildServer({ env, demo })
      const restartMs = performance.now() - killedAt
      allIds.push(...acked.createdIds)
      const lost = await lostWrites(server.url, demo, { ...acked, createdIds: allIds })
      const cycle: CrashCycle = {
        acknowledged: acked.createdIds.length + acked.profile.lastAcked,
        lostUsers: lost.users,
        lostProfile: lost.profile,
        failed: acked.failed,
        restartMs,
      }
      results.push(cycle)
      opts.onCycle?.(cycle, i)
    }
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return results
}
