import { AsyncLocalStorage } from 'node:async_hooks'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import pg from 'pg'
import { AppError, isAppError } from '../errors'
import type { Logger } from '../logger'

/**
 * Failure behaviour of the database layer (docs/operations.md, "Failure behaviour"): every call has a
 * deadline, a lost PostgreSQL connection never kills the process, single reads outside a
 * transaction are retried a bounded number of times, and whatever still fails reaches the
 * caller as a coded 503 SERVICE_UNAVAILABLE.
 */

/** The statements one request has in flight, so a request that times out can say what it waited for. */
export interface DbActivity {
  pending: Map<number, string>
  /** The GraphQL operation, when the request is one. */
  operation?: string
}
export const dbActivity = new AsyncLocalStorage<DbActivity>()
let statementSeq = 0
/** Statements sent through a hardened pool by this process (operators and `npm run bench:bot` read it: statements per connected channel). */
export const dbCounters = { statements: 0 }

async function tracked<T>(text: string | undefined, run: () => Promise<T>): Promise<T> {
  if (text) dbCounters.statements++
  const activity = dbActivity.getStore()
  if (!activity || !text) return run()
  const id = ++statementSeq
  activity.pending.set(id, text.length > 300 ? `${text.slice(0, 300)}…` : text)
  try {
    return await run()
  } finally {
    activity.pending.delete(id)
  }
}

const LOST_CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up / shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '25P03', // idle_in_transaction_session_timeout
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
const LOST_MESSAGE = /Connection terminated|not queryable|Client was closed|Connection ended|terminating connection/i
const TIMEOUT_CODES = new Set(['57014', '55P03']) // statement timeout / cancel, lock timeout
const TIMEOUT_MESSAGE = /Query read timeout|timeout exceeded when trying to connect/i

function* causes(e: unknown): Generator<unknown> {
  let current = e
  for (let i = 0; i < 6 && current; i++) {
    yield current
    current = (current as { cause?: unknown; originalError?: unknown }).cause ?? (current as { originalError?: unknown }).originalError
  }
}

/** 'lost': the connection broke or could not be made; 'timeout': the database did not answer in time. */
export function dbFailure(e: unknown): 'lost' | 'timeout' | null {
  for (const c of causes(e)) {
    if (!(c instanceof Error)) continue
    const code = (c as { code?: unknown }).code
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return 'timeout'
    if (TIMEOUT_MESSAGE.test(c.message)) return 'timeout'
    if (typeof code === 'string' && LOST_CODES.has(code)) return 'lost'
    if (LOST_MESSAGE.test(c.message)) return 'lost'
  }
  return null
}

/** The coded 503 for a database failure (wrapped by drizzle or GraphQL or not), else null. */
export function asServiceUnavailable(e: unknown): AppError | null {
  for (const c of causes(e)) {
    if (isAppError(c)) return c.code === 'SERVICE_UNAVAILABLE' ? c : null
  }
  const kind = dbFailure(e)
  if (!kind) return null
  return new AppError(
    'SERVICE_UNAVAILABLE',
    kind === 'timeout' ? 'The database did not answer in time; try again' : 'The database connection was lost; try again',
  )
}

