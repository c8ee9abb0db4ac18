import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { licences, users } from '../../db/schema'

/**
 * Whether the user's licence has expired, as the user list derives it (duration = TotalDays
 * minus the days since licensebeginning; expired once no day is left): a user with a plan
 * whose active licence ended, or with a plan and no active licence at all. A user without a
 * plan (package None, the trial) has not expired. Background work (platform syncs) skips
 * channels whose owner's licence has expired.
 */
export async function licenceExpired(db: Db, userId: number, today: Date): Promise<boolean> {
  const day = today.toISOString().slice(0, 10)
  const [row] = await db
    .select({
      pkg: users.package,
      endsOn: sql<string | null>`(${licences.licensebeginning} + ${licences.totalDays})::text`,
    })
    .from(users)
    .leftJoin(licences, and(eq(licences.userId, users.id), eq(licences.status, 'active')))
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) return true
  if (row.pkg === 'None') return false
  return row.endsOn === null || row.endsOn <= day
}
