/**
 * Which sign-in provider the server runs (GET /jwt/auth-config), asked once per page load when
 * a sign-in page needs it: the mode is the server's, never baked into the build.
 */
export interface FirebaseWebConfig {
  apiKey: string
  authDomain: string
  projectId: string
  /** The Firebase Auth emulator (tests, local development), or null for Google's service. */
  emulatorUrl: string | null
}

export type AuthConfig = { provider: 'local' } | { provider: 'firebase'; firebase: FirebaseWebConfig }

let cached: Promise<AuthConfig> | null = null

function parse(data: unknown): AuthConfig {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
  const firebase = record.firebase as Record<string, unknown> | null | undefined
  if (record.provider === 'firebase' && firebase && typeof firebase.projectId === 'string') {
    return {
      provider: 'firebase',
      firebase: {
        apiKey: String(firebase.apiKey ?? ''),
        authDomain: String(firebase.authDomain ?? ''),
        projectId: firebase.projectId,
        emulatorUrl: typeof firebase.emulatorUrl === 'string' ? firebase.emulatorUrl : null,
      },
    }
  }
  return { provider: 'local' }
}

/** Rejects when the server cannot be reached (asked again next time). */
export function authConfig(): Promise<AuthConfig> {
  cached ??= fetch('/jwt/auth-config', { headers: { Accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new Error(`auth-config ${res.status}`)
      return parse(await res.json())
    })
    .catch((error: unknown) => {
      cached = null
      throw error
    })
  return cached
}
