/**
 * A realistic Firestore user export (spec §3 fields, Firestore timestamps, the declined
 * Botpanel.Viewbot/Views) and the matching `firebase auth:export`, generated for tests and the
 * import bench. Only users listed in `passwords` get a verifiable Firebase scrypt hash (scrypt
 * is slow by design); the others get hashes of the right shape.
 */
import { randomBytes } from 'node:crypto'
import { firebaseScrypt, type FirebaseHashParams } from '../../server/src/auth/firebase-scrypt'

/** The published example parameters of github.com/firebase/scrypt. */
export const EXAMPLE_HASH_PARAMS = {
  base64_signer_key: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
  base64_salt_separator: 'Bw==',
  rounds: 8,
  mem_cost: 14,
}
export const EXAMPLE_PARAMS: FirebaseHashParams = { signerKey: EXAMPLE_HASH_PARAMS.base64_signer_key, saltSeparator: 'Bw==', rounds: 8, memCost: 14 }

const PACKAGES = ['None', 'Starter', 'Pro', 'Business']

export async function makeFirebaseExport(count: number, passwords: Record<number, string> = {}, prefix = 'fb') {
  const documents: Record<string, unknown>[] = []
  const authUsers: { localId: string; email: string; passwordHash: string; salt: string; createdAt: string }[] = []
  for (let i = 0; i < count; i++) {
    const id = `${prefix}${i.toString(36).padStart(8, '0')}`
    const email = `${prefix}.user${i}@example.com`
    const pkg = PACKAGES[i % PACKAGES.length]!
    const joined = Date.UTC(2021, 0, 1) + i * 3_600_000
    documents.push({
      id,
      email,
      username: `${prefix}_user_${i}`,
      role: i % 50 === 0 ? 'reseller' : 'client',
      Package: pkg,
      timestamp: { _seconds: Math.floor(joined / 1000), _nanoseconds: 0 },
      twitchname: i % 3 === 0 ? null : `${prefix}twitch${i}`,
      ability: [
        { action: 'read', subject: 'ACL' },
        { action: 'read', subject: 'all' },
      ],
      Botpanel: { Active: i % 4 === 0, Autostart: true, CategoryChatbot: true, Chatbot: i % 5 !== 0, Viewbot: true, Views: 10 },
      ...(pkg === 'None'
        ? {}
        : {
            License: {
              licensebeginning: { _seconds: Math.floor(joined / 1000) + 86_400, _nanoseconds: 0 },
              TotalDays: 30 + (i % 335),
              licensekey: `${prefix.toUpperCase()}-KEY-${i}`,
            },
          }),
    })
    const salt = randomBytes(12).toString('base64')
    const password = passwords[i]
    authUsers.push({
      localId: id,
      email,
      salt,
      passwordHash: password ? await firebaseScrypt(password, salt, EXAMPLE_PARAMS) : randomBytes(64).toString('base64'),
      createdAt: String(joined),
    })
  }
  return { documents, auth: { users: authUsers } }
}
