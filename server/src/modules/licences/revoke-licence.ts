import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { licences } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf } from '../../permissions/scope'
import type { AuditEvent } from '../audit/audit.service'
import { type LicenceView, auditShape, changed, view } from './licence-view'
import { lockInScope, syncPackage } from './licence-activation'
import { supersededError } from './extend-licence'
import type { LicencesDeps } from './licences.deps'

/** Revokes a key in scope; a user whose active key it was loses the package. */
export async function revoke(deps: LicencesDeps, principal: Principal | null, licenceId: number): Promise<LicenceView> {
  const { db, audit, now } = deps
  const scope = scopeOf(principal)
  requireStaff(scope)
  const result = await db.transaction(async (tx) => {
    const row = await lockInScope(tx, scope, licenceId)
    if (row.status === 'revoked') throw new AppError('LICENCE_REVOKED', 'This licence key was already revoked.')
    if (row.status === 'superseded') throw supersededError()
    const at = now()
    const [after] = await tx.update(licences).set({ status: 'revoked', revokedAt: at, updatedAt: at }).where(eq(licences.id, row.id)).returning()
    const events: AuditEvent[] = [{ action: 'licence.revoke', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(after!) }]
    if (row.status === 'active' && row.userId !== null) {
      const pkg = await syncPackage(deps, tx, row.userId)
      if (pkg.before !== pkg.after) {
        events.push({ action: 'user.update', entity: 'user', entityId: row.userId, before: { package: pkg.before }, after: { package: pkg.after } })
      }
    }
    await audit.write(tx, principal!, events)
    return after!
  })
  changed(deps, [result.userId])
  return view(deps, result)
}

/** Revokes every unrevoked key of a user being deleted (inside the deleting transaction). */
export async function revokeAllOfUser(deps: LicencesDeps, tx: Db, userId: number): Promise<AuditEvent[]> {
  const { now } = deps
  const at = now()
  const rows = await tx
    .update(licences)
    .set({ status: 'revoked', revokedAt: at, updatedAt: at })
    .where(and(eq(licences.userId, userId), inArray(licences.status, ['assigned', 'active'])))
    .returning()
  return rows.map((l) => ({ action: 'licence.revoke', entity: 'licence' as const, entityId: l.id, before: { status: 'active' }, after: auditShape(l) }))
}

/**
 * Public API for refunds, inside `tx`: revokes the listed keys that are not revoked yet; a
 * user whose active key it was loses the package. Returns the audit events.
 */
export async function revokeManyInTx(deps: LicencesDeps, tx: Db, ids: number[]): Promise<AuditEvent[]> {
  const { now } = deps
  if (ids.length === 0) return []
  const at = now()
  const before = await tx
    .select()
    .from(licences)
    .where(and(inArray(licences.id, ids), ne(licences.status, 'revoked')))
    .for('update')
  const events: AuditEvent[] = []
  for (const row of before) {
    const [after] = await tx.update(licences).set({ status: 'revoked', revokedAt: at, updatedAt: at }).where(eq(licences.id, row.id)).returning()
    events.push({ action: 'licence.revoke', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(after!) })
    if (row.status === 'active' && row.userId !== null) {
      const pkg = await syncPackage(deps, tx, row.userId)
      if (pkg.before !== pkg.after) {
        events.push({ action: 'user.update', entity: 'user', entityId: row.userId, before: { package: pkg.before }, after: { package: pkg.after } })
      }
    }
  }
  return events
}
