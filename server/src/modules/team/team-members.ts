import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { parseId } from '../../ids'
import { allows, channelModules, rightsOf, type ChannelModule, type ChannelRights, type MemberGroup } from '../../permissions/channel-rights'
import { parseFields } from '../../validation'
import { channels, type ChannelRow } from '../channels/channels.tables'
import { planLimits } from '../channels/plan-limits'
import { groupInput, type TeamDeps } from './team-deps'
import { channelMembers, type ChannelInvitationRow } from './team.tables'
import { pending } from './invitations'

export interface TeamMemberView {
  channelId: number
  userId: number
  username: string
  email: string
  group: MemberGroup
  rights: ChannelRights
  addedAt: Date
}

export interface TeamView {
  channel: ChannelRow
  members: TeamMemberView[]
  invitations: ChannelInvitationRow[]
  /** The owner's plan: how many members (with pending invitations) the channel may have; null: no limit. */
  limit: number | null
}

/**
 * The team of a channel as its owner sees and changes it: members with their group, changed or
 * removed at once (this process forgets the cached row; others within PRINCIPAL_CACHE_MS).
 * Only the owner (`channels.owned`): a member never reads the team or changes a group, their
 * own included. Each change is in the channel's log.
 */

export async function members(tx: Db, channelId: number): Promise<TeamMemberView[]> {
  const rows = await tx
    .select({ m: channelMembers, username: users.username, email: users.email })
    .from(channelMembers)
    .innerJoin(users, eq(users.id, channelMembers.userId))
    .where(eq(channelMembers.channelId, channelId))
    .orderBy(asc(channelMembers.addedAt), asc(channelMembers.userId))
  return rows.map(({ m, username, email }) => ({ ...m, username, email, rights: rightsOf(m.group, m.rights) }))
}

export async function team(deps: TeamDeps, ownerId: number, channelId: string): Promise<TeamView> {
  const { db, channels } = deps
  const channel = await channels.owned(ownerId, channelId)
  const { teamMembers } = await planLimits(db, channel.userId)
  return { channel, members: await members(db, channel.id), invitations: await pending(deps, db, channel.id), limit: teamMembers }
}

async function memberOf(deps: TeamDeps, ownerId: number, channelId: string, memberId: string) {
  const { db, channels } = deps
  const channel = await channels.owned(ownerId, channelId)
  const userId = parseId(memberId)
  const [row] = userId
    ? await db
        .select()
        .from(channelMembers)
        .where(and(eq(channelMembers.channelId, channel.id), eq(channelMembers.userId, userId)))
    : []
  if (!row) throw new AppError('NOT_FOUND', 'Member not found')
  return { channel, row }
}

export async function update(deps: TeamDeps, ownerId: number, channelId: string, memberId: string, rawGroup: unknown): Promise<TeamMemberView> {
  const { db, channels } = deps
  const { channel, row } = await memberOf(deps, ownerId, channelId, memberId)
  const { group, rights } = parseFields(groupInput, rawGroup)
  await db.transaction(async (tx) => {
    await tx
      .update(channelMembers)
      .set({ group, rights })
      .where(and(eq(channelMembers.channelId, channel.id), eq(channelMembers.userId, row.userId)))
    const entry = { channelId: channel.id, actorId: ownerId, module: 'team' as const, action: 'member.update' }
    await channels.audit(tx, { ...entry, before: { userId: row.userId, group: row.group, rights: row.rights }, after: { userId: row.userId, group, rights } })
  })
  channels.forgetMember(channel.id, row.userId)
  return (await members(db, channel.id)).find((m) => m.userId === row.userId)!
}

export async function remove(deps: TeamDeps, ownerId: number, channelId: string, memberId: string): Promise<boolean> {
  const { db, channels } = deps
  const { channel, row } = await memberOf(deps, ownerId, channelId, memberId)
  await db.transaction(async (tx) => {
    await tx.delete(channelMembers).where(and(eq(channelMembers.channelId, channel.id), eq(channelMembers.userId, row.userId)))
    await channels.audit(tx, {
      channelId: channel.id,
      actorId: ownerId,
      module: 'team',
      action: 'member.remove',
      before: { userId: row.userId, group: row.group },
    })
  })
  // This process forgets at once; another one within PRINCIPAL_CACHE_MS.
  channels.forgetMember(channel.id, row.userId)
  return true
}

/**
 * A member leaves a team themselves (the page asks to confirm first): their row goes, the log
 * names them as the actor, and their access ends at once in this process. The owner is no
 * member (BAD_USER_INPUT); anyone else not on the team gets the NOT_FOUND of an unknown channel.
 */
export async function leave(deps: TeamDeps, userId: number, channelId: string): Promise<boolean> {
  const { db, channels } = deps
  const id = parseId(channelId)
  const channel = id ? await channels.byId(id) : undefined
  if (channel?.userId === userId)
    throw new AppError('BAD_USER_INPUT', 'You own this channel: an owner cannot leave it', { channelId: ['You own this channel'] })
  const [row] = channel
    ? await db
        .select()
        .from(channelMembers)
        .where(and(eq(channelMembers.channelId, channel.id), eq(channelMembers.userId, userId)))
    : []
  if (!channel || !row) throw new AppError('NOT_FOUND', 'Channel not found')
  await db.transaction(async (tx) => {
    await tx.delete(channelMembers).where(and(eq(channelMembers.channelId, channel.id), eq(channelMembers.userId, userId)))
    await channels.audit(tx, { channelId: channel.id, actorId: userId, module: 'team', action: 'member.leave', before: { userId, group: row.group } })
  })
  channels.forgetMember(channel.id, userId)
  return true
}

/**
 * The channel modules an account may view through its team memberships, for the menu
 * (`UserData.teamModules`): null when nothing is to be hidden, i.e. the account owns a channel
 * (every module there) or helps on none (its menu stays as it was). Otherwise the modules that
 * at least one membership's group (`rightsOf`) grants view on. The server checks every call anyway.
 */
export async function viewableModules({ db }: TeamDeps, userId: number): Promise<ChannelModule[] | null> {
  const [owned] = await db.select({ id: channels.id }).from(channels).where(eq(channels.userId, userId)).limit(1)
  if (owned) return null
  const rows = await db.select({ group: channelMembers.group, rights: channelMembers.rights }).from(channelMembers).where(eq(channelMembers.userId, userId))
  if (rows.length === 0) return null
  return channelModules.filter((m) => rows.some((row) => allows(rightsOf(row.group, row.rights), m, 'view')))
}
