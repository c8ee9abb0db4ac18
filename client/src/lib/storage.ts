/** localStorage access that never throws (private mode, disabled storage, SSR/tests). */

export const STORAGE_KEYS = {
  userData: 'userData',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  skin: 'skin',
  language: 'language',
  layout: 'layoutType',
  /** Set when a session could not be refreshed; the login page says so once. */
  sessionEnded: 'sessionEnded',
} as const

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

function store(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null
  } catch {
    return null
  }
}

export function readItem(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null
  } catch {
    return null
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value)
  } catch {
    // storage full or disabled: the value simply is not remembered
  }
}

export function removeItem(key: StorageKey): void {
  try {
    store()?.removeItem(key)
  } catch {
    // ignore
  }
}
