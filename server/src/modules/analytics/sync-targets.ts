import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { channels as channelsTable } from '../channels/channels.tables'
import { licenceInForce } from '../licences/licence-expiry'
import { streamSessions } from './analytics.tables'

/** The channels the sync scheduler fetches for: every connected channel whose owner's licence has not expired. */
export async function syncTargets(db: Db, today: string) {
  const c = channelsTable
  const rows = await db
    .select({
      id: c.id,
      platform: c.platform,
      sandbox: c.sandbox,
      live: sql<boolean>`(${c.live} or exists (select 1 from ${streamSessions} s where s.channel_id = ${c.id} and s.ended_at is null))`,
    })
    .from(c)
    .where(licenceInForce(c.userId, today))
    .orderBy(c.id)
  return rows.map((r) => ({ id: r.id, platform: r.platform, sandbox: r.sandbox, live: Boolean(r.live) }))
}
