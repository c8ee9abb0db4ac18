import { and, eq, gt } from 'drizzle-orm'
import { SHOUTOUT_EVERY_MS, SHOUTOUT_SAME_TARGET_MS, SHOUTOUT_SCOPE, twitchFor, type RaidsDeps } from './raids-deps'
import { raids, type RaidRow } from './raids.tables'

/** Why a shoutout to `targetId` may not be given now (Twitch: one per 2 min, the same channel once per hour), or null. */
export async function shoutoutBlock({ db }: RaidsDeps, channelId: number, targetId: string, t: Date): Promise<string | null> {
  const recent = await db
    .select({ otherId: raids.otherId, at: raids.shoutoutAt })
    .from(raids)
    .where(and(eq(raids.channelId, channelId), eq(raids.shoutout, 'sent'), gt(raids.shoutoutAt, new Date(t.getTime() - SHOUTOUT_SAME_TARGET_MS))))
  if (recent.some((r) => r.at && r.at.getTime() > t.getTime() - SHOUTOUT_EVERY_MS)) return 'skipped: one shoutout per 2 minutes'
  if (recent.some((r) => r.otherId === targetId)) return 'skipped: the same channel once per hour'
  return null
}

/** A shoutout of the raid's other channel, within Twitch's limits (checked before calling); the outcome is kept on the row. */
export async function shoutout(deps: RaidsDeps, raid: RaidRow): Promise<RaidRow> {
  const { channels } = deps
  const t = deps.now()
  const channel = await channels.byId(raid.channelId)
  if (!channel || channel.platform !== 'twitch') return raid
  let outcome = await shoutoutBlock(deps, raid.channelId, raid.otherId, t)
  if (!outcome) {
    const acc = await channels.account(channel.id, 'broadcaster')
    if (!acc?.scopes.includes(SHOUTOUT_SCOPE)) outcome = `skipped: reconnect the channel to grant ${SHOUTOUT_SCOPE}`
  }
  if (!outcome) {
    try {
      const r = await channels.actAs(channel.id, 'broadcaster', async (as) => (await twitchFor(deps, channel)).shoutout(as, raid.otherId))
      outcome = r.ok ? 'sent' : `refused: ${r.message}`.slice(0, 300)
    } catch (e) {
      outcome = `failed: ${(e as Error).message}`.slice(0, 300)
    }
  }
  const [row] = await deps.db
    .update(raids)
    .set({ shoutout: outcome, shoutoutAt: outcome === 'sent' ? t : null })
    .where(eq(raids.id, raid.id))
    .returning()
  return row ?? raid
}
