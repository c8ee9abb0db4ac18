/**
 * Rows inserted as callers ask, several in one INSERT when they come faster than the database
 * answers (group commit): a row asked for while no INSERT is under way goes at once (after the
 * current microtasks, so rows asked for together go together); rows asked for while one is under
 * way wait for it and go together in the next, at most `max` a statement. Each caller gets its own
 * row back, once its statement is done (nothing is acknowledged before it is stored). A statement
 * the database refuses is tried again row by row, so a bad row (its channel deleted meanwhile)
 * fails alone. `write` must insert the values in order and return the inserted rows; `same` says
 * whether a returned row is the one made of a value (checked, since RETURNING's order is not
 * promised by PostgreSQL).
 */
export function groupedInsert<V, R>(write: (values: V[]) => Promise<R[]>, same: (value: V, row: R) => boolean, max = 500): (value: V) => Promise<R> {
  const queue: Array<{ value: V; resolve: (row: R) => void; reject: (e: unknown) => void }> = []
  let writing = false
  let scheduled = false

  const schedule = () => {
    if (scheduled || writing || queue.length === 0) return
    scheduled = true
    queueMicrotask(() => void flush())
  }

  async function flush() {
    scheduled = false
    if (writing) return
    writing = true
    const batch = queue.splice(0, max)
    try {
      const rows = await write(batch.map((b) => b.value))
      const left = [...rows]
      for (const [i, b] of batch.entries()) {
        // In order as a rule; searched for otherwise.
        const at = left[i] !== undefined && same(b.value, left[i]!) ? i : left.findIndex((r) => r !== undefined && same(b.value, r))
        if (at < 0) b.reject(new Error('the inserted row was not returned'))
        else {
          b.resolve(left[at]!)
          left[at] = undefined as R
        }
      }
    } catch (e) {
      if (batch.length === 1) batch[0]!.reject(e)
      else await oneByOne(batch)
    } finally {
      writing = false
      schedule()
    }
  }

  async function oneByOne(batch: typeof queue) {
    for (const b of batch) {
      try {
        const [row] = await write([b.value])
        if (row === undefined) throw new Error('the inserted row was not returned')
        b.resolve(row)
      } catch (e) {
        b.reject(e)
      }
    }
  }

  return (value) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ value, resolve, reject })
      schedule()
    })
}
