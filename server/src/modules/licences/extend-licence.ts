import { eq } from 'drizzle-orm'
import { licences } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf } from '../../permissions/scope'
import { type LicenceView, MAX_TOTAL_DAYS, auditShape, changed, view } from './licence-view'
import { lockInScope } from './licence-activation'
import type { LicencesDeps } from './licences.deps'

/** A superseded key no longer counts for anyone: changing it would change nothing but the record. */
export const supersededError = () => new AppError('LICENCE_SUPERSEDED', 'This licence key was replaced by a newer one and can no longer be changed.')

/** TotalDays + days (1 to 3650) for a key in scope that is neither revoked nor superseded. */
export async function extend(deps: LicencesDeps, principal: Principal | null, licenceId: number, days: number): Promise<LicenceView> {
  const { db, audit, now } = deps
  const scope = scopeOf(principal)
  requireStaff(scope)
  if (!Number.isInteger(days) || days < 1 || days > 3650) {
    throw new AppError('BAD_USER_INPUT', 'days must be between 1 and 3650', { days: ['Between 1 and 3650.'] })
  }
  const result = await db.transaction(async (tx) => {
    const row = await lockInScope(tx, scope, licenceId)
    if (row.status === 'revoked') throw new AppError('LICENCE_REVOKED', 'This licence key was revoked.')
    if (row.status === 'superseded') throw supersededError()
    if (row.totalDays + days > MAX_TOTAL_DAYS) {
      throw new AppError('BAD_USER_INPUT', `A licence lasts at most ${MAX_TOTAL_DAYS} days`, { days: ['Too many days.'] })
    }
    const [after] = await tx
      .update(licences)
      .set({ totalDays: row.totalDays + days, updatedAt: now() })
      .where(eq(licences.id, row.id))
      .returning()
    await audit.write(tx, principal!, [{ action: 'licence.extend', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(after!) }])
    return after!
  })
  changed(deps, [result.userId])
  return view(deps, result)
}
