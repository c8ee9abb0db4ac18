import { eq } from 'drizzle-orm'
import type { AuthResult } from '../../auth/auth.service'
import { messages } from '../../auth/messages'
import { isWeakPassword } from '../../auth/passwords'
import { users, type UserRow } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { freshSignIn, load, type AccountDeps } from './account-deps'

/**
 * The caller's own password: the current one must match; every sign-in of the user ends
 * (other devices included) and a fresh one is returned for this device.
 */
export async function changePassword(deps: AccountDeps, principal: Principal | null, currentPassword: string, newPassword: string): Promise<AuthResult> {
  const { db, passwords, tokens } = deps
  const scope = scopeOf(principal)
  const user = await load(db, scope.actorId)
  if (!(await passwords.verify(user.passwordHash, currentPassword))) {
    throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong.', { currentPassword: ['The current password is wrong.'] })
  }
  if (isWeakPassword(newPassword)) throw new AppError('WEAK_PASSWORD', messages.passwordWeak, { newPassword: [messages.passwordWeak] })
  const passwordHash = await passwords.hash(newPassword)
  const refreshToken = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.now() }).where(eq(users.id, user.id))
    await tokens.revokeAllForUser(user.id, tx)
    if (principal!.role !== 'client') {
      await deps.audit.write(tx, principal!, [{ action: 'user.password', entity: 'user', entityId: user.id, before: null, after: null }])
    }
    // This device's new sign-in keeps whether the old one passed two-step verification.
    return tokens.issueRefresh(user.id, tx, principal!.twoStep)
  })
  deps.onChanged?.()
  return freshSignIn(deps, user, refreshToken, principal!.twoStep)
}

/** The password of whoever acts (the user, or the admin changing another user) must be given and match. */
export async function checkPassword({ db, passwords }: AccountDeps, actorId: number, password: string | null | undefined): Promise<UserRow> {
  const actor = await load(db, actorId)
  if (!password) {
    throw new AppError('PASSWORD_REQUIRED', 'Confirm with your current password.', { currentPassword: ['Confirm with your current password.'] })
  }
  if (password.length > 1024 || !(await passwords.verify(actor.passwordHash, password))) {
    throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong.', { currentPassword: ['The current password is wrong.'] })
  }
  return actor
}
