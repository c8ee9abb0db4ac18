import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config'

interface StoredSecrets {
  jwtAccessSecret: string
}

/**
 * The signing secret comes from the environment; on a local start without one, a strong
 * secret is generated once and kept in the data directory (mode 0600). Production refuses
 * to start without it (see config.ts).
 */
export function resolveSecrets(config: Config): StoredSecrets & { generated: boolean } {
  if (config.JWT_ACCESS_SECRET) return { jwtAccessSecret: config.JWT_ACCESS_SECRET, generated: false }
  const dir = config.DATA_DIR.startsWith('memory://') ? undefined : config.DATA_DIR
  if (!dir) return { jwtAccessSecret: randomBytes(48).toString('base64url'), generated: true }
  const file = join(dir, 'secrets.json')
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>
    if (typeof stored.jwtAccessSecret === 'string' && stored.jwtAccessSecret.length >= 32) {
      return { jwtAccessSecret: stored.jwtAccessSecret, generated: false }
    }
  }
  mkdirSync(dir, { recursive: true })
  const secrets: StoredSecrets = { jwtAccessSecret: randomBytes(48).toString('base64url') }
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 })
  return { ...secrets, generated: true }
}
