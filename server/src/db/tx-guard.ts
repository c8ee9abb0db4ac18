import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * PGlite has one connection. Inside `db.transaction(async (tx) => …)` the transaction holds
 * it, so a query on the root handle waits for the transaction, which waits for the query:
 * the server hangs. On PostgreSQL the same code silently takes a second pooled connection
 * and reads outside the transaction. Both are bugs, so the root handle refuses any query
 * issued from inside an open transaction, at once and on both engines.
 *
 * The transaction's own handle (`tx`) talks to the driver's transaction object (PGlite) or
 * to the checked-out client (pg), never to the wrapped root methods, so it is unaffected.
 */
export class DbMisuseError extends Error {
  readonly code = 'DB_ROOT_IN_TRANSACTION'

  constructor(method: string) {
    super(
      `A query on the root database handle (${method}) was issued inside an open transaction: ` +
        'use the transaction handle `tx` (or read cached values before the transaction)',
    )
    this.name = 'DbMisuseError'
  }
}

interface OpenTransaction {
  open: boolean
}

const current = new AsyncLocalStorage<OpenTransaction>()

/** True while the calling async chain runs inside a transaction callback that has not ended. */
export function insideTransaction(): boolean {
  return current.getStore()?.open === true
}

/** Throws when called from inside an open transaction. */
export function assertOutsideTransaction(method: string): void {
  if (insideTransaction()) throw new DbMisuseError(method)
}

/**
 * Wraps `target[name]` (a driver's root query method) so that a call from inside an open
 * transaction throws `DbMisuseError` instead of queueing behind the transaction.
 */
export function guardMethods<T extends object>(target: T, names: Array<keyof T & string>, label: string): void {
  for (const name of names) {
    const original = target[name]
    if (typeof original !== 'function') continue
    const fn = original as (...args: unknown[]) => unknown
    Object.defineProperty(target, name, {
      configurable: true,
      writable: true,
      value: function guarded(this: unknown, ...args: unknown[]) {
        if (insideTransaction()) {
          const error = new DbMisuseError(`${label}.${name}`)
          // Callers await these methods; a rejected promise keeps their error handling intact.
          return Promise.reject(error)
        }
        return fn.apply(this, args)
      },
    })
  }
}

type TransactionFn = (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>

/**
 * Marks the callback of the root handle's `transaction()` as "inside a transaction" for its
 * whole async chain. The mark is cleared when the transaction ends, so work the callback
 * started and left running (a publish, a log) may use the root handle afterwards.
 */
export function trackTransactions(db: { transaction: unknown }): void {
  const original = db.transaction as TransactionFn
  const wrapped: TransactionFn = async function (this: unknown, fn, config) {
    assertOutsideTransaction('db.transaction')
    const state: OpenTransaction = { open: true }
    try {
      return await original.call(this, (tx) => current.run(state, () => fn(tx)), config)
    } finally {
      state.open = false
    }
  }
  Object.defineProperty(db, 'transaction', { configurable: true, writable: true, value: wrapped })
}
