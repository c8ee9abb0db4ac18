/**
 * AUTH_PROVIDER=firebase: the firebase web SDK, loaded only by the sign-in pages in that mode
 * (a dynamic import from auth-api.ts, so local mode never downloads it). Nothing is kept in
 * the browser: the ID token is exchanged at once for the product's own tokens.
 */
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app'
import {
  type Auth,
  type User,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  inMemoryPersistence,
  initializeAuth,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
} from 'firebase/auth'
import type { FirebaseWebConfig } from '../../../lib/auth-config'

let current: { key: string; auth: Auth } | null = null

function authFor(config: FirebaseWebConfig): Auth {
  const key = JSON.stringify(config)
  if (current?.key === key) return current.auth
  const name = `dashboard-${getApps().length}`
  const app: FirebaseApp = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId }, name)
  const auth = initializeAuth(app, { persistence: inMemoryPersistence })
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true })
  current = { key, auth }
  return auth
}

export type FirebaseOutcome<T> = { ok: true; value: T } | { ok: false; code: string }

const codeOf = (error: unknown) => String((error as { code?: unknown }).code ?? 'auth/internal-error')

export async function firebaseSignIn(config: FirebaseWebConfig, email: string, password: string): Promise<FirebaseOutcome<string>> {
  try {
    const { user } = await signInWithEmailAndPassword(authFor(config), email, password)
    return { ok: true, value: await user.getIdToken() }
  } catch (error) {
    return { ok: false, code: codeOf(error) }
  }
}

/** Creates the Firebase account; `discard` deletes it again when the product refuses the registration. */
export async function firebaseRegister(
  config: FirebaseWebConfig,
  email: string,
  password: string,
): Promise<FirebaseOutcome<{ idToken: string; discard: () => Promise<void> }>> {
  try {
    const { user } = await createUserWithEmailAndPassword(authFor(config), email, password)
    const discard = (u: User) => async () => {
      await u.delete().catch(() => undefined)
    }
    return { ok: true, value: { idToken: await user.getIdToken(), discard: discard(user) } }
  } catch (error) {
    return { ok: false, code: codeOf(error) }
  }
}

/** Firebase mails its own reset link; an unknown address is not revealed (it reads as sent). */
export async function firebaseSendReset(config: FirebaseWebConfig, email: string): Promise<FirebaseOutcome<null>> {
  try {
    await sendPasswordResetEmail(authFor(config), email)
    return { ok: true, value: null }
  } catch (error) {
    const code = codeOf(error)
    return code === 'auth/user-not-found' ? { ok: true, value: null } : { ok: false, code }
  }
}
