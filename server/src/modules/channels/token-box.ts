import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Parses a 32-byte key given as hex (64 characters) or base64/base64url. */
export function parseTokenKey(value: string): Buffer {
  const v = value.trim()
  const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64')
  if (key.length !== 32) throw new Error('CHANNEL_TOKEN_KEY must be 32 bytes (64 hex characters or 44 base64 characters)')
  return key
}

/**
 * The key that encrypts platform tokens: CHANNEL_TOKEN_KEY when set (production requires it);
 * otherwise on a local start one is generated once into DATA_DIR/channel-token-key (mode 0600);
 * with an in-memory database (tests) it is derived from the JWT secret (HKDF), which is stable
 * for the process and never written anywhere.
 */
export function resolveTokenKey(opts: { configured?: string; dataDir: string; fallbackSecret: string }): {
  key: Buffer
  source: 'env' | 'file' | 'generated' | 'derived'
} {
  if (opts.configured) return { key: parseTokenKey(opts.configured), source: 'env' }
  if (opts.dataDir.startsWith('memory://')) {
    const key = Buffer.from(hkdfSync('sha256', opts.fallbackSecret, 'channel-assistant', 'channel-token-key', 32))
    return { key, source: 'derived' }
  }
  const file = join(opts.dataDir, 'channel-token-key')
  if (existsSync(file)) return { key: parseTokenKey(readFileSync(file, 'utf8')), source: 'file' }
  mkdirSync(opts.dataDir, { recursive: true })
  const key = randomBytes(32)
  writeFileSync(file, key.toString('hex'), { mode: 0o600 })
  return { key, source: 'generated' }
}

/** AES-256-GCM with a random 96-bit IV per value: "v1.<iv>.<tag>.<ciphertext>" (base64url). */
export function createTokenBox(key: Buffer) {
  const AAD = Buffer.from('channel-token:v1')
  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(AAD)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.')
    },
    open(sealed: string): string {
      const [v, iv, tag, data] = sealed.split('.')
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed token')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAAD(AAD)
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}

export type TokenBox = ReturnType<typeof createTokenBox>
