/**
 * The spec's real sign-in calls (section 7): POST /jwt/login, /jwt/register, /jwt/logout.
 * Results are returned as values, never thrown, so pages can show each case.
 */
import { postJson } from '../../../lib/api-fetch'
import { type AuthPayload, parseAuthPayload } from '../../../lib/session-types'
import { getAccessToken } from '../../../lib/session'
import { type AuthConfig, authConfig } from '../../../lib/auth-config'
import { REGISTER_MESSAGES, firebaseRegisterErrors } from './firebase-errors'

export type FieldErrors<F extends string> = Partial<Record<F, string[]>>

export type AuthResult<F extends string> =
  | { ok: true; payload: AuthPayload; /** An admin or reseller who must set up two-step verification first. */ setupTwoStep?: boolean }
  /** The password was right; the account asks for a two-step code (POST /jwt/login/two-step). */
  | { ok: false; kind: 'twoStep'; token: string }
  | { ok: false; kind: 'fields'; errors: FieldErrors<F> }
  | { ok: false; kind: 'status'; status: number }
  /** AUTH_PROVIDER=firebase: Firebase refused with a code the spec has no message for (shown in an alert). */
  | { ok: false; kind: 'provider'; code: string }
  | { ok: false; kind: 'network' }

/** The spec's answer to a wrong e-mail or password (under email). */
export const LOGIN_INVALID = 'Email or Password is Invalid'
const TOO_MANY = 'Too many attempts. Try again later.'

async function config(): Promise<AuthConfig | null> {
  try {
    return await authConfig()
  } catch {
    return null
  }
}

/** Loaded only in firebase mode (its own chunk). */
const firebaseClient = () => import('./firebase-client')

function fieldErrors<F extends string>(data: unknown, fields: readonly F[]): FieldErrors<F> | null {
  if (typeof data !== 'object' || data === null) return null
  const error = (data as { error?: unknown }).error
  if (typeof error !== 'object' || error === null) return null
  const result: FieldErrors<F> = {}
  let any = false
  for (const field of fields) {
    const value = (error as Record<string, unknown>)[field]
    if (Array.isArray(value)) {
      const messages = value.filter((item): item is string => typeof item === 'string' && item.length > 0)
      if (messages.length > 0) {
        result[field] = messages
        any = true
      }
    }
  }
  return any ? result : null
}

async function authCall<F extends string>(url: string, body: Record<string, string>, fields: readonly F[]): Promise<AuthResult<F>> {
  let status: number
  let data: unknown
  try {
    ;({ status, data } = await postJson(url, body))
  } catch {
    return { ok: false, kind: 'network' }
  }
  if (status >= 200 && status < 300) {
    const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
    if (record.twoStepRequired === true && typeof record.twoStepToken === 'string') return { ok: false, kind: 'twoStep', token: record.twoStepToken }
    const payload = parseAuthPayload(data)
    return payload ? { ok: true, payload, setupTwoStep: record.twoStepSetupRequired === true } : { ok: false, kind: 'status', status: 500 }
  }
  const errors = status === 400 || status === 429 ? fieldErrors(data, fields) : null
  if (errors) return { ok: false, kind: 'fields', errors }
  return { ok: false, kind: 'status', status }
}

export const LOGIN_FIELDS = ['email', 'password'] as const
export type LoginField = (typeof LOGIN_FIELDS)[number]

export async function login(email: string, password: string): Promise<AuthResult<LoginField>> {
  const mode = await config()
  if (!mode) return { ok: false, kind: 'network' }
  if (mode.provider === 'local') return authCall('/jwt/login', { email, password }, LOGIN_FIELDS)
  const signed = await (await firebaseClient()).firebaseSignIn(mode.firebase, email, password)
  if (signed.ok) return authCall('/jwt/firebase', { idToken: signed.value }, LOGIN_FIELDS)
  if (signed.code === 'auth/network-request-failed') return { ok: false, kind: 'network' }
  if (signed.code === 'auth/too-many-requests') return { ok: false, kind: 'fields', errors: { email: [TOO_MANY] } }
  // Unknown e-mail, wrong password, malformed address: the one login failure of the spec.
  return { ok: false, kind: 'fields', errors: { email: [LOGIN_INVALID] } }
}

export const TWO_STEP_FIELDS = ['code'] as const
export type TwoStepField = (typeof TWO_STEP_FIELDS)[number]

/** The second step of a sign-in: the token /jwt/login answered and a code (TOTP or recovery). */
export function loginTwoStep(twoStepToken: string, code: string): Promise<AuthResult<TwoStepField>> {
  return authCall('/jwt/login/two-step', { twoStepToken, code }, TWO_STEP_FIELDS)
}

export const REGISTER_FIELDS = ['username', 'email', 'password'] as const
export type RegisterField = (typeof REGISTER_FIELDS)[number]

export async function register(username: string, email: string, password: string): Promise<AuthResult<RegisterField>> {
  const mode = await config()
  if (!mode) return { ok: false, kind: 'network' }
  if (mode.provider === 'local') return authCall('/jwt/register', { username, email, password }, REGISTER_FIELDS)
  if (!username) {
    const errors: FieldErrors<RegisterField> = { username: [REGISTER_MESSAGES.usernameMissing] }
    if (!email) errors.email = [REGISTER_MESSAGES.emailMissing]
    return { ok: false, kind: 'fields', errors }
  }
  const created = await (await firebaseClient()).firebaseRegister(mode.firebase, email, password)
  if (!created.ok) {
    const errors = firebaseRegisterErrors(created.code, email)
    if (errors) return { ok: false, kind: 'fields', errors }
    return created.code === 'auth/network-request-failed' ? { ok: false, kind: 'network' } : { ok: false, kind: 'provider', code: created.code }
  }
  const result = await authCall('/jwt/firebase', { idToken: created.value.idToken, username }, REGISTER_FIELDS)
  // Refused here (username taken …): the Firebase account goes again, so the e-mail can be used once more.
  if (!result.ok) await created.value.discard()
  return result
}

/** AUTH_PROVIDER=firebase: Firebase mails the reset link. Null in local mode (the product's own link). */
export async function firebasePasswordReset(email: string): Promise<'sent' | 'invalid' | 'network' | null> {
  const mode = await config()
  if (!mode) return 'network'
  if (mode.provider === 'local') return null
  const sent = await (await firebaseClient()).firebaseSendReset(mode.firebase, email)
  if (sent.ok) return 'sent'
  return sent.code === 'auth/invalid-email' || sent.code === 'auth/missing-email' ? 'invalid' : 'network'
}

/** Revokes the refresh token on the server; failures are ignored (the caller clears storage anyway). */
export async function logout(refreshToken: string | null): Promise<void> {
  if (!refreshToken) return
  const accessToken = getAccessToken()
  try {
    await fetch('/jwt/logout', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify({ refreshToken }),
    })
  } catch {
    // offline: the token expires on its own
  }
}
