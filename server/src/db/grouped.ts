/** One caller's request in a group, with how to answer it. */
interface Pending<I, O> {
  input: I
  resolve: (output: O) => void
  reject: (e: unknown) => void
}

/**
 * Group commit for any statement: a request made while none is under way goes at once (after the
 * current microtasks, so requests made together go together); requests made while one is under
 * way wait for it and go together in the next, at most `max` at a time. `run` answers every
 * request of its group.
 */
function grouped<I, O>(run: (group: Array<Pending<I, O>>) => Promise<void>, max: number): (input: I) => Promise<O> {
  const queue: Array<Pending<I, O>> = []
  let busy = false
  let scheduled = false

  const schedule = () => {
    if (scheduled || busy || queue.length === 0) return
    scheduled = true
    queueMicrotask(() => void flush())
  }

  async function flush() {
    scheduled = false
    if (busy) return
    busy = true
    try {
      await run(queue.splice(0, max))
    } finally {
      busy = false
      schedule()
    }
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject })
      schedule()
    })
}

/**
 * Rows inserted as callers ask, several in one INSERT when they come faster than the database
 * answers. Each caller gets its own row back once its statement is done (nothing is acknowledged
 * before it is stored). A statement the database refuses is tried again row by row, so a bad row
 * (its channel deleted meanwhile) fails alone. `write` must insert the values and return the
 * inserted rows; `same` says whether a returned row is the one made of a value (checked, since
 * RETURNING's order is not promised by PostgreSQL).
 */
export function groupedInsert<V, R>(write: (values: V[]) => Promise<R[]>, same: (value: V, row: R) => boolean, max = 500): (value: V) => Promise<R> {
  return grouped<V, R>(async (group) => {
    try {
      const left: Array<R | undefined> = await write(group.map((g) => g.input))
      for (const [i, g] of group.entries()) {
        // In order as a rule; searched for otherwise.
        const at = left[i] !== undefined && same(g.input, left[i]!) ? i : left.findIndex((r) => r !== undefined && same(g.input, r))
        if (at < 0) g.reject(new Error('the inserted row was not returned'))
        else {
          g.resolve(left[at]!)
          left[at] = undefined
        }
      }
    } catch (e) {
      if (group.length === 1) return group[0]!.reject(e)
      for (const g of group) {
        try {
          const [row] = await write([g.input])
          if (row === undefined) g.reject(new Error('the inserted row was not returned'))
          else g.resolve(row)
        } catch (e2) {
          g.reject(e2)
        }
      }
    }
  }, max)
}

/**
 * Reads by key, several keys in one read when they are asked for faster than the database
 * answers. `readMany` answers every key it was given (a key missing from its map fails that
 * caller); a failed read fails the callers of that read only.
 */
export function groupedLoad<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>, max = 1000): (key: K) => Promise<V> {
  return grouped<K, V>(async (group) => {
    try {
      const values = await readMany([...new Set(group.map((g) => g.input))])
      for (const g of group) {
        if (values.has(g.input)) g.resolve(values.get(g.input)!)
        else g.reject(new Error(`nothing read for ${String(g.input)}`))
      }
    } catch (e) {
      for (const g of group) g.reject(e)
    }
  }, max)
}
