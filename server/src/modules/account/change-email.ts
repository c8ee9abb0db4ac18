import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { AuthResult } from '../../auth/auth.service'
import { messages } from '../../auth/messages'
import { hashToken } from '../../auth/tokens'
import type { Db } from '../../db/client'
import { users, type UserRow } from '../../db/schema'
import { isUniqueViolation } from '../../db/unique-violation'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { freshSignIn, targetOf, toSettings, type AccountDeps, type AccountSettings } from './account-deps'
import { emailField } from './account-inputs'
import { emailChanges } from './account.tables'
import { checkPassword } from './change-password'
import { emailHeldForUndo } from './email-hold'

/** The mail to the old address with the single-use undo link. */
async function mailUndoLink(deps: AccountDeps, tx: Db, principal: Principal, before: UserRow, email: string, undoToken: string, self: boolean) {
  const link = `${deps.publicUrl.replace(/\/$/, '')}/account/undo-email-change?token=${undoToken}`
  const days = Math.max(1, Math.round(deps.emailUndoTtlSeconds / 86400))
  await deps.mail.send(
    {
      to: before.email,
      subject: 'The sign-in e-mail of your account was changed',
      text:
        `The sign-in e-mail of your Channel Assistant account (${before.username}) was changed${self ? '' : ' by an administrator'} from ${before.email} to ${email}.\n\n` +
        `If this was not you, undo it here (valid for ${days} day${days === 1 ? '' : 's'}, once): ${link}\n` +
        `Undoing puts this address back and signs out every device; then choose a new password with "Forgot password".\n\n` +
        'If it was you, ignore this mail.',
    },
    tx,
    principal,
  )
}

/**
 * Changes the sign-in e-mail. Needs the caller's current password (an admin changing another
 * user's gives the admin's own; audited). The old address gets a single-use link that undoes
 * the change, and every sign-in of the account ends; the user changing their own gets a fresh
 * one for this device (`auth`).
 */
export async function changeEmail(
  deps: AccountDeps,
  principal: Principal | null,
  userId: number | null | undefined,
  raw: { email?: unknown; currentPassword?: unknown },
): Promise<{ settings: AccountSettings; auth: AuthResult | null }> {
  const { db, tokens } = deps
  const scope = scopeOf(principal)
  const id = targetOf(principal, userId)
  const parsed = emailField.safeParse(raw.email)
  if (!parsed.success) throw new AppError('BAD_USER_INPUT', 'Invalid settings', { email: parsed.error.issues.map((i) => i.message) })
  const email = parsed.data
  await checkPassword(deps, scope.actorId, typeof raw.currentPassword === 'string' ? raw.currentPassword : null)
  const at = deps.now()
  // In use: another account's address, or one another account may still take back with its undo link.
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, id)))
    .limit(1)
  const held = await emailHeldForUndo(db, email, at, id)
  if (taken || held) throw new AppError('BAD_USER_INPUT', 'Invalid settings', { email: [messages.emailInUse] })
  const self = id === scope.actorId
  const undoToken = randomBytes(32).toString('base64url')
  try {
    const { after, refreshToken } = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update')
      if (!before) throw new AppError('NOT_FOUND', 'No such user')
      if (before.email === email) return { after: before, refreshToken: null }
      const [after] = await tx.update(users).set({ email, updatedAt: at }).where(eq(users.id, id)).returning()
      await tx.insert(emailChanges).values({
        userId: id,
        oldEmail: before.email,
        newEmail: email,
        changedBy: scope.actorId,
        undoTokenHash: hashToken(undoToken),
        createdAt: at,
        expiresAt: new Date(at.getTime() + deps.emailUndoTtlSeconds * 1000),
      })
      await mailUndoLink(deps, tx, principal!, before, email, undoToken, self)
      await tokens.revokeAllForUser(id, tx)
      if (principal!.role !== 'client' || !self) {
        await deps.audit.write(tx, principal!, [{ action: 'user.email', entity: 'user', entityId: id, before: { email: before.email }, after: { email } }])
      }
      return { after: after!, refreshToken: self ? await tokens.issueRefresh(id, tx, principal!.twoStep) : null }
    })
    deps.onChanged?.()
    const auth = refreshToken ? await freshSignIn(deps, after, refreshToken, principal!.twoStep) : null
    return { settings: toSettings(after), auth }
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('BAD_USER_INPUT', 'Invalid settings', { email: [messages.emailInUse] })
    throw e
  }
}

/**
 * The link mailed to the old address: puts it back, ends every sign-in of the account and
 * voids the account's other undo links (a later change by whoever took over cannot be
 * "undone" back to their address). Single use; refused when used, expired or unknown.
 */
export async function undoEmailChange(deps: AccountDeps, token: unknown): Promise<boolean> {
  const invalidLink = () => new AppError('UNDO_LINK_INVALID', 'This link is invalid, was already used or has expired.')
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw invalidLink()
  const at = deps.now()
  await deps.db.transaction(async (tx) => {
    const [change] = await tx
      .update(emailChanges)
      .set({ usedAt: at })
      .where(and(eq(emailChanges.undoTokenHash, hashToken(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, at)))
      .returning()
    if (!change) throw invalidLink()
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, change.oldEmail), ne(users.id, change.userId)))
      .limit(1)
    if (other) throw new AppError('CONFLICT', 'Another account uses this address now; contact support.')
    await tx.update(users).set({ email: change.oldEmail, updatedAt: at }).where(eq(users.id, change.userId))
    await tx
      .update(emailChanges)
      .set({ usedAt: at })
      .where(and(eq(emailChanges.userId, change.userId), isNull(emailChanges.usedAt)))
    await deps.tokens.revokeAllForUser(change.userId, tx)
  })
  deps.onChanged?.()
  return true
}
