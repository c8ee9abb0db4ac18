import { reload } from './reload'
import type { WorkerState } from './worker-state'

/** Reloads every channel this worker should run (or runs), and says LICENCE_ENDED for idle ones whose licence ended. */
export async function syncAll(s: WorkerState) {
  const { leases, bots, services } = s
  if (leases) {
    // Only the channels held here; new ones come through the lease round. A channel whose
    // licence ended while no worker ran it is leased by none: any worker says why it stopped.
    await Promise.all([...new Set([...leases.held.keys(), ...bots.keys()])].map((id) => reload(s, id)))
    await services.channels.sayLicenceEnded({ idle: leases.unleased() })
    return
  }
  const rows = await services.channels.runnable()
  const ids = new Set(rows.map((r) => r.id))
  await Promise.all([...rows.map((r) => reload(s, r.id)), ...[...bots.keys()].filter((id) => !ids.has(id)).map((id) => reload(s, id))])
  await services.channels.sayLicenceEnded({ except: [...bots.keys()] })
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
