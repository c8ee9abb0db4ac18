import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { licences, users } from '../../db/schema'
import { utcDay } from '../users/user-view'

/**
 * The one place that says whether a user's licence is in force, as a condition on the user id
 * `userId` (a column or an expression) on the UTC day `today` (YYYY-MM-DD, or a date
 * expression): the user has an active licence whose last day (licensebeginning + TotalDays − 1) is
 * not past, or has no plan (package None, the trial) and no key they had entered was revoked (a
 * revoked key ends the bot: revoking clears the package, which must not turn into a free trial).
 * The bot worker runs, the lease rounds hand out and the sync scheduler fetches only channels
 * whose owner's licence is in force.
 */
export function licenceInForce(userId: SQLWrapper, today: string | SQL): SQL {
  const day = typeof today === 'string' ? sql`${today}::date` : today
  return sql`exists (select 1 from ${users} lu where lu.id = ${userId} and (
    (lu.package = 'None' and not exists (
      select 1 from ${licences} lr where lr.user_id = lu.id and lr.status = 'revoked' and lr.licensebeginning is not null))
    or exists (
      select 1 from ${licences} ll where ll.user_id = lu.id and ll.status = 'active'
        and (ll.licensebeginning is null or ll.licensebeginning + ll.total_days > ${day}))))`
}

/**
 * Whether the user's licence has expired (not in force, see licenceInForce): a user with a plan
 * whose active licence ended, or with a plan and no active licence at all, or whose entered key
 * was revoked; a missing user too.
 * Background work (platform syncs, the video library) skips channels whose owner's licence has
 * expired.
 */
export async function licenceExpired(db: Db, userId: number, today: Date): Promise<boolean> {
  const r = (await db.execute(sql`select ${licenceInForce(sql`${userId}`, utcDay(today))} as ok`)) as unknown as { rows: Array<{ ok: unknown }> }
  return !r.rows[0]?.ok
}
