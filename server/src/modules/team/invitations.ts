import { randomBytes } from 'node:crypto'
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { parseId } from '../../ids'
import { parseFields, parseInput } from '../../validation'
import type { ChannelRow } from '../channels/channels.tables'
import { planLimits } from '../channels/plan-limits'
import { emailInput, groupInput, normalEmail, tokenHash, type TeamDeps } from './team-deps'
import { channelInvitations, channelMembers, type ChannelInvitationRow } from './team.tables'

/**
 * Invitations by e-mail (issue 31): the owner invites through the outbox, within the plan's
 * member limit; the account with the invited address accepts with the mailed token (at once,
 * or after registering); the owner withdraws. Expired, used or withdrawn: INVITATION_INVALID.
 */

const invalidInvitation = () => new AppError('INVITATION_INVALID', 'This invitation is unknown, withdrawn, already used or expired.')

export const pending = (deps: TeamDeps, tx: Db, channelId: number) =>
  tx
    .select()
    .from(channelInvitations)
    .where(
      and(
        eq(channelInvitations.channelId, channelId),
        isNull(channelInvitations.acceptedAt),
        isNull(channelInvitations.withdrawnAt),
        gt(channelInvitations.expiresAt, deps.now()),
      ),
    )
    .orderBy(asc(channelInvitations.id))

/** The plan counts members and open invitations together, so invitations cannot overrun it. */
async function checkRoom(deps: TeamDeps, tx: Db, channel: ChannelRow, adding: number) {
  const { teamMembers } = await planLimits(tx, channel.userId)
  if (teamMembers === null) return
  const [m] = await tx.select({ n: count() }).from(channelMembers).where(eq(channelMembers.channelId, channel.id))
  const open = (await pending(deps, tx, channel.id)).length
  if ((m?.n ?? 0) + open + adding > teamMembers) throw new AppError('PLAN_LIMIT', `Your plan allows ${teamMembers} team members per channel`)
}

export async function invite(deps: TeamDeps, ownerId: number, channelId: string, rawEmail: unknown, rawGroup: unknown): Promise<ChannelInvitationRow> {
  const { db, channels } = deps
  const channel = await channels.owned(ownerId, channelId)
  const email = parseInput(emailInput, rawEmail, 'email')
  const { group, rights } = parseFields(groupInput, rawGroup)
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerId))
  if (normalEmail(owner?.email ?? '') === email) throw new AppError('BAD_USER_INPUT', 'You own this channel', { email: ['You own this channel'] })
  const token = randomBytes(32).toString('base64url')
  const at = deps.now()
  return db.transaction(async (tx) => {
    const [already] = await tx
      .select({ id: users.id })
      .from(channelMembers)
      .innerJoin(users, eq(users.id, channelMembers.userId))
      .where(and(eq(channelMembers.channelId, channel.id), sql`lower(${users.email}) = ${email}`))
    if (already) throw new AppError('CONFLICT', 'This account is already on the team', { email: ['Already on the team'] })
    if ((await pending(deps, tx, channel.id)).some((i) => i.email === email)) {
      throw new AppError('CONFLICT', 'This address has an open invitation', { email: ['An invitation is open'] })
    }
    await checkRoom(deps, tx, channel, 1)
    const expiresAt = new Date(at.getTime() + deps.invitationDays * 86_400_000)
    const [row] = await tx
      .insert(channelInvitations)
      .values({ channelId: channel.id, email, group, rights, tokenHash: tokenHash(token), invitedBy: ownerId, createdAt: at, expiresAt })
      .returning()
    const link = `${deps.publicUrl.replace(/\/$/, '')}/team/invitation?token=${token}`
    const text = [
      `You are invited to help on the channel ${channel.displayName} as ${group}.`,
      '',
      `Open this link to accept (with an account for ${email}, or register one there): ${link}`,
      '',
      `The invitation expires on ${expiresAt.toISOString().slice(0, 10)}.`,
    ].join('\n')
    // Counted against the owner's hourly mail allowance; past it, nothing is written.
    await deps.mail.send({ to: email, subject: `Invitation to the team of ${channel.displayName}`, text }, tx, { userId: ownerId })
    await channels.audit(tx, { channelId: channel.id, actorId: ownerId, module: 'team', action: 'invitation.create', after: { email, group, rights } })
    return row!
  })
}

export async function withdraw(deps: TeamDeps, ownerId: number, invitationId: string): Promise<boolean> {
  const { db, channels } = deps
  const id = parseId(invitationId)
  const [row] = id ? await db.select().from(channelInvitations).where(eq(channelInvitations.id, id)) : []
  if (!row) throw new AppError('NOT_FOUND', 'Invitation not found')
  await channels.owned(ownerId, row.channelId).catch(() => {
    throw new AppError('NOT_FOUND', 'Invitation not found')
  })
  if (row.acceptedAt || row.withdrawnAt) return false
  await db.transaction(async (tx) => {
    await tx.update(channelInvitations).set({ withdrawnAt: deps.now() }).where(eq(channelInvitations.id, row.id))
    await channels.audit(tx, {
      channelId: row.channelId,
      actorId: ownerId,
      module: 'team',
      action: 'invitation.withdraw',
      before: { email: row.email, group: row.group },
    })
  })
  return true
}

/** What the invitation page shows before accepting: the channel and the group (the token is the proof). */
export async function invitation(deps: TeamDeps, token: unknown) {
  const { db, channels } = deps
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw invalidInvitation()
  const [row] = await db
    .select()
    .from(channelInvitations)
    .where(eq(channelInvitations.tokenHash, tokenHash(token)))
  if (!row || row.acceptedAt || row.withdrawnAt || row.expiresAt <= deps.now()) throw invalidInvitation()
  const channel = await channels.byId(row.channelId)
  if (!channel) throw invalidInvitation()
  return { row, channel }
}

/** The signed-in account with the invited address joins the team (within the owner's plan). */
export async function accept(deps: TeamDeps, userId: number, token: unknown): Promise<ChannelRow> {
  const { db, channels } = deps
  const { row, channel } = await invitation(deps, token)
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (normalEmail(me?.email ?? '') !== row.email) throw new AppError('FORBIDDEN', `This invitation is for ${row.email}; sign in with that address`)
  if (channel.userId === userId) throw invalidInvitation()
  await db.transaction(async (tx) => {
    // The accepted invitation stops counting as open before the room check counts the new member.
    const [taken] = await tx
      .update(channelInvitations)
      .set({ acceptedAt: deps.now() })
      .where(and(eq(channelInvitations.id, row.id), isNull(channelInvitations.acceptedAt), isNull(channelInvitations.withdrawnAt)))
      .returning({ id: channelInvitations.id })
    if (!taken) throw invalidInvitation()
    await checkRoom(deps, tx, channel, 1)
    await tx
      .insert(channelMembers)
      .values({ channelId: channel.id, userId, group: row.group, rights: row.rights, addedAt: deps.now() })
      .onConflictDoUpdate({ target: [channelMembers.channelId, channelMembers.userId], set: { group: row.group, rights: row.rights } })
    await channels.audit(tx, { channelId: channel.id, actorId: userId, module: 'team', action: 'member.join', after: { userId, group: row.group } })
  })
  channels.forgetMember(channel.id, userId)
  return channel
}
