import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { migrationsFolder } from '../../server/src/db/client'

const TMP = fileURLToPath(new URL('../../.tmp/', import.meta.url))

/** Every migration file (SQL and journal), so that a new or changed migration makes a new snapshot (and PostgreSQL template, databases.ts). */
export function migrationsHash(): string {
  const hash = createHash('sha256')
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()
  for (const file of files) {
    if (!/\.(sql|json)$/.test(file)) continue
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(migrationsFolder, file)))
      .update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

let made: Promise<string> | undefined

/**
 * A migrated, empty PGlite cluster as a tarball (PGlite's `dumpDataDir`), made once per set
 * of migrations and loaded by every test that needs a fresh PGlite database (`freshDatabase`,
 * the browser tests' server). A fresh cluster costs initdb and every migration; loading the
 * tarball skips both. The first caller makes it (concurrent callers each write their own
 * file and rename it into place, so no one reads half a file); older snapshots are removed.
 */
export function pgliteSnapshot(): Promise<string> {
  made ??= (async () => {
    const name = `pglite-${migrationsHash()}.tar`
    const path = join(TMP, name)
    if (existsSync(path)) return path
    const pg = await PGlite.create({ dataDir: 'memory://', extensions: { pg_trgm } })
    try {
      await migrate(drizzle({ client: pg }), { migrationsFolder })
      const dump = await pg.dumpDataDir('none')
      mkdirSync(TMP, { recursive: true })
      const partial = `${path}.${process.pid}-${randomBytes(4).toString('hex')}`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, path)
    } finally {
      await pg.close()
    }
    for (const old of readdirSync(TMP)) if (/^pglite-[0-9a-f]{16}\.tar$/.test(old) && old !== name) rmSync(join(TMP, old), { force: true })
    return path
  })()
  return made
}
