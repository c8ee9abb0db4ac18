import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { channels } from '../channels/channels.tables'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { lockTarget, changed } from './user-writes'
import type { UsersDeps } from './users.deps'

/** Admins delete a user (not themself): sessions and bot panel go, keys are revoked, clients lose their reseller. */
export async function remove(deps: UsersDeps, principal: Principal | null, id: number): Promise<void> {
  const { db, audit, licences, now } = deps
  const scope = scopeOf(principal)
  requireAdmin(scope)
  if (id === scope.actorId) throw new AppError('BAD_USER_INPUT', 'You cannot delete yourself', { id: ['You cannot delete yourself.'] })
  // Their channels go with them (cascade): the bot worker hears of each, so their bots stop now.
  const gone = await db.transaction(async (tx) => {
    const before = await lockTarget(tx, scope, id)
    const owned = await tx.select({ id: channels.id }).from(channels).where(eq(channels.userId, id))
    const events = await licences.revokeAllOfUser(tx, id)
    const orphans = await tx.update(users).set({ resellerId: null, updatedAt: now() }).where(eq(users.resellerId, id)).returning({ id: users.id })
    for (const o of orphans) {
      events.push({ action: 'user.update', entity: 'user', entityId: o.id, before: { resellerId: id }, after: { resellerId: null } })
    }
    await tx.delete(users).where(eq(users.id, id))
    events.push({ action: 'user.delete', entity: 'user', entityId: id, before: { ...before }, after: null })
    await audit.write(tx, principal!, events)
    return owned.map((c) => c.id)
  })
  changed(deps)
  if (gone.length) deps.onChannelsChanged?.(gone)
}
