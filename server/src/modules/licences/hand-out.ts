/** The licences other services hand out inside their own transaction: user creation and paid shop invoices. */
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { licences, type LicenceRow } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { scopeOf, type Scope } from '../../permissions/scope'
import type { AuditEvent } from '../audit/audit.service'
import { generateLicenceKey, normalizeLicenceKey } from './keys'
import { type LicenceTarget, auditShape } from './licence-view'
import { activateInTx } from './licence-activation'
import type { LicencesDeps } from './licences.deps'

/**
 * Public API for user creation, inside the creating transaction `tx`: activates a licence for
 * the new user `target`, either the key the creator typed (locked; a reseller's own pool
 * only) or one freshly minted for `plan` (admins). Returns the audit events to write.
 */
export async function handOutInTx(
  deps: LicencesDeps,
  tx: Db,
  actor: Principal,
  target: LicenceTarget,
  source: { licenseKey: string } | { planId: number; totalDays: number },
): Promise<AuditEvent[]> {
  const row =
    'licenseKey' in source ? await lockForHandout(tx, scopeOf(actor), source.licenseKey) : await mintInTx(deps, tx, actor, source.planId, source.totalDays)
  return (await activateInTx(deps, tx, row, target)).events
}

/** For user creation: a key the creator may hand out, locked, by what was typed. */
export async function lockForHandout(tx: Db, scope: Scope, key: string): Promise<LicenceRow> {
  const normalized = normalizeLicenceKey(key)
  const unknown = () => new AppError('LICENCE_INVALID', 'This licence key does not exist.', { licenseKey: ['This licence key does not exist.'] })
  if (!normalized) throw unknown()
  const [row] = await tx.select().from(licences).where(eq(licences.licensekey, normalized)).for('update')
  if (!row) throw unknown()
  if (scope.kind === 'reseller' && row.resellerId !== scope.actorId) {
    throw new AppError('LICENCE_TAKEN', 'This licence key is not in your pool.', { licenseKey: ['This licence key is not in your pool.'] })
  }
  return row
}

/** For user creation by an admin with a plan (and paid shop invoices): one fresh key, inside `tx`. */
export async function mintInTx(
  deps: LicencesDeps,
  tx: Db,
  actor: Principal,
  planId: number,
  totalDays: number,
  resellerId: number | null = null,
): Promise<LicenceRow> {
  const { audit, now } = deps
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(licences)
      .values({
        licensekey: generateLicenceKey(),
        planId,
        totalDays,
        resellerId,
        status: 'available',
        createdBy: actor.userId,
        createdAt: now(),
        updatedAt: now(),
      })
      .onConflictDoNothing({ target: licences.licensekey })
      .returning()
    if (row) {
      await audit.write(tx, actor, [{ action: 'licence.generate', entity: 'licence', entityId: row.id, before: null, after: auditShape(row) }])
      return row
    }
  }
  throw new AppError('INTERNAL_SERVER_ERROR', 'Could not generate a unique key')
}

/**
 * Public API for paid shop invoices, inside the paying transaction `tx`: mints one key for
 * `planId` and then activates it on `buyer` (activate), reserves it for `buyer` (assigned,
 * to be activated later), or leaves it in `pool`'s reseller pool. Returns the row and the
 * audit events (the minting's own event is written here).
 */
export async function issueInTx(
  deps: LicencesDeps,
  tx: Db,
  actor: Principal,
  source: { planId: number; totalDays: number },
  to: { activate: LicenceTarget } | { reserve: LicenceTarget } | { pool: number },
): Promise<{ licence: LicenceRow; events: AuditEvent[] }> {
  const { now } = deps
  const row = await mintInTx(deps, tx, actor, source.planId, source.totalDays, 'pool' in to ? to.pool : null)
  if ('pool' in to) return { licence: row, events: [] }
  if ('activate' in to) return activateInTx(deps, tx, row, to.activate)
  const [assigned] = await tx.update(licences).set({ status: 'assigned', userId: to.reserve.id, updatedAt: now() }).where(eq(licences.id, row.id)).returning()
  return {
    licence: assigned!,
    events: [{ action: 'licence.assign', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(assigned!) }],
  }
}
