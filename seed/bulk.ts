import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { PasswordHasher } from '../server/src/auth/passwords'
import type { Db } from '../server/src/db/client'

/**
 * Bulk users for load tests and benchmarks, made by the database (INSERT … SELECT
 * generate_series), in chunks: clients with a plan, an active licence and a bot panel, some
 * without a package, and a few resellers who brought some of them. Every bulk user shares
 * one argon2id hash of a random password nobody knows, so none of them can sign in.
 *
 * Only real features: no viewers, followers, chatters or views are made up (SCOPE.md).
 */

export const FIRST = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hugo',
  'Ida',
  'Jonas',
  'Klara',
  'Leon',
  'Mia',
  'Noah',
  'Olivia',
  'Paul',
  'Quentin',
  'Rosa',
  'Sam',
  'Tara',
  'Umar',
  'Vera',
  'Wim',
  'Xenia',
  'Yusuf',
  'Zoe',
  'Amelie',
  'Bruno',
  'Chloe',
  'Dario',
  'Elif',
  'Finn',
  'Gabriel',
  'Hanna',
  'Ilias',
  'Julia',
  'Karim',
  'Lea',
  'Marie',
  'Nico',
  'Oskar',
  'Pia',
  'Rafael',
  'Sofia',
  'Theo',
  'Ulla',
  'Valentin',
  'Wanda',
  'Yara',
  'Zeno',
]
export const LAST = [
  'Schmidt',
  'Martin',
  'Dubois',
  'Silva',
  'Rossi',
  'Novak',
  'Jensen',
  'Kowalski',
  'Garcia',
  'Murphy',
  'Bernard',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Lefebvre',
  'Moreau',
  'Laurent',
  'Costa',
  'Santos',
  'Ferreira',
  'Pereira',
  'Romano',
  'Greco',
  'Bruno',
  'Horvat',
  'Nielsen',
  'Hansen',
  'Larsen',
  'Andersen',
  'Nowak',
  'Wojcik',
  'Lopez',
  'Sanchez',
  'Ramirez',
  'Kelly',
  'Walsh',
  'Byrne',
  'Janssen',
  'Peeters',
  'Maes',
  'Jacobs',
  'Huber',
  'Bauer',
  'Gruber',
  'Steiner',
  'Moser',
  'Keller',
  'Frei',
  'Baumann',
  'Vogel',
  'Lang',
  'Roth',
  'Brunner',
  'Zimmermann',
  'Kaiser',
  'Lehmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schulz',
  'Neumann',
  'Schwarz',
  'Braun',
  'Krause',
  'Hofmann',
  'Hartmann',
  'Werner',
  'Lange',
  'Schmitt',
  'Krüger',
  'Schmitz',
  'Fuchs',
  'Herrmann',
  'Walter',
  'Mayer',
  'König',
  'Peters',
  'Möller',
  'Jung',
  'Hahn',
  'Scholz',
  'Vogt',
  'Friedrich',
  'Günther',
  'Berger',
  'Winkler',
  'Lorenz',
  'Sommer',
  'Albrecht',
  'Ludwig',
  'Böhm',
  'Simon',
  'Franke',
  'Winter',
  'Kraus',
  'Martens',
]
const COUNTRIES = ['Germany', 'France', 'Portugal', 'Brazil', 'Austria', 'Switzerland', 'Belgium', 'Canada', 'United States', 'United Kingdom']

const literalArray = (items: string[]) => sql.raw(`array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`)

export interface BulkResult {
  users: number
  resellers: number
  licences: number
  ms: number
}

