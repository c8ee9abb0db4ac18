import { createHash, randomInt } from 'node:crypto'
import { crc32 } from 'node:zlib'

/**
 * The secret's shape: `cat_` (channel assistant token) + 30 base62 characters of randomness +
 * 6 of CRC32 checksum, like GitHub's tokens: secret scanners and log filters find it by its
 * prefix, and a mistyped or made-up token is refused by the checksum without a database read.
 */
export const TOKEN_PREFIX = 'cat_'
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const RANDOM_LENGTH = 30
const CHECK_LENGTH = 6
const SHAPE = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECK_LENGTH}}$`)

function base62(n: number, width: number): string {
  let out = ''
  for (let i = 0; i < width; i++) {
    out = ALPHABET[n % 62]! + out
    n = Math.floor(n / 62)
  }
  return out
}

const checksum = (random: string) => base62(crc32(random), CHECK_LENGTH)

export function newSecret(): string {
  let random = ''
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[randomInt(62)]
  return `${TOKEN_PREFIX}${random}${checksum(random)}`
}

/** A bearer value that looks like a personal access token (the prefix), to route it to the token check. */
export const looksLikeToken = (bearer: string) => bearer.startsWith(TOKEN_PREFIX)

/** The right length, alphabet and checksum. */
export function wellFormed(secret: string): boolean {
  if (!SHAPE.test(secret)) return false
  const random = secret.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + RANDOM_LENGTH)
  return secret.slice(TOKEN_PREFIX.length + RANDOM_LENGTH) === checksum(random)
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** What the list shows of a token: its prefix and first four characters. */
export const hintOf = (secret: string) => `${secret.slice(0, TOKEN_PREFIX.length + 4)}…`
