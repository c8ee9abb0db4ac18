import { and, asc, eq } from 'drizzle-orm'
import { AppError } from '../../errors'
import { allows, ownerRights, rightsOf, type ChannelLevel, type ChannelModule, type ChannelRights, type MemberGroup } from '../../permissions/channel-rights'
import { users } from '../../db/schema'
import { channelMembers } from '../team/team.tables'
import type { ChannelsDeps } from './channels-deps'
import { channels, type ChannelRow } from './channels.tables'
import { tokenChannel } from '../../permissions/token-scopes'
import { byId } from './lookup'

/** The caller's standing on a channel: its owner, or a member with a group; null: neither. */
export interface ChannelStanding {
  owner: boolean
  group: MemberGroup | null
  rights: ChannelRights
}

type Membership = { group: MemberGroup; rights: Partial<Record<string, string>> } | null

/**
 * A member's row, cached per (channel, account) as long as the caller is (PRINCIPAL_CACHE_MS):
 * an owner's change reaches a token in use within that window in every process, and at once in
 * the process that made it (forgetMember).
 */
async function membership(deps: ChannelsDeps, channelId: number, userId: number): Promise<Membership> {
  const key = `${channelId}:${userId}`
  const t = deps.now().getTime()
  const hit = deps.members.get(key)
  if (hit && hit.until > t) return hit.value
  const [row] = await deps.db
    .select({ group: channelMembers.group, rights: channelMembers.rights })
    .from(channelMembers)
    .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)))
    .limit(1)
  const value = row ?? null
  if (deps.memberCacheMs > 0) {
    if (deps.members.size >= 10_000) deps.members.clear()
    deps.members.set(key, { until: t + deps.memberCacheMs, value })
  }
  return value
}

export function forgetMember(deps: ChannelsDeps, channelId: number, userId: number): void {
  deps.members.delete(`${channelId}:${userId}`)
}

/** What the account may do on the channel row: everything as its owner, its group's rights as a member, null otherwise. */
export async function standing(deps: ChannelsDeps, userId: number, channel: ChannelRow): Promise<ChannelStanding | null> {
  if (channel.userId === userId) return { owner: true, group: null, rights: ownerRights }
  const m = await membership(deps, channel.id, userId)
  return m ? { owner: false, group: m.group, rights: rightsOf(m.group, m.rights) } : null
}

/**
 * THE check of every channel-scoped operation but the owner's own (billing, licence,
 * disconnecting, platform accounts, the team: `owned`): the channel, when the caller owns it or
 * is a member whose group grants `level` on `module`. Someone with no standing gets the same
 * NOT_FOUND as for a channel that does not exist (no probing); a member without the right
 * FORBIDDEN.
 */
export async function access(deps: ChannelsDeps, userId: number, channelId: number | string, module: ChannelModule, level: ChannelLevel): Promise<ChannelRow> {
  const id = Number(channelId)
  const row = Number.isSafeInteger(id) && id > 0 ? await byId(deps, id) : undefined
  // A channel-bound access token reaches its one channel only, as in `owned`.
  const only = tokenChannel()
  const s = row && (only === null || only === row.id) ? await standing(deps, userId, row) : null
  if (!row || !s) throw new AppError('NOT_FOUND', 'Channel not found')
  if (!allows(s.rights, module, level)) throw new AppError('FORBIDDEN', 'Your group on this team does not allow this')
  return row
}

/** The channel when the caller owns it or is on its team (any group). */
export async function reachable(deps: ChannelsDeps, userId: number, channelId: number | string): Promise<ChannelRow> {
  const id = Number(channelId)
  const row = Number.isSafeInteger(id) && id > 0 ? await byId(deps, id) : undefined
  const only = tokenChannel()
  if (!row || (only !== null && only !== row.id) || !(await standing(deps, userId, row))) throw new AppError('NOT_FOUND', 'Channel not found')
  return row
}

/**
 * How the moderation log and the regulars name an act made on the dashboard: "dashboard" for
 * the owner's own (as before teams), the member's username for a team member's, so a member's
 * act is never shown as the owner's.
 */
export async function dashboardActor({ db }: ChannelsDeps, userId: number, channel: ChannelRow): Promise<string> {
  if (channel.userId === userId) return 'dashboard'
  const [u] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId))
  return u?.username ?? 'dashboard'
}

/** The channels the account helps with (not its own), oldest membership first. */
export async function memberOf({ db }: ChannelsDeps, userId: number): Promise<ChannelRow[]> {
  const rows = await db
    .select({ c: channels })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(eq(channelMembers.userId, userId))
    .orderBy(asc(channelMembers.addedAt), asc(channels.id))
  return rows.map((r) => r.c)
}
