import { readAheadAndReload } from './reload'
import type { WorkerState } from './worker-state'

/** Channels a sync reads at once (their rows, accounts and lists: start-data.ts) before reloading them. */
const SYNC_CHUNK = 1000

/**
 * Reloads every channel this worker should run (or runs), and says LICENCE_ENDED for idle ones
 * whose licence ended. A channel whose reload is under way is left to it (the worker's first sync
 * comes right after the first lease round has started its channels). The channels are read a
 * thousand at a time, one statement per table (start-data.ts), so the periodic resync of a worker
 * running 10,000 bots costs a few dozen statements, not four per bot.
 */
export async function syncAll(s: WorkerState) {
  const { leases, bots, services } = s
  const idle = (id: number) => !s.pending.has(id)
  if (leases) {
    // Only the channels held here; new ones come through the lease round. A channel whose
    // licence ended while no worker ran it is leased by none: any worker says why it stopped.
    await reloadAll(s, [...new Set([...leases.held.keys(), ...bots.keys()])].filter(idle))
    await services.channels.sayLicenceEnded({ idle: leases.unleased() })
    return
  }
  const rows = await services.channels.runnable()
  const ids = new Set(rows.map((r) => r.id))
  await reloadAll(s, [...ids, ...[...bots.keys()].filter((id) => !ids.has(id))].filter(idle))
  await services.channels.sayLicenceEnded({ except: [...bots.keys()] })
}

/** Reloads these channels, each thousand read at once first. */
async function reloadAll(s: WorkerState, ids: number[]) {
  for (let i = 0; i < ids.length; i += SYNC_CHUNK) await Promise.all(await readAheadAndReload(s, ids.slice(i, i + SYNC_CHUNK)))
}

/** The periodic safety-net resync; a round still under way (thousands of channels) is not doubled by the next. */
export function startResync(s: WorkerState, resyncMs: number | undefined) {
  if (!resyncMs) return
  s.resync = setInterval(() => {
    if (s.resyncing) return
    s.resyncing = true
    void syncAll(s)
      .catch(() => {})
      .finally(() => (s.resyncing = false))
  }, resyncMs)
  s.resync.unref()
}
