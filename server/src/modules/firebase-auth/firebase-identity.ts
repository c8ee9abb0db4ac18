import { randomUUID } from 'node:crypto'
import type { App } from 'firebase-admin/app'
import type { Auth } from 'firebase-admin/auth'
import { AppError } from '../../errors'

/** What the product needs of Firebase Auth (firebase-admin); one per server. */
export interface FirebaseIdentity {
  /** Verifies an ID token (signature, issuer, audience, expiry, revocation, disabled user); `authTime` is the sign-in's (seconds). */
  verifyIdToken(idToken: string): Promise<{ uid: string; email: string | null; emailVerified: boolean; authTime: number }>
  /** The user's current `admin` custom claim; INVALID_TOKEN when the user was deleted or disabled. */
  adminClaim(uid: string): Promise<boolean>
  /** Sets or removes the `admin` custom claim, keeping the user's other claims. */
  setAdminClaim(uid: string, admin: boolean): Promise<void>
  close(): Promise<void>
}

/** Firebase's answers that mean "this token or user is not good": the caller sees 401, never 5xx. */
const REFUSED = new Set([
  'auth/argument-error',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/invalid-argument',
  'auth/project-not-found',
])

function mapError(e: unknown): never {
  const code = (e as { code?: string }).code ?? ''
  if (REFUSED.has(code)) throw new AppError('INVALID_TOKEN', 'Invalid ID token')
  // Firebase cannot be reached or answered oddly: safe to retry later, never a 500.
  throw new AppError('SERVICE_UNAVAILABLE', 'The identity provider did not answer')
}

/**
 * firebase-admin for one project. With `emulatorHost` every call goes to the Firebase Auth
 * emulator (firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST from the environment, so it is set
 * there; the emulator's tokens are unsigned and firebase-admin skips the signature check for
 * them, which is why production refuses the variable). Without it, Google's public keys
 * verify tokens and the service account of GOOGLE_APPLICATION_CREDENTIALS (or the platform's
 * default credentials) reads users and sets claims.
 */
export function createFirebaseIdentity(options: { projectId: string; emulatorHost?: string }): FirebaseIdentity {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost
  // Loaded at the first use (about a second of start-up), so local mode never loads it.
  let loaded: Promise<{ app: App; auth: Auth; deleteApp: (app: App) => Promise<void> }> | null = null
  const load = () =>
    (loaded ??= (async () => {
      const [{ applicationDefault, deleteApp, initializeApp }, { getAuth }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')])
      const app = initializeApp(
        options.emulatorHost ? { projectId: options.projectId } : { projectId: options.projectId, credential: applicationDefault() },
        `identity-${randomUUID()}`,
      )
      return { app, auth: getAuth(app), deleteApp }
    })().catch((e: unknown) => {
      loaded = null // tried again at the next call
      throw e
    }))
  const adminAuth = async () => (await load()).auth
  // Only firebase mode creates this: load now rather than on the first sign-in.
  void load().catch(() => undefined)

  return {
    async verifyIdToken(idToken) {
      if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > 8192) {
        throw new AppError('INVALID_TOKEN', 'Invalid ID token')
      }
      try {
        const decoded = await (await adminAuth()).verifyIdToken(idToken, true)
        // auth_time: when the user last signed in (seconds); re-authentication asks for a recent one.
        return { uid: decoded.uid, email: decoded.email ?? null, emailVerified: decoded.email_verified === true, authTime: decoded.auth_time }
      } catch (e) {
        mapError(e)
      }
    },
    async adminClaim(uid) {
      try {
        const user = await (await adminAuth()).getUser(uid)
        if (user.disabled) throw new AppError('INVALID_TOKEN', 'Invalid ID token')
        return user.customClaims?.admin === true
      } catch (e) {
        if (e instanceof AppError) throw e
        mapError(e)
      }
    },
    async setAdminClaim(uid, admin) {
      try {
        const auth = await adminAuth()
        const user = await auth.getUser(uid)
        const claims = { ...(user.customClaims ?? {}) }
        if (admin) claims.admin = true
        else delete claims.admin
        await auth.setCustomUserClaims(uid, claims)
      } catch (e) {
        if ((e as { code?: string }).code === 'auth/user-not-found') throw new AppError('NOT_FOUND', 'No such Firebase user')
        mapError(e)
      }
    },
    async close() {
      if (!loaded) return
      const { app, deleteApp } = await loaded
      await deleteApp(app)
    },
  }
}
