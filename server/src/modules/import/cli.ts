/**
 * `npm run import:users -- --users users.json [--auth auth-export.json] [--hash-params params.json
 * | --hash-key K --salt-separator S --rounds 8 --mem-cost 14] [--dry-run] [--batch 500] [--resume]`
 *
 * Opens the configured database (DATABASE_URL, else PGlite in DATA_DIR), migrates, imports
 * (import-users.ts) and prints the summary as JSON. `--resume` continues after the last
 * committed batch, kept in `<users file>.progress` (removed when the import finishes).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../../config'
import { openDatabase } from '../../db/client'
import { parseFirebaseHashParams } from '../../auth/firebase-scrypt'
import { importUsers, readAuthExport, readUserDocuments } from './import-users'

function fail(message: string, code = 2): never {
  console.error(message)
  process.exit(code)
}

const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    auth: { type: 'string' },
    'hash-params': { type: 'string' },
    'hash-key': { type: 'string' },
    'salt-separator': { type: 'string' },
    rounds: { type: 'string' },
    'mem-cost': { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    batch: { type: 'string', default: '500' },
    resume: { type: 'boolean', default: false },
  },
})

if (!values.users) fail('--users <Firestore export JSON> is required')
const batchSize = Number(values.batch)
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) fail('--batch takes a whole number from 1 to 10000')

const rawParams = values['hash-params']
  ? (JSON.parse(readFileSync(values['hash-params'], 'utf8')) as unknown)
  : values['hash-key']
    ? { base64_signer_key: values['hash-key'], base64_salt_separator: values['salt-separator'] ?? '', rounds: values.rounds, mem_cost: values['mem-cost'] }
    : null
const hashParams = rawParams ? parseFirebaseHashParams(rawParams) : undefined
if (rawParams && !hashParams) fail('The password-hash parameters are incomplete (base64_signer_key, base64_salt_separator, rounds, mem_cost)')
if (values.auth && !hashParams) fail("--auth needs the project's password-hash parameters (--hash-params or --hash-key …)")

let config
try {
  config = loadConfig()
} catch (e) {
  fail(e instanceof ConfigError ? e.message : String(e), 1)
}

const progressFile = `${values.users}.progress`
const startAt = values.resume && existsSync(progressFile) ? Number(readFileSync(progressFile, 'utf8')) || 0 : 0
const records = readUserDocuments(readFileSync(values.users, 'utf8'))
const auth = values.auth ? readAuthExport(readFileSync(values.auth, 'utf8')) : undefined

const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
  pgliteThread: false,
})
try {
  await database.migrate()
  const started = performance.now()
  const summary = await importUsers({
    db: database.db,
    records,
    auth,
    hashParams: hashParams ?? undefined,
    dryRun: values['dry-run'],
    batchSize,
    startAt,
    onBatch: (next) => {
      if (!values['dry-run']) writeFileSync(progressFile, String(next))
    },
  })
  if (!values['dry-run']) rmSync(progressFile, { force: true })
  console.log(JSON.stringify({ ...summary, resumedAt: startAt || undefined, seconds: Number(((performance.now() - started) / 1000).toFixed(2)) }, null, 2))
} finally {
  await database.close()
}
