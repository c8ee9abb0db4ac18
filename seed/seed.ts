/**
 * `npm run seed -- [--users N] [--chunk N]`: opens the configured database (DATABASE_URL,
 * else PGlite in DATA_DIR), migrates, seeds the product data (plans, help centre, shop) and (unless DEMO=off) the demo
 * accounts, then bulk-inserts N users with licences and bot panels in the database
 * (INSERT … SELECT generate_series). The demo passwords are printed once, when made.
 */
import { loadConfigOrExit } from '../server/src/config'
import { createPasswordHasher } from '../server/src/auth/passwords'
import { openDatabase } from '../server/src/db/client'
import { seedProductData } from '../server/src/product-data'
import { seedBulkUsers } from './bulk'
import { seedDemo } from './demo'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  if (i < 0) return fallback
  const n = Number(process.argv[i + 1]?.replace(/_/g, ''))
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} takes a whole number`)
    process.exit(2)
  }
  return n
}

const config = loadConfigOrExit()
const count = arg('users', 0)
const chunk = arg('chunk', 50_000)

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR })
try {
  console.log(`database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`}`)
  await database.migrate()
  const passwords = createPasswordHasher({ memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_ITERATIONS })
  await seedProductData(database.db)
  if (config.DEMO) {
    const accounts = await seedDemo(database.db, passwords)
    if (accounts.length > 0) {
      console.log(`\nDemo accounts (shown only this once):\n${accounts.map((a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(22)} ${a.password}`).join('\n')}\n`)
    }
  }
  if (count > 0) {
    console.log(`inserting ${count.toLocaleString('en')} users…`)
    const r = await seedBulkUsers(database.db, passwords, { count, chunk: Math.max(1000, chunk), log: console.log })
    console.log(
      `done: ${r.users.toLocaleString('en')} users, ${r.resellers} resellers, ${r.licences.toLocaleString('en')} licences in ${(r.ms / 1000).toFixed(1)} s`,
    )
  }
} finally {
  await database.close()
}
