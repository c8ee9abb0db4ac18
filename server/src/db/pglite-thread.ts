import { Worker } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'

/**
 * PGlite in a worker thread. PGlite runs PostgreSQL compiled to WebAssembly; every statement
 * is synchronous work on the thread that owns it. Inline, that is the HTTP thread: under load
 * the statements took ~40 % of its time, in runs of tens to hundreds of milliseconds, and
 * while they ran the server neither read requests nor accepted connections (Node accepts one
 * connection per event-loop iteration), so even a 503 had to wait. In a worker the HTTP thread
 * only sends statements and receives rows, and stays free to answer, refuse and accept.
 *
 * The object below has the part of PGlite's interface the project uses (`query`, `exec`,
 * `transaction` with `tx.query`/`tx.exec`/`tx.rollback`, `close`, `waitReady`), so drizzle's
 * PGlite driver, the deadlines (resilience.ts) and the transaction guard (tx-guard.ts) work on it
 * unchanged. One difference: type parsers cannot cross threads, so a query's `parsers` only say
 * which types come back as text (drizzle's PGlite driver passes exactly such parsers).
 */
export interface PgliteThread {
  query: PGlite['query']
  exec: PGlite['exec']
  transaction: PGlite['transaction']
  close(): Promise<void>
  waitReady: Promise<void>
}

interface Pending {
  resolve(value: unknown): void
  reject(e: Error): void
}

type ErrorData = Record<string, unknown> & { message: string }

/** The worker's error as an Error of this thread (this thread's stack; PostgreSQL's fields kept). */
function toError(data: ErrorData): Error {
  const e = new Error(data.message)
  for (const [k, v] of Object.entries(data)) if (k !== 'stack' && k !== 'message') (e as unknown as Record<string, unknown>)[k] = v
  return e
}

export async function startPgliteThread(opts: { dataDir: string; relaxedDurability: boolean; snapshot?: string }): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: opts })
  const pending = new Map<number, Pending>()
  let seq = 0
  let stopped: Error | undefined

  const stop = (why: string) => {
    // Worded as a lost connection, so requests in flight get the coded 503 (resilience.ts).
    stopped ??= new Error(`Connection ended: the PGlite thread stopped (${why})`)
    for (const p of pending.values()) p.reject(stopped)
    pending.clear()
  }

  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: { ready: boolean; error?: ErrorData }) => (m.ready ? resolve() : reject(toError(m.error!))))
    worker.once('error', reject)
  })
  worker.on('message', (m: { id: number; result?: unknown; error?: ErrorData }) => {
    const p = pending.get(m.id)
    if (!p) return
    pending.delete(m.id)
    if (pending.size === 0) worker.unref()
    if (m.error) p.reject(toError(m.error))
    else p.resolve(m.result)
  })
  // A worker can throw anything, not only an Error (@types/node types it unknown).
  worker.on('error', (e) => stop(e instanceof Error ? e.message : String(e)))
  worker.on('exit', (code) => stop(`exit code ${code}`))
  // The thread keeps the process alive only while a call is waiting for it.
  worker.unref()

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (stopped) return Promise.reject(stopped)
    const id = ++seq
    if (pending.size === 0) worker.ref()
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      worker.postMessage({ ...message, id })
    })
  }

  const rawTypes = (options: { parsers?: Record<number, unknown> } | undefined) => (options?.parsers ? Object.keys(options.parsers).map(Number) : undefined)
  const query = (tx: number | undefined) => (text: string, params?: unknown[], options?: { rowMode?: string; parsers?: Record<number, unknown> }) =>
    call({ op: 'query', tx, text, params: params ?? [], options: options && { rowMode: options.rowMode, rawTypes: rawTypes(options) } })
  const exec = (tx: number | undefined) => (text: string) => call({ op: 'exec', tx, text })

  const transaction = async <T>(fn: (tx: unknown) => Promise<T>): Promise<T> => {
    const id = await call<number>({ op: 'begin' })
    let closed = false
    let rolledBack = false
    const open =
      <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
      (...args: A) =>
        closed ? Promise.reject(new Error('Transaction is closed')) : f(...args)
    const tx = {
      query: open(query(id)),
      exec: open(exec(id)),
      rollback: open(async () => {
        rolledBack = true
        closed = true
      }),
      get closed() {
        return closed
      },
    }
    let result: T
    try {
      result = await fn(tx)
    } catch (e) {
      closed = true
      await call({ op: 'end', tx: id, commit: false }).catch(() => {})
      throw e
    }
    closed = true
    await call({ op: 'end', tx: id, commit: !rolledBack })
    return result
  }

  return {
    query: query(undefined) as unknown as PGlite['query'],
    exec: exec(undefined) as unknown as PGlite['exec'],
    transaction: transaction as unknown as PGlite['transaction'],
    waitReady: Promise.resolve(),
    async close() {
      if (!stopped) await call({ op: 'close' })
      stop('closed')
      await worker.terminate()
    },
  }
}