/** Rejects with a coded 503 when `promise` has not settled within `ms` (it is not cancelled). */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('SERVICE_UNAVAILABLE', `${what} did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

type AnyQuery = (...args: unknown[]) => unknown

function textOf(q: unknown): string | undefined {
  if (typeof q === 'string') return q
  if (q && typeof q === 'object' && typeof (q as { submit?: unknown }).submit !== 'function') {
    const text = (q as { text?: unknown }).text
    return typeof text === 'string' ? text : undefined
  }
  return undefined
}

/** A single statement that only reads (safe to run again after a lost connection). */
export function isReadOnly(text: string): boolean {
  const t = text.trimStart().toLowerCase()
  if (!(t.startsWith('select') || t.startsWith('with') || t.startsWith('('))) return false
  return !/\b(insert|update|delete|merge|nextval|setval|pg_advisory\w*)\b|\bfor\s+(no\s+key\s+)?(update|share)\b/.test(t)
}

/** Deadlines for a pg Pool: checkout, statement (server side) and a read timeout as a backstop. */
export function poolDeadlines(queryTimeoutMs: number): pg.PoolConfig {
  return {
    connectionTimeoutMillis: queryTimeoutMs,
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + 1000,
    keepAlive: true,
  }
}

/**
 * Makes a pg Pool survive lost connections: an 'error' listener on every client (a client
 * checked out between two statements of a transaction otherwise throws "Unhandled 'error'
 * event" and ends the process), dead clients discarded by the pool (it drops clients that
 * are not queryable on release), and `pool.query` of a single read retried `retries` times
 * with a short backoff. Statements inside transactions are never retried here.
 */
export function hardenPool(pool: pg.Pool, opts: { log?: Logger; retries?: number; backoffMs?: number } = {}) {
  const { log } = opts
  const retries = opts.retries ?? 2
  const backoffMs = opts.backoffMs ?? 50
  pool.on('error', (err) => log?.warn({ err: err.message }, 'idle database connection lost; the pool replaces it'))
  pool.on('connect', (client) => {
    client.on('error', (err) => log?.warn({ err: err.message }, 'database connection lost while in use; its request fails with 503'))
    const query = client.query.bind(client) as AnyQuery
    client.query = ((...args: unknown[]) => {
      if (typeof args[args.length - 1] === 'function') return query(...args)
      return tracked(textOf(args[0]), () => query(...args) as Promise<unknown>)
    }) as typeof client.query
  })
  const query = pool.query.bind(pool) as AnyQuery
  pool.query = ((...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args)
    const text = textOf(args[0])
    const allowed = text !== undefined && isReadOnly(text) ? retries : 0
    return tracked(text, async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await (query(...args) as Promise<unknown>)
        } catch (e) {
          if (attempt >= allowed || dbFailure(e) !== 'lost') throw e
          log?.debug({ attempt: attempt + 1 }, 'read retried after a lost database connection')
          await new Promise((r) => setTimeout(r, backoffMs * 2 ** attempt))
        }
      }
    })
  }) as typeof pool.query
}

/**
 * PGlite cannot cancel a statement, but its callers need not wait forever: every
 * `query`/`exec` gets a deadline (the statement still runs to its end), and a transaction
 * that cannot start within the deadline (another one holds the single connection) is
 * given up: the caller gets the coded 503, and its callback never runs.
 */
export function hardenPglite(client: PGlite, opts: { queryTimeoutMs: number }) {
  const ms = opts.queryTimeoutMs
  const query = client.query.bind(client) as AnyQuery
  const exec = client.exec.bind(client) as AnyQuery
  const transaction = client.transaction.bind(client)
  const what = 'The database'
  client.query = ((...args: unknown[]) => tracked(textOf(args[0]), () => withDeadline(query(...args) as Promise<unknown>, ms, what))) as typeof client.query
  client.exec = ((...args: unknown[]) => tracked(textOf(args[0]), () => withDeadline(exec(...args) as Promise<unknown>, ms, what))) as typeof client.exec
  client.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      let state: 'waiting' | 'running' | 'abandoned' = 'waiting'
      const timer = setTimeout(() => {
        if (state !== 'waiting') return
        state = 'abandoned'
        reject(new AppError('SERVICE_UNAVAILABLE', `${what} did not start a transaction within ${ms} ms`))
      }, ms)
      transaction(async (tx) => {
        clearTimeout(timer)
        if (state === 'abandoned') throw new AppError('SERVICE_UNAVAILABLE', 'Transaction abandoned by its caller')
        state = 'running'
        const txQuery = tx.query.bind(tx) as AnyQuery
        tx.query = ((...args: unknown[]) => tracked(textOf(args[0]), () => txQuery(...args) as Promise<unknown>)) as typeof tx.query
        return fn(tx)
      }).then(resolve, reject)
    })) as typeof client.transaction
}

function isPgConnectionError(err: unknown): boolean {
  if (dbFailure(err) !== 'lost') return false
  return err instanceof pg.DatabaseError || LOST_MESSAGE.test((err as Error).message) || /node_modules[\\/]pg/.test((err as Error).stack ?? '')
}

/**
 * Last line of defence: an error from a pg connection that escaped every listener is logged,
 * and the process keeps serving (the pool replaces the connection). Any other uncaught
 * exception keeps Node's default: it is printed and the process exits with code 1.
 */
export function installPgSafetyNet(log: Logger) {
  process.on('uncaughtException', (err, origin) => {
    if (isPgConnectionError(err)) {
      log.error({ err: err.message, origin }, 'database connection error escaped its handlers; still serving')
      return
    }
    log.fatal({ err, origin }, 'uncaught exception')
    console.error(err)
    process.exit(1)
  })
}
