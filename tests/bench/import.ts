/**
 * npm run bench:import [-- --documents 10000 --batch 500]: imports a generated Firestore export
 * (and its Firebase Auth export) into a fresh migrated database, PGlite and PostgreSQL when
 * TEST_DATABASE_URL is set, then runs it again (nothing to change). Prints the times.
 */
import { openDatabase } from '../../server/src/db/client'
import { parseFirebaseHashParams } from '../../server/src/auth/firebase-scrypt'
import { importUsers, readAuthExport, readUserDocuments } from '../../server/src/modules/import/import-users'
import { freshDatabase, engines } from '../support/databases'
import { EXAMPLE_HASH_PARAMS, makeFirebaseExport } from '../support/firebase-export'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const documents = arg('documents', 10_000)
const batchSize = arg('batch', 500)

const exported = await makeFirebaseExport(documents, {}, 'bench')
const records = readUserDocuments(JSON.stringify(exported.documents))
const auth = readAuthExport(JSON.stringify(exported.auth))
const hashParams = parseFirebaseHashParams(EXAMPLE_HASH_PARAMS)!

for (const engine of engines) {
  const target = await freshDatabase(engine)
  const database = await openDatabase({ url: target.url, dataDir: target.dataDir, queryTimeoutMs: 60_000, pgliteThread: false })
  await database.migrate()
  for (const run of ['first run', 'second run']) {
    const started = performance.now()
    const summary = await importUsers({ db: database.db, records, auth, hashParams, batchSize })
    const seconds = (performance.now() - started) / 1000
    console.log(
      `${engine} ${run}: ${documents} documents in ${seconds.toFixed(2)} s (${Math.round(documents / seconds)}/s), created ${summary.created}, unchanged ${summary.unchanged}, skipped ${summary.skipped.length}`,
    )
  }
  await database.close()
  await target.drop()
}
