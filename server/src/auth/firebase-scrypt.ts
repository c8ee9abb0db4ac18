import { createCipheriv, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Firebase Auth's modified scrypt (github.com/firebase/scrypt), to verify passwords of users
 * imported from a `firebase auth:export` (npm run import:users) at their first sign-in; they
 * are then rehashed to argon2id. The key derived by scrypt(password, salt ‖ saltSeparator,
 * N = 2^memCost, r = rounds, p = 1, 32 bytes) encrypts the project's signer key with
 * AES-256-CTR (zero IV); the result is the exported passwordHash.
 *
 * Stored in users.password_hash as
 * `$firebase-scrypt$r=<rounds>,m=<memCost>$<signerKey>$<saltSeparator>$<salt>$<hash>` (base64),
 * so that the server needs no project parameters at sign-in. The signer key is a project
 * secret: it stays only until each user's first sign-in replaces the hash.
 */
export interface FirebaseHashParams {
  /** base64_signer_key, base64_salt_separator, rounds, mem_cost of the project (Firebase console). */
  signerKey: string
  saltSeparator: string
  rounds: number
  memCost: number
}

export const FIREBASE_SCRYPT_PREFIX = '$firebase-scrypt$'
const B64 = /^[A-Za-z0-9+/]*={0,2}$/

/** Reads the parameters as the Firebase console shows them (snake_case) or camelCase; null when invalid. */
export function parseFirebaseHashParams(raw: unknown): FirebaseHashParams | null {
  if (typeof raw !== 'object' || raw === null) return null
  const r = raw as Record<string, unknown>
  const signerKey = r.base64_signer_key ?? r.signerKey
  const saltSeparator = r.base64_salt_separator ?? r.saltSeparator ?? ''
  const rounds = Number(r.rounds)
  const memCost = Number(r.mem_cost ?? r.memCost)
  if (typeof signerKey !== 'string' || !signerKey || !B64.test(signerKey)) return null
  if (typeof saltSeparator !== 'string' || !B64.test(saltSeparator)) return null
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 32) return null
  if (!Number.isInteger(memCost) || memCost < 1 || memCost > 20) return null
  return { signerKey, saltSeparator, rounds, memCost }
}

export function encodeFirebaseHash(params: FirebaseHashParams, salt: string, passwordHash: string): string {
  return `${FIREBASE_SCRYPT_PREFIX}r=${params.rounds},m=${params.memCost}$${params.signerKey}$${params.saltSeparator}$${salt}$${passwordHash}`
}

export const isFirebaseHash = (stored: string) => stored.startsWith(FIREBASE_SCRYPT_PREFIX)

/** The exported passwordHash for `password` (base64). */
export async function firebaseScrypt(password: string, salt: string, params: FirebaseHashParams): Promise<string> {
  const N = 2 ** params.memCost
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      Buffer.from(password, 'utf8'),
      Buffer.concat([Buffer.from(salt, 'base64'), Buffer.from(params.saltSeparator, 'base64')]),
      32,
      { N, r: params.rounds, p: 1, maxmem: 256 * N * params.rounds + 1024 * 1024 },
      (error, derived) => (error ? reject(error) : resolve(derived)),
    ),
  )
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16, 0))
  return Buffer.concat([cipher.update(Buffer.from(params.signerKey, 'base64')), cipher.final()]).toString('base64')
}

/** Verifies `password` against a stored `$firebase-scrypt$…` hash; false for anything malformed. */
export async function verifyFirebaseHash(stored: string, password: string): Promise<boolean> {
  const parts = stored.slice(FIREBASE_SCRYPT_PREFIX.length).split('$')
  if (parts.length !== 5) return false
  const [cost, signerKey, saltSeparator, salt, hash] = parts as [string, string, string, string, string]
  const match = /^r=(\d+),m=(\d+)$/.exec(cost)
  const params = match ? parseFirebaseHashParams({ signerKey, saltSeparator, rounds: match[1], memCost: match[2] }) : null
  if (!params || !B64.test(salt) || !B64.test(hash)) return false
  const computed = Buffer.from(await firebaseScrypt(password, salt, params), 'base64')
  const expected = Buffer.from(hash, 'base64')
  return computed.length === expected.length && timingSafeEqual(computed, expected)
}
