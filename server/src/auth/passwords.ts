import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'
import { Semaphore } from '../semaphore'
import { isFirebaseHash, verifyFirebaseHash } from './firebase-scrypt'

/** Algorithm.Argon2id (a const enum the package declares ambiently). */
const ARGON2ID = 2

export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(hash: string, password: string): Promise<boolean>
  /** Spends the same work as a real verification, for unknown accounts (equal timing). */
  verifyDummy(password: string): Promise<false>
  /** Whether a hash that verified should be replaced by an argon2id one (imported Firebase hashes). */
  needsRehash(hash: string): boolean
}

/** argon2id, OWASP parameters by default (19 MiB, t=2, p=1); runs on libuv's pool, bounded to the cores. */
export function createPasswordHasher(opts: { memoryCost: number; timeCost: number; concurrency?: number }): PasswordHasher {
  const params = { algorithm: ARGON2ID, memoryCost: opts.memoryCost, timeCost: opts.timeCost, parallelism: 1 }
  const gate = new Semaphore(opts.concurrency ?? Math.max(1, availableParallelism()))
  let dummy: Promise<string> | undefined
  // Users imported from Firebase Auth keep their modified-scrypt hash until their first sign-in.
  const verifyHash = (h: string, password: string) =>
    gate.run(() => (isFirebaseHash(h) ? verifyFirebaseHash(h, password) : verify(h, password, params))).catch(() => false)
  return {
    hash: (password) => gate.run(() => hash(password, params)),
    verify: verifyHash,
    needsRehash: (h) => isFirebaseHash(h),
    async verifyDummy(password) {
      dummy ??= gate.run(() => hash('dummy-password-for-timing', params))
      await verifyHash(await dummy, password)
      return false
    },
  }
}

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

/** A weak password: too short, too long to hash safely, one repeated character, or a very common one. */
export function isWeakPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return true
  if (new Set(password).size < 4) return true
  const common = ['password', '12345678', '123456789', 'qwertyui', 'iloveyou', 'letmein1', 'password1', 'abcdefgh', 'qwerty123']
  return common.includes(password.toLowerCase())
}
