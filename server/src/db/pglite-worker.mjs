// PGlite in a worker thread (see pglite-thread.ts, which starts it and talks to it).
// Plain JavaScript so that it loads the same way under tsx, vitest and plain node.
import { readFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

const identity = (v) => v
/** Open transactions by id: the driver's transaction object and how to end it. */
const transactions = new Map()
let transactionSeq = 0
class Rollback extends Error {}

function errorData(e) {
  if (!(e instanceof Error)) return { message: String(e) }
  // Own properties carry the PostgreSQL fields (code, constraint, detail, …).
  const data = { name: e.name, message: e.message, stack: e.stack }
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) data[k] = v
  return data
}

function queryOptions(o) {
  if (!o) return undefined
  const out = {}
  if (o.rowMode) out.rowMode = o.rowMode
  // Type parsers cannot cross threads; the caller names the types to be returned as text.
  if (o.rawTypes) out.parsers = Object.fromEntries(o.rawTypes.map((t) => [t, identity]))
  return out
}

const results = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })

let db
try {
  db = await PGlite.create({
    dataDir: workerData.dataDir,
    extensions: { pg_trgm },
    relaxedDurability: workerData.relaxedDurability,
    // A data-directory tarball to start from (openDatabase's `snapshot`).
    ...(workerData.snapshot ? { loadDataDir: new Blob([readFileSync(workerData.snapshot)]) } : {}),
  })
  parentPort.postMessage({ ready: true })
} catch (e) {
  parentPort.postMessage({ ready: false, error: errorData(e) })
}

function target(txId) {
  if (!txId) return db
  const open = transactions.get(txId)
  if (!open) throw new Error('Transaction is closed')
  return open.tx
}

/** Starts a transaction; resolves with its id once PGlite has run BEGIN and holds the connection for it. */
function begin() {
  return new Promise((resolve, reject) => {
    const id = ++transactionSeq
    let started = false
    const settled = db
      .transaction(async (tx) => {
        started = true
        let end
        const ended = new Promise((r) => (end = r))
        transactions.set(id, { tx, end, settled })
        resolve(id)
        if (!(await ended)) throw new Rollback()
      })
      .finally(() => transactions.delete(id))
    settled.catch((e) => {
      if (!started) reject(e)
    })
  })
}

/** Ends a transaction: COMMIT (or ROLLBACK) has run when this resolves; a failed COMMIT rejects. */
async function end(txId, commit) {
  const open = transactions.get(txId)
  if (!open) throw new Error('Transaction is closed')
  open.end(commit)
  try {
    await open.settled
  } catch (e) {
    if (!(e instanceof Rollback)) throw e
  }
}

async function handle(m) {
  switch (m.op) {
    case 'query':
      return results(await target(m.tx).query(m.text, m.params, queryOptions(m.options)))
    case 'exec':
      return (await target(m.tx).exec(m.text)).map(results)
    case 'begin':
      return begin()
    case 'end':
      return end(m.tx, m.commit)
    case 'close':
      await db.close()
      return null
    default:
      throw new Error(`unknown operation ${m.op}`)
  }
}

parentPort.on('message', (m) => {
  handle(m).then(
    (result) => parentPort.postMessage({ id: m.id, result }),
    (e) => parentPort.postMessage({ id: m.id, error: errorData(e) }),
  )
})
