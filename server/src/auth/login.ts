import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { users, type UserRow } from '../db/schema'
import { AppError } from '../errors'
import { isStaff, type TwoStepChallenge } from '../modules/two-step/two-step.service'
import { findById, normalizeEmail, type AuthDeps, type AuthResult } from './auth-deps'
import { issue, refuseInFirebaseMode } from './issue-session'
import { messages } from './messages'

const text = z.string().max(320).optional().catch(undefined)
export const loginInput = z.object({ email: text, password: z.string().max(1024).optional().catch(undefined) })

export async function login(deps: AuthDeps, raw: unknown, clientKey: string, userAgent?: string): Promise<AuthResult | TwoStepChallenge> {
  const { db, limits, passwords } = deps
  const input = loginInput.safeParse(raw ?? {})
  const email = normalizeEmail(input.success ? (input.data.email ?? '') : '')
  const password = input.success ? (input.data.password ?? '') : ''
  refuseInFirebaseMode(deps)
  await limits.checkLogin(email, clientKey)
  const [user] = email ? await db.select().from(users).where(eq(users.email, email)).limit(1) : []
  const ok = user ? await passwords.verify(user.passwordHash, password) : await passwords.verifyDummy(password)
  if (!user || !ok) {
    await limits.loginFailed(email, clientKey)
    throw new AppError('INVALID_CREDENTIALS', messages.loginInvalid, { email: [messages.loginInvalid] })
  }
  await limits.loginSucceeded(email, clientKey)
  if (passwords.needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await passwords.hash(password) })
      .where(eq(users.id, user.id))
  }
  return afterPassword(deps, user, userAgent)
}

/** After the password (or another first factor): tokens, or the two-step challenge when the account has it on. */
export async function afterPassword(deps: AuthDeps, user: UserRow, userAgent?: string): Promise<AuthResult | TwoStepChallenge> {
  const { twoStep, db } = deps
  if (!twoStep) return issue(deps, user, db, userAgent)
  if (await twoStep.isEnabled(user.id)) return twoStep.challenge(user)
  if (isStaff(user.role) && (await twoStep.requireForStaff())) return { ...(await issue(deps, user, db, userAgent)), twoStepSetupRequired: true }
  return issue(deps, user, db, userAgent)
}

/** The second step of a sign-in: the challenge token from login and a TOTP or recovery code. */
export async function loginTwoStep(deps: AuthDeps, raw: unknown, clientKey: string, userAgent?: string): Promise<AuthResult> {
  if (!deps.twoStep) throw new AppError('NOT_FOUND', 'Not found')
  const user = await findById(deps, await deps.twoStep.verifyChallenge(raw, clientKey))
  if (!user) throw new AppError('INVALID_TOKEN', 'Invalid token')
  return issue(deps, user, deps.db, userAgent, true)
}

/**
 * After a confirmed two-step set-up: the caller proved their password and a first code, so
 * this device gets a sign-in that counts as two-step (the staff policy lets it through), and
 * every other sign-in of the account ends (one made with a stolen password or token included).
 */
export async function signInAfterTwoStepSetup(deps: AuthDeps, userId: number, userAgent?: string): Promise<AuthResult> {
  const user = await findById(deps, userId)
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in first')
  return deps.db.transaction(async (tx) => {
    await deps.tokens.revokeAllForUser(user.id, tx)
    return issue(deps, user, tx, userAgent, true)
  })
}
