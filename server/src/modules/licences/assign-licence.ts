import { eq } from 'drizzle-orm'
import { licences } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf } from '../../permissions/scope'
import type { AuditEvent } from '../audit/audit.service'
import { normalizeLicenceKey } from './keys'
import { type LicenceView, auditShape, changed, view } from './licence-view'
import { lockInScope, activateInTx, targetInScope } from './licence-activation'
import type { LicencesDeps } from './licences.deps'

/** Reserves an available key for a user: admins any key, resellers keys of their pool for their clients. */
export async function assign(deps: LicencesDeps, principal: Principal | null, licenceId: number, userId: number, activate = false): Promise<LicenceView> {
  const { db, audit, now } = deps
  const scope = scopeOf(principal)
  requireStaff(scope)
  const result = await db.transaction(async (tx) => {
    const row = await lockInScope(tx, scope, licenceId)
    if (scope.kind === 'reseller' && row.resellerId !== scope.actorId) throw new AppError('NOT_FOUND', 'No such licence')
    const target = await targetInScope(tx, scope, userId)
    if (row.status === 'revoked') throw new AppError('LICENCE_REVOKED', 'This licence key was revoked.')
    if (row.status === 'active' || row.status === 'superseded') throw new AppError('LICENCE_USED', 'This licence key was already used.')
    if (row.status === 'assigned' && row.userId !== target.id) {
      throw new AppError('LICENCE_TAKEN', 'This licence key is reserved for another account.')
    }
    const [assigned] = await tx.update(licences).set({ status: 'assigned', userId: target.id, updatedAt: now() }).where(eq(licences.id, row.id)).returning()
    const events: AuditEvent[] = [{ action: 'licence.assign', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(assigned!) }]
    if (!activate) {
      await audit.write(tx, principal!, events)
      return assigned!
    }
    const done = await activateInTx(deps, tx, assigned!, target)
    await audit.write(tx, principal!, [...events, ...done.events])
    return done.licence
  })
  changed(deps, [result.userId])
  return view(deps, result)
}

/**
 * A user enters a key (License Activation): for themself, or (admins, resellers) for a
 * user in their scope. Package set to the key's plan, licensebeginning today.
 */
export async function activate(deps: LicencesDeps, principal: Principal | null, key: string, userId?: number): Promise<LicenceView> {
  const { db, audit } = deps
  const scope = scopeOf(principal)
  const normalized = normalizeLicenceKey(key)
  const unknown = () => new AppError('LICENCE_INVALID', 'This licence key does not exist.', { licenseKey: ['This licence key does not exist.'] })
  if (!normalized) throw unknown()
  const result = await db.transaction(async (tx) => {
    const target = await targetInScope(tx, scope, userId ?? scope.actorId)
    const [row] = await tx.select().from(licences).where(eq(licences.licensekey, normalized)).for('update')
    if (!row) throw unknown()
    const done = await activateInTx(deps, tx, row, target)
    await audit.write(tx, principal!, done.events)
    return done.licence
  })
  changed(deps, [result.userId])
  return view(deps, result)
}
