/**
 * The signed-in session as kept in localStorage (keys userData, accessToken, refreshToken).
 * "Signed in" means stored userData AND accessToken both exist (spec section 4).
 * Framework-free; React reads it through lib/use-session.ts.
 */
import { type AuthPayload, type UserData, parseUserData } from './session-types'
import { STORAGE_KEYS, readItem, removeItem, writeItem } from './storage'

export interface SessionSnapshot {
  userData: UserData | null
  accessToken: string | null
  signedIn: boolean
}

type Listener = () => void

const listeners = new Set<Listener>()
let cached: SessionSnapshot | null = null

function readSnapshot(): SessionSnapshot {
  let userData: UserData | null = null
  const raw = readItem(STORAGE_KEYS.userData)
  if (raw) {
    try {
      userData = parseUserData(JSON.parse(raw))
    } catch {
      userData = null
    }
  }
  const accessToken = readItem(STORAGE_KEYS.accessToken)
  return { userData, accessToken, signedIn: Boolean(userData && accessToken) }
}

function emit(): void {
  cached = null
  for (const listener of listeners) listener()
}

export function getSession(): SessionSnapshot {
  cached ??= readSnapshot()
  return cached
}

export function getUserData(): UserData | null {
  return getSession().userData
}

export function getAccessToken(): string | null {
  return readItem(STORAGE_KEYS.accessToken)
}

export function getRefreshToken(): string | null {
  return readItem(STORAGE_KEYS.refreshToken)
}

export function isSignedIn(): boolean {
  return getSession().signedIn
}

/**
 * Stores a fresh {userData, accessToken, refreshToken} (login, register, every refresh). The REST
 * answer has no `teamModules`: the last one read for the same account is kept until SessionSync reads it again.
 */
export function saveSession(payload: AuthPayload): void {
  const previous = getUserData()
  const userData =
    previous?.teamModules && previous.id === payload.userData.id && !payload.userData.teamModules
      ? { ...payload.userData, teamModules: previous.teamModules }
      : payload.userData
  writeItem(STORAGE_KEYS.userData, JSON.stringify(userData))
  writeItem(STORAGE_KEYS.accessToken, payload.accessToken)
  writeItem(STORAGE_KEYS.refreshToken, payload.refreshToken)
  emit()
}

/** Replaces only the stored user data (e.g. after re-reading the viewer). */
export function updateUserData(userData: UserData): void {
  writeItem(STORAGE_KEYS.userData, JSON.stringify(userData))
  emit()
}

export function clearSession(): void {
  removeItem(STORAGE_KEYS.userData)
  removeItem(STORAGE_KEYS.accessToken)
  removeItem(STORAGE_KEYS.refreshToken)
  emit()
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const SESSION_KEYS: ReadonlySet<string> = new Set([STORAGE_KEYS.userData, STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken])

if (typeof window !== 'undefined') {
  // Another tab signed in, refreshed or signed out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || SESSION_KEYS.has(event.key)) emit()
  })
}
