import { inArray } from 'drizzle-orm'
import { users } from '../../db/schema'
import { createAuditService } from '../audit/audit.service'
import { writeBatch } from './import-batch'
import { prepare } from './import-records'
import { count, type ImportOptions, type ImportRun, type ImportSummary, type Prepared } from './import-run'

export { NO_PASSWORD, type ImportOptions, type ImportSummary } from './import-run'
export { readAuthExport, readUserDocuments, type AuthExportUser, type SourceRecord } from './import-source'

/**
 * npm run import:users (docs/features/sign-in.md): user documents exported from
 * Firestore (spec §3 fields) and, optionally, a `firebase auth:export` with the project's
 * password-hash parameters, so imported users keep their passwords (verified with Firebase's
 * modified scrypt at their first sign-in, then rehashed to argon2id).
 *
 * Idempotent: users are matched by e-mail; a second run finds nothing to change. Records are
 * validated, and conflicts (a username or licence key of another account) decided, before
 * anything is written; each batch is one transaction, so a record is never half-written. Botpanel.Viewbot and Botpanel.Views
 * (declined features: the product never fakes an audience) are dropped and counted.
 */

export async function importUsers(opts: ImportOptions): Promise<ImportSummary> {
  const { db, records, dryRun = false, batchSize = 500, startAt = 0 } = opts
  const now = opts.now ?? (() => new Date())
  const summary: ImportSummary = {
    total: records.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: [],
    droppedFields: { 'Botpanel.Viewbot': 0, 'Botpanel.Views': 0 },
    passwordsKept: 0,
    withoutPassword: 0,
    licences: 0,
    batches: 0,
    dryRun,
  }
  const run: ImportRun = { opts, now, audit: createAuditService(db, now), summary, seen: new Set() }

  for (let start = startAt; start < records.length; start += batchSize) {
    const batch = records
      .slice(start, start + batchSize)
      .map((source) => prepare(run, source))
      .filter((p): p is Prepared => p !== null)
    if (!dryRun && batch.length) {
      // One transaction per batch: a batch is written whole or not at all.
      await db.transaction((tx) => writeBatch(run, tx, batch))
    } else if (dryRun && batch.length) {
      const existing = new Set(
        (
          await db
            .select({ email: users.email })
            .from(users)
            .where(
              inArray(
                users.email,
                batch.map((p) => p.email),
              ),
            )
        ).map((r) => r.email),
      )
      for (const p of batch) count(run, p, existing.has(p.email) ? 'updated' : 'created')
    }
    summary.batches += 1
    await opts.onBatch?.(Math.min(start + batchSize, records.length))
  }
  return summary
}