/** Inserts `count` bulk users (plus one reseller per 2000), `chunk` per statement; then analyzes. */
export async function seedBulkUsers(
  db: Db,
  passwords: PasswordHasher,
  opts: { count: number; chunk?: number; log?: (line: string) => void },
): Promise<BulkResult> {
  const started = performance.now()
  const log = opts.log ?? (() => {})
  const chunk = opts.chunk ?? 50_000
  const hash = await passwords.hash(randomBytes(24).toString('base64url'))
  const one = async (q: ReturnType<typeof sql>) => (await db.execute(q)).rows[0] as Record<string, unknown>
  const base = Number((await one(sql`select coalesce(max(id), 0) as n from users`)).n)
  const tag = base.toString(36)

  // Resellers first, so clients can point at them.
  const resellerCount = Math.max(1, Math.floor(opts.count / 2000))
  await db.execute(sql`
    insert into users (email, username, full_name, password_hash, role, ability, company, country)
    select 'reseller_' || ${tag} || '_' || g || '@bulk.example', 'reseller_' || ${tag} || '_' || g, 'Reseller ' || g, ${hash},
           'reseller', '[{"action":"read","subject":"ACL"},{"action":"read","subject":"all"}]'::jsonb, 'Partner ' || g,
           (${literalArray(COUNTRIES)})[1 + g % ${COUNTRIES.length}]
    from generate_series(1, ${resellerCount}) g
    on conflict do nothing`)
  const resellers = (
    await db.execute(sql`select id from users where role = 'reseller' and email like ${`reseller_${tag}_%@bulk.example`} order by id`)
  ).rows.map((r) => Number((r as Record<string, unknown>).id))
  const resellerArray = sql.raw(`array[${resellers.join(',') || 'null'}]::bigint[]`)

  for (let from = 1; from <= opts.count; from += chunk) {
    const to = Math.min(opts.count, from + chunk - 1)
    await db.transaction(async (tx) => {
      const start = Number(((await tx.execute(sql`select coalesce(max(id), 0) as n from users`)).rows[0] as Record<string, unknown>).n)
      await tx.execute(sql`
        insert into users (email, username, full_name, password_hash, role, package, reseller_id, company, country, created_at, updated_at)
        select 'streamer_' || ${tag} || '_' || n || '@bulk.example',
               'streamer_' || ${tag} || '_' || n,
               (${literalArray(FIRST)})[1 + n % ${FIRST.length}] || ' ' || (${literalArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}],
               ${hash},
               'client',
               case when n % 10 = 0 then 'None' when n % 10 < 5 then 'Starter' when n % 10 < 8 then 'Headstarter' else 'Pro' end,
               case when n % 5 = 0 then (${resellerArray})[1 + n % ${resellers.length}] end,
               case when n % 7 = 0 then 'Studio ' || (n % 997) end,
               (${literalArray(COUNTRIES)})[1 + n % ${COUNTRIES.length}],
               now() - ((n::bigint * 7919) % 31536000) * interval '1 second',
               now()
        from generate_series(${from}::int, ${to}::int) n
        on conflict do nothing`)
      await tx.execute(sql`
        insert into bot_panels (user_id, active)
        select id, id % 3 = 0 from users where id > ${start}
        on conflict do nothing`)
      // 64 random bits per key (16 hex digits of gen_random_uuid, 4 from each of four), mapped into the key alphabet.
      const group = sql.raw(`substr(translate(upper(gen_random_uuid()::text), '01', 'XY'), 1, 4)`)
      await tx.execute(sql`
        insert into licences (licensekey, plan_id, user_id, reseller_id, total_days, licensebeginning, status, activated_at)
        select ${group} || '-' || ${group} || '-' || ${group} || '-' || ${group},
               p.id, u.id, u.reseller_id,
               case u.id % 3 when 0 then 30 when 1 then 90 else 365 end,
               current_date - (u.id % 400)::int,
               'active',
               now()
        from users u
        join plans p on p.name = u.package
        where u.id > ${start}
        on conflict do nothing`)
    })
    log(`  users ${to.toLocaleString('en')} / ${opts.count.toLocaleString('en')}  (${((performance.now() - started) / 1000).toFixed(1)} s)`)
  }
  await db.execute(sql`analyze users`)
  await db.execute(sql`analyze bot_panels`)
  await db.execute(sql`analyze licences`)
  // Sets the visibility map, so the user list's index-only scans (deferred join) need no heap.
  await db.execute(sql`vacuum users`)
  const counted = await one(sql`select
      (select count(*) from users where email like ${`streamer_${tag}_%`})::int as users,
      (select count(*) from licences l join users u on u.id = l.user_id where u.email like ${`streamer_${tag}_%`})::int as licences`)
  return { users: Number(counted.users), resellers: resellers.length, licences: Number(counted.licences), ms: performance.now() - started }
}
