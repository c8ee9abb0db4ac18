import { inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'

type NameWaiter = { resolve: (name: string | null) => void; reject: (error: unknown) => void }

/**
 * A user's username for display (audit, licences, reseller links), or null when there is
 * no such user. Lookups made in the same turn (every row of a page) share one query.
 * Any user: callers show names only beside ids they were already allowed to see.
 */
export function createUsernameLoader(db: Db): (id: number) => Promise<string | null> {
  let pendingNames: Map<number, NameWaiter[]> | null = null
  function usernameOf(id: number): Promise<string | null> {
    return new Promise((resolve, reject) => {
      if (!pendingNames) {
        const batch = new Map<number, NameWaiter[]>()
        pendingNames = batch
        setImmediate(() => {
          pendingNames = null
          const all = [...batch.values()].flat()
          db.select({ id: users.id, name: users.username })
            .from(users)
            .where(inArray(users.id, [...batch.keys()]))
            .then(
              (rows) => {
                const names = new Map(rows.map((row) => [row.id, row.name]))
                for (const [key, waiting] of batch) for (const w of waiting) w.resolve(names.get(key) ?? null)
              },
              (error: unknown) => {
                for (const w of all) w.reject(error)
              },
            )
        })
      }
      const waiting = pendingNames.get(id) ?? []
      waiting.push({ resolve, reject })
      pendingNames.set(id, waiting)
    })
  }
  return usernameOf
}
