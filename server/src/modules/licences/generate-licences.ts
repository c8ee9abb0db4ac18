import { licences, type LicenceRow } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { generateLicenceKey } from './keys'
import { type LicenceView, auditShape, changed, view } from './licence-view'
import { generateInput, invalid } from './licence-inputs'
import { targetUser } from './licence-activation'
import type { LicencesDeps } from './licences.deps'

/** Admins mint a batch of keys for a plan, optionally into a reseller's pool. */
export async function generate(deps: LicencesDeps, principal: Principal | null, raw: unknown): Promise<LicenceView[]> {
  const { db, audit, plans, now } = deps
  requireAdmin(scopeOf(principal))
  const parsed = generateInput.safeParse(raw ?? {})
  if (!parsed.success) throw invalid(parsed.error)
  const input = parsed.data
  if (!(await plans.byId(input.planId))) throw new AppError('BAD_USER_INPUT', 'No such plan', { planId: ['No such plan.'] })
  const resellerId = input.resellerId ?? null
  if (resellerId !== null) {
    const r = await targetUser(db, resellerId)
    if (r?.role !== 'reseller') throw new AppError('BAD_USER_INPUT', 'Not a reseller', { resellerId: ['Not a reseller.'] })
  }
  const rows = await db.transaction(async (tx) => {
    const made: LicenceRow[] = []
    // 80-bit keys practically never collide; a collision is simply drawn again.
    for (let attempt = 0; made.length < input.count && attempt < 5; attempt++) {
      const values = Array.from({ length: input.count - made.length }, () => ({
        licensekey: generateLicenceKey(),
        planId: input.planId,
        resellerId,
        totalDays: input.totalDays,
        status: 'available' as const,
        createdBy: principal!.userId,
        createdAt: now(),
        updatedAt: now(),
      }))
      made.push(...(await tx.insert(licences).values(values).onConflictDoNothing({ target: licences.licensekey }).returning()))
    }
    if (made.length < input.count) throw new AppError('INTERNAL_SERVER_ERROR', 'Could not generate unique keys')
    await audit.write(
      tx,
      principal!,
      made.map((l) => ({ action: 'licence.generate', entity: 'licence' as const, entityId: l.id, before: null, after: auditShape(l) })),
    )
    return made
  })
  changed(deps)
  return rows.map((row) => view(deps, row))
}
