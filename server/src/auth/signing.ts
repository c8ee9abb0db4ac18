import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

/**
 * Keys for signing links (unsubscribe, marketing tracking), derived from the JWT secret with
 * HKDF-SHA256 and a purpose label, so no signed link can ever pass as another kind, or as a token.
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'channel-assistant', `link-signing:${purpose}`, 32))
}

export interface Signer {
  /** A base64url HMAC-SHA256 of `data` (truncated to `bytes`). */
  sign(data: string): string
  verify(data: string, signature: string): boolean
}

export function createSigner(secret: string, purpose: string, bytes = 32): Signer {
  const key = deriveKey(secret, purpose)
  const mac = (data: string) => createHmac('sha256', key).update(data).digest().subarray(0, bytes)
  return {
    sign: (data) => mac(data).toString('base64url'),
    verify(data, signature) {
      if (typeof signature !== 'string' || signature.length > 128) return false
      const given = Buffer.from(signature, 'base64url')
      const expected = mac(data)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
