/** What the writes share: the locked target in scope, the reseller check, the change notice. */
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import type { Scope } from '../../permissions/scope'
import type { UsersDeps } from './users.deps'

export async function lockTarget(tx: Db, scope: Scope, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update')
  const visible = row && (scope.kind === 'all' || row.id === scope.actorId || (scope.kind === 'reseller' && row.resellerId === scope.actorId))
  if (!row || !visible) throw new AppError('NOT_FOUND', 'No such user')
  return row
}

export async function resellerExists(tx: Db, id: number) {
  const [r] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id))
  return r?.role === 'reseller'
}

export function changed(deps: UsersDeps) {
  const { counts } = deps
  counts.clear()
  deps.onChanged?.()
}
