import { and, asc, eq } from 'drizzle-orm'
import { inIds, perChannel } from '../../db/id-list'
import { AppError } from '../../errors'
import { tokenChannel } from '../../permissions/token-scopes'
import type { AccountRole } from '../../platforms/types'
import type { ChannelsDeps } from './channels-deps'
import { channelAccounts, channels, type ChannelAccountRow, type ChannelRow } from './channels.tables'

export async function listForUser({ db }: ChannelsDeps, userId: number): Promise<ChannelRow[]> {
  const rows = await db.select().from(channels).where(eq(channels.userId, userId)).orderBy(asc(channels.id))
  // A channel-bound access token sees its one channel only.
  const only = tokenChannel()
  return only === null ? rows : rows.filter((c) => c.id === only)
}

export async function byId({ db }: ChannelsDeps, channelId: number): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.id, channelId)).limit(1)
  return row
}

/** The channel, when it belongs to the user; the same NOT_FOUND otherwise (no probing). */
export async function owned(deps: ChannelsDeps, userId: number, channelId: number | string): Promise<ChannelRow> {
  const id = Number(channelId)
  const row = Number.isSafeInteger(id) && id > 0 ? await byId(deps, id) : undefined
  const only = tokenChannel()
  if (!row || row.userId !== userId || (only !== null && only !== row.id)) throw new AppError('NOT_FOUND', 'Channel not found')
  return row
}

export async function accounts(deps: ChannelsDeps, channelId: number): Promise<ChannelAccountRow[]> {
  return (await accountsOf(deps, [channelId])).get(channelId) ?? []
}

/** The connected accounts of many channels in one statement (the worker's starts). */
export function accountsOf({ db }: ChannelsDeps, channelIds: readonly number[]): Promise<Map<number, ChannelAccountRow[]>> {
  return perChannel(channelIds, (ids) => db.select().from(channelAccounts).where(inIds(channelAccounts.channelId, ids)))
}

export async function account({ db }: ChannelsDeps, channelId: number, role: AccountRole): Promise<ChannelAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(channelAccounts)
    .where(and(eq(channelAccounts.channelId, channelId), eq(channelAccounts.role, role)))
    .limit(1)
  return row
}
