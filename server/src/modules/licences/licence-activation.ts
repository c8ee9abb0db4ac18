/** What the writes share: the locked licence in scope, the user's package, activating a key on a user. */
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { licences, users, type LicenceRow } from '../../db/schema'
import { AppError } from '../../errors'
import type { Scope } from '../../permissions/scope'
import type { AuditEvent } from '../audit/audit.service'
import { daysBetween, utcDay } from '../users/user-view'
import { type LicenceTarget, MAX_TOTAL_DAYS, auditShape } from './licence-view'
import type { LicencesDeps } from './licences.deps'

/** Loads a licence for a change, locked; NOT_FOUND when the scope may not manage it. */
export async function lockInScope(tx: Db, scope: Scope, id: number): Promise<LicenceRow> {
  const [row] = await tx.select().from(licences).where(eq(licences.id, id)).for('update')
  const notFound = new AppError('NOT_FOUND', 'No such licence')
  if (!row) throw notFound
  if (scope.kind === 'all') return row
  if (scope.kind === 'self') throw notFound
  if (row.resellerId === scope.actorId) return row
  if (row.userId !== null) {
    const [owner] = await tx.select({ resellerId: users.resellerId }).from(users).where(eq(users.id, row.userId))
    if (owner?.resellerId === scope.actorId) return row
  }
  throw notFound
}

/** Sets the user's package from their active licence (or 'None'); a change is announced to them (onPlanChanged). */
export async function syncPackage(deps: LicencesDeps, tx: Db, userId: number): Promise<{ before: string; after: string }> {
  const { plans, now } = deps
  const [user] = await tx.select({ package: users.package }).from(users).where(eq(users.id, userId))
  const [active] = await tx
    .select({ planId: licences.planId })
    .from(licences)
    .where(and(eq(licences.userId, userId), eq(licences.status, 'active')))
  const plan = active?.planId ? await plans.byId(active.planId, tx) : undefined
  const after = plan?.name ?? 'None'
  const before = user?.package ?? 'None'
  if (before !== after) {
    await tx.update(users).set({ package: after, updatedAt: now() }).where(eq(users.id, userId))
    await deps.onPlanChanged?.(tx, userId, { before, after })
  }
  return { before, after }
}

/**
 * The days a running licence still has on `today` (0 once it has run out or never started):
 * what an activation carries over from the licence it supersedes.
 */
export function remainingDays(l: Pick<LicenceRow, 'totalDays' | 'licensebeginning'>, today: string): number {
  if (!l.licensebeginning) return 0
  return Math.max(0, l.totalDays - daysBetween(l.licensebeginning, today))
}

/**
 * Activates `row` for `target` inside `tx`: package set to the plan, licensebeginning
 * today, any other active licence of the target superseded and its remaining days carried
 * over into the new key's TotalDays (bought days are never dropped; capped at the longest
 * licence). A used, revoked or someone else's key is refused with its code. Returns the
 * audit events.
 */
export async function activateInTx(deps: LicencesDeps, tx: Db, row: LicenceRow, target: LicenceTarget): Promise<{ licence: LicenceRow; events: AuditEvent[] }> {
  const { plans, now } = deps
  if (row.status === 'revoked') {
    throw new AppError('LICENCE_REVOKED', 'This licence key was revoked.', { licenseKey: ['This licence key was revoked.'] })
  }
  if (row.status === 'active' || row.status === 'superseded') {
    throw new AppError('LICENCE_USED', 'This licence key was already used.', { licenseKey: ['This licence key was already used.'] })
  }
  if (row.status === 'assigned' && row.userId !== target.id) {
    throw new AppError('LICENCE_TAKEN', 'This licence key is reserved for another account.', {
      licenseKey: ['This licence key is reserved for another account.'],
    })
  }
  const plan = row.planId ? await plans.byId(row.planId, tx) : undefined
  if (!plan) throw new AppError('LICENCE_INVALID', 'This licence key has no plan.', { licenseKey: ['This licence key has no plan.'] })
  const events: AuditEvent[] = []
  // One account's activations one at a time: two keys activated at once would each supersede
  // the other's still uncommitted row and both end active (the one-active-per-user index then
  // failed the later, a 500). The user row is locked after the key's, in every caller.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, target.id)).for('update')
  // A reseller's key: a client without a reseller becomes theirs; another reseller's client may not use it.
  if (row.resellerId !== null && row.resellerId !== target.id && target.resellerId !== row.resellerId) {
    if (target.resellerId !== null || target.role !== 'client') {
      throw new AppError('LICENCE_TAKEN', "This licence key belongs to another reseller's clients.", {
        licenseKey: ["This licence key belongs to another reseller's clients."],
      })
    }
    await tx.update(users).set({ resellerId: row.resellerId, updatedAt: now() }).where(eq(users.id, target.id))
    events.push({ action: 'user.update', entity: 'user', entityId: target.id, before: { resellerId: null }, after: { resellerId: row.resellerId } })
  }
  const at = now()
  const superseded = await tx
    .update(licences)
    .set({ status: 'superseded', updatedAt: at })
    .where(and(eq(licences.userId, target.id), eq(licences.status, 'active'), ne(licences.id, row.id)))
    .returning()
  const today = utcDay(at)
  let carried = 0
  for (const s of superseded) {
    carried += remainingDays(s, today)
    events.push({ action: 'licence.supersede', entity: 'licence', entityId: s.id, before: { status: 'active' }, after: { status: 'superseded' } })
  }
  const totalDays = Math.min(MAX_TOTAL_DAYS, row.totalDays + carried)
  const [activated] = await tx
    .update(licences)
    .set({ status: 'active', userId: target.id, licensebeginning: today, totalDays, activatedAt: at, updatedAt: at })
    .where(eq(licences.id, row.id))
    .returning()
  const pkg = await syncPackage(deps, tx, target.id)
  events.push({ action: 'licence.activate', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(activated!) })
  if (pkg.before !== pkg.after) {
    events.push({ action: 'user.update', entity: 'user', entityId: target.id, before: { package: pkg.before }, after: { package: pkg.after } })
  }
  return { licence: activated!, events }
}

export async function targetUser(tx: Db, id: number): Promise<LicenceTarget | undefined> {
  const [u] = await tx.select({ id: users.id, role: users.role, resellerId: users.resellerId }).from(users).where(eq(users.id, id))
  return u
}

/** A user in the scope (admin: anyone; reseller: themself and their clients; client: themself). */
export async function targetInScope(tx: Db, scope: Scope, id: number): Promise<LicenceTarget> {
  const u = await targetUser(tx, id)
  const ok = u && (scope.kind === 'all' || u.id === scope.actorId || (scope.kind === 'reseller' && u.resellerId === scope.actorId))
  if (!ok) throw new AppError('NOT_FOUND', 'No such user', { userId: ['No such user.'] })
  return u
}
