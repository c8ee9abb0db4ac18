import { randomBytes } from 'node:crypto'

/** 32 symbols: A–Z and 2–9 without the ambiguous O, I, 0 and 1. */
export const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const GROUPS = 4
const GROUP = 4
const LENGTH = GROUPS * GROUP

/**
 * A licence key: 16 symbols of a 32-symbol alphabet from the system CSPRNG (80 bits, each
 * byte masked to 5 bits, so unbiased), shown as XXXX-XXXX-XXXX-XXXX.
 */
export function generateLicenceKey(random: (n: number) => Buffer = randomBytes): string {
  const bytes = random(LENGTH)
  let key = ''
  for (let i = 0; i < LENGTH; i++) {
    if (i > 0 && i % GROUP === 0) key += '-'
    key += KEY_ALPHABET[bytes[i]! & 31]
  }
  return key
}

/**
 * What a user typed, as a stored key: case, spaces and dashes do not matter. Undefined when
 * it cannot be a key (wrong length or a symbol outside the alphabet).
 */
export function normalizeLicenceKey(input: string): string | undefined {
  if (typeof input !== 'string' || input.length > 64) return undefined
  const raw = input.toUpperCase().replace(/[\s-]/g, '')
  if (raw.length !== LENGTH || [...raw].some((c) => !KEY_ALPHABET.includes(c))) return undefined
  return raw.match(/.{4}/g)!.join('-')
}

/** The key with all but its first group hidden, for logs. */
export const maskLicenceKey = (key: string) => `${key.slice(0, GROUP)}-****-****-****`
