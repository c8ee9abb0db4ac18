import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { AuthResult, AuthService } from '../../auth/auth.service'
import { messages } from '../../auth/messages'
import type { AbuseLimits } from '../../auth/rate-limit'
import type { Db } from '../../db/client'
import { botPanels, users, type UserRow } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import type { AuditService } from '../audit/audit.service'
import type { TwoStepChallenge } from '../two-step/two-step.service'
import type { FirebaseIdentity } from './firebase-identity'

/** What the browser needs to know about sign-in (GET /jwt/auth-config); nothing here is secret. */
export interface AuthConfig {
  provider: 'local' | 'firebase'
  firebase: { apiKey: string; authDomain: string; projectId: string; emulatorUrl: string | null } | null
}

/** Stored as the password hash of accounts made through Firebase: no password verifies against it. */
export const NO_LOCAL_PASSWORD = '!firebase'

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/
export const exchangeInput = z.object({
  idToken: z.string().min(1).max(8192),
  username: z.string().max(320).optional().catch(undefined),
})

export function createFirebaseAuthService(deps: {
  db: Db
  /** Null with AUTH_PROVIDER=local. */
  identity: FirebaseIdentity | null
  auth: Pick<AuthService, 'completeSignIn'>
  audit: AuditService
  limits: AbuseLimits
  config: AuthConfig
}) {
  const { db, identity, audit, limits } = deps

  const required = (): FirebaseIdentity => {
    if (!identity) throw new AppError('BAD_USER_INPUT', 'Firebase sign-in is off (AUTH_PROVIDER=local)')
    return identity
  }

  /**
   * POST /jwt/firebase: a verified Firebase ID token becomes the product's own tokens. The
   * account is found by Firebase uid; a first sign-in with a verified e-mail of an existing
   * account links it (imported users); otherwise, with a username, the account is created
   * with the spec's defaults (role client, read ACL + read all). Without one it is the
   * login failure.
   */
  async function exchange(raw: unknown, clientKey: string, userAgent?: string): Promise<AuthResult | TwoStepChallenge> {
    const id = required()
    const input = exchangeInput.safeParse(raw ?? {})
    if (!input.success) throw new AppError('INVALID_TOKEN', 'Invalid ID token')
    const token = await id.verifyIdToken(input.data.idToken)
    const [known] = await db.select().from(users).where(eq(users.firebaseUid, token.uid)).limit(1)
    if (known) return deps.auth.completeSignIn(known, userAgent)
    const email = (token.email ?? '').trim().toLowerCase()
    if (!email) throw new AppError('INVALID_CREDENTIALS', messages.loginInvalid, { email: [messages.loginInvalid] })
    const [sameEmail] = await db.select().from(users).where(eq(users.email, email)).limit(1)
    if (sameEmail && !sameEmail.firebaseUid && token.emailVerified) {
      const [linked] = await db.update(users).set({ firebaseUid: token.uid }).where(eq(users.id, sameEmail.id)).returning()
      return deps.auth.completeSignIn(linked ?? sameEmail, userAgent)
    }
    if (input.data.username === undefined) {
      throw new AppError('INVALID_CREDENTIALS', messages.loginInvalid, { email: [messages.loginInvalid] })
    }
    return register(token.uid, email, input.data.username.trim(), Boolean(sameEmail), clientKey, userAgent)
  }

  async function register(uid: string, email: string, username: string, emailTaken: boolean, clientKey: string, userAgent?: string) {
    await limits.takeRegistration(email, clientKey)
    const fields: Record<'email' | 'username' | 'password', string[] | null> = {
      email: emailTaken ? [messages.emailInUse] : null,
      username: !username ? [messages.usernameMissing] : USERNAME.test(username) ? null : [messages.usernameInvalid],
      password: null,
    }
    if (!fields.username) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1)
      if (taken) fields.username = [messages.usernameInUse]
    }
    const fail = () => new AppError('BAD_USER_INPUT', 'Registration failed', fields as Record<string, string[]>)
    if (fields.email || fields.username) throw fail()
    let user: UserRow | undefined
    try {
      user = await db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values({ email, username, fullName: username, passwordHash: NO_LOCAL_PASSWORD, firebaseUid: uid }).returning()
        if (!row) throw new AppError('INTERNAL_SERVER_ERROR', 'User not created')
        await tx.insert(botPanels).values({ userId: row.id })
        return row
      })
    } catch (e) {
      const text = String((e as { cause?: { message?: string } }).cause?.message ?? (e as Error).message)
      if (text.includes('users_email_key')) fields.email = [messages.emailInUse]
      else if (text.includes('users_username_lower_key')) fields.username = [messages.usernameInUse]
      else if (text.includes('users_firebase_uid_key')) throw new AppError('CONFLICT', 'This Firebase account is already registered')
      else throw e
      throw fail()
    }
    return deps.auth.completeSignIn(user, userAgent)
  }

  async function firebaseUser(userIdRaw: number): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, userIdRaw)).limit(1)
    if (!user) throw new AppError('NOT_FOUND', 'User not found')
    return user
  }

  /** Whether the user's Firebase account carries `admin: true`; null for an account not linked to Firebase. */
  async function adminClaimOf(userId: number): Promise<boolean | null> {
    const id = required()
    const user = await firebaseUser(userId)
    return user.firebaseUid ? id.adminClaim(user.firebaseUid) : null
  }

  /** Grants or removes the `admin` custom claim (firebase-admin setCustomUserClaims), audited. */
  async function setAdminClaim(actor: Principal, userId: number, admin: boolean): Promise<boolean> {
    const id = required()
    const user = await firebaseUser(userId)
    if (!user.firebaseUid) {
      throw new AppError('BAD_USER_INPUT', 'This account has not signed in through Firebase yet', { userId: ['Not a Firebase account.'] })
    }
    const before = await id.adminClaim(user.firebaseUid).catch(() => null)
    await id.setAdminClaim(user.firebaseUid, admin)
    await db.transaction((tx) =>
      audit.write(tx, actor, [{ action: 'user.adminClaim', entity: 'user', entityId: user.id, before: { adminClaim: before }, after: { adminClaim: admin } }]),
    )
    return admin
  }

  return { exchange, adminClaimOf, setAdminClaim, publicConfig: (): AuthConfig => deps.config }
}

export type FirebaseAuthService = ReturnType<typeof createFirebaseAuthService>
