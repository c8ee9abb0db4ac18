import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { AppError, isAppError } from '../errors'
import type { FirebaseIdentity } from '../modules/firebase-auth/firebase-identity'
import type { PasswordHasher } from './passwords'
import type { AbuseLimits } from './rate-limit'

export const reauthMessages = {
  required: 'Confirm with your password.',
  wrong: 'The password is wrong.',
  stale: 'Sign in again with your password to confirm.',
} as const

const proofInput = z.object({
  password: z.string().max(1024).optional().catch(undefined),
  idToken: z.string().max(8192).optional().catch(undefined),
})

/** How recent a Firebase sign-in must be to count as proof (seconds). */
export const FIREBASE_REAUTH_MAX_AGE = 300

/**
 * Re-authentication for changes an access token alone must not make (two-step set-up, turning
 * it off, new recovery codes): a stolen token lives 10 minutes, long enough to lock the owner
 * out for good. Local accounts give their password, checked under the sign-in limits (the same
 * account and address counters as /jwt/login, so guesses here and there add up); accounts that
 * sign in through Firebase Auth give a fresh ID token of their own Firebase user (signed in
 * within FIREBASE_REAUTH_MAX_AGE seconds: the client signs in to Firebase again with the password).
 */
export function createReauthenticator(deps: {
  db: Db
  passwords: PasswordHasher
  limits: AbuseLimits
  /** AUTH_PROVIDER=firebase; null in local mode. */
  identity: Pick<FirebaseIdentity, 'verifyIdToken'> | null
  now: () => Date
}) {
  const { db, passwords, limits } = deps
  const wrong = (message: string) => new AppError('INVALID_CREDENTIALS', message, { password: [message] })

  /** Throws PASSWORD_REQUIRED, INVALID_CREDENTIALS or RATE_LIMITED unless `raw` proves the user. */
  return async function prove(userId: number, raw: unknown, clientKey: string): Promise<void> {
    const input = proofInput.parse(raw ?? {})
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
    if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in first')
    if (deps.identity && user.firebaseUid) {
      if (!input.idToken) throw new AppError('PASSWORD_REQUIRED', reauthMessages.required, { password: [reauthMessages.required] })
      const token = await deps.identity.verifyIdToken(input.idToken).catch((e: unknown) => {
        if (isAppError(e) && e.code === 'INVALID_TOKEN') return null
        throw e // Firebase did not answer: SERVICE_UNAVAILABLE, not a wrong password
      })
      const fresh = token && token.authTime * 1000 >= deps.now().getTime() - FIREBASE_REAUTH_MAX_AGE * 1000
      if (!token || token.uid !== user.firebaseUid || !fresh) throw wrong(reauthMessages.stale)
      return
    }
    if (!input.password) throw new AppError('PASSWORD_REQUIRED', reauthMessages.required, { password: [reauthMessages.required] })
    await limits.checkLogin(user.email, clientKey)
    if (!(await passwords.verify(user.passwordHash, input.password))) {
      await limits.loginFailed(user.email, clientKey)
      throw wrong(reauthMessages.wrong)
    }
    await limits.loginSucceeded(user.email, clientKey)
  }
}

export type Reauthenticate = ReturnType<typeof createReauthenticator>
