import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { passwordResets, users } from '../db/schema'
import { AppError } from '../errors'
import type { MailService } from '../modules/mail/mail.service'
import { twoStep } from '../modules/two-step/two-step.tables'
import { normalizeEmail } from './auth.service'
import { messages } from './messages'
import { isWeakPassword, type PasswordHasher } from './passwords'
import type { AbuseLimits } from './rate-limit'
import { hashToken, type TokenService } from './tokens'

/**
 * Forgot password: a single-use token, stored hashed, mailed as a link; using it sets the
 * new password and signs out every session. The request answers the same whether or not
 * the email exists.
 */
export function createPasswordResetService(deps: {
  db: Db
  mail: MailService
  passwords: PasswordHasher
  tokens: TokenService
  publicUrl: string
  ttlSeconds: number
  /** Reset mails per e-mail and requests per address (rate-limit.ts). */
  limits: AbuseLimits
  now: () => Date
}) {
  const { db, mail, passwords, tokens, now } = deps

  async function request(emailRaw: string, clientKey: string): Promise<void> {
    const email = normalizeEmail(emailRaw)
    if (email.length > 320) return
    // Counted whether or not the account exists, so the limit tells nothing about it.
    await deps.limits.takePasswordReset(email, clientKey)
    const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1)
    if (!user) return
    const token = randomBytes(32).toString('base64url')
    const createdAt = now()
    await db.transaction(async (tx) => {
      await tx.insert(passwordResets).values({
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + deps.ttlSeconds * 1000),
      })
      const link = `${deps.publicUrl.replace(/\/$/, '')}/forgot-password?token=${token}`
      await mail.send(
        {
          to: user.email,
          subject: 'Reset your password',
          text: `Someone asked to reset the password of your account.\n\nChoose a new password here (valid for ${Math.round(deps.ttlSeconds / 60)} minutes): ${link}\n\nIf it was not you, ignore this mail.`,
        },
        tx,
        // Limited above, per e-mail and per address (no account is signed in).
        null,
      )
    })
  }

  /**
   * For an account an admin or reseller created without a password: mails a single-use link
   * (the same reset flow) to choose one, valid `ttlSeconds`, inside the creating transaction.
   */
  async function invite(tx: Db, user: { id: number; email: string }, ttlSeconds: number, by: { userId: number }): Promise<void> {
    const token = randomBytes(32).toString('base64url')
    const createdAt = now()
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + ttlSeconds * 1000),
    })
    const link = `${deps.publicUrl.replace(/\/$/, '')}/forgot-password?token=${token}`
    await mail.send(
      {
        to: user.email,
        subject: 'Your Channel Assistant account',
        text: `An account was created for you.\n\nChoose your password here (valid for ${Math.round(ttlSeconds / 86400)} days): ${link}\n\nIf you did not expect this mail, ignore it.`,
      },
      tx,
      by,
    )
  }

  async function reset(token: string, password: string): Promise<void> {
    if (isWeakPassword(password)) throw new AppError('WEAK_PASSWORD', messages.passwordWeak)
    if (token.length < 20 || token.length > 200) throw new AppError('INVALID_TOKEN', 'This reset link is invalid or has expired.')
    const passwordHash = await passwords.hash(password)
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(passwordResets)
        .set({ usedAt: now() })
        .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now())))
        .returning({ userId: passwordResets.userId })
      if (!row) return false
      await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, row.userId))
      await tokens.revokeAllForUser(row.userId, tx)
      // A two-step set-up never confirmed protects nothing and may be an intruder's (begun with
      // the old password): it goes. A confirmed one stays: the mailbox alone must not undo the
      // second step (a lost phone is what the recovery codes are for).
      await tx.delete(twoStep).where(and(eq(twoStep.userId, row.userId), isNull(twoStep.enabledAt)))
      return true
    })
    if (!done) throw new AppError('INVALID_TOKEN', 'This reset link is invalid or has expired.')
  }

  return { request, invite, reset }
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>
