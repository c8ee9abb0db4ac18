import { reload } from './reload'
import type { WorkerState } from './worker-state'

/**
 * Reloads every channel this worker should run (or runs), and says LICENCE_ENDED for idle ones
 * whose licence ended. A channel whose reload is under way is left to it (the worker's first sync
 * comes right after the first lease round has started its channels). Channels with no bot yet
 * are read for their starts at once (start-data.ts).
 */
export async function syncAll(s: WorkerState) {
  const { leases, bots, services, log } = s
  const idle = (id: number) => !s.pending.has(id)
  if (leases) {
    // Only the channels held here; new ones come through the lease round. A channel whose
    // licence ended while no worker ran it is leased by none: any worker says why it stopped.
    await Promise.all([...new Set([...leases.held.keys(), ...bots.keys()])].filter(idle).map((id) => reload(s, id)))
    await services.channels.sayLicenceEnded({ idle: leases.unleased() })
    return
  }
  const rows = await services.channels.runnable()
  const ids = new Set(rows.map((r) => r.id))
  const starting = rows.map((r) => r.id).filter((id) => idle(id) && !bots.has(id))
  await s.startData.prefetch(starting).catch((e: unknown) => log.warn({ err: (e as Error).message, channels: starting.length }, 'start data not read ahead'))
  await Promise.all([
    ...[...ids].filter(idle).map((id) => reload(s, id)),
    ...[...bots.keys()].filter((id) => !ids.has(id) && idle(id)).map((id) => reload(s, id)),
  ])
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
