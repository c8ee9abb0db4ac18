import { and, eq } from 'drizzle-orm'
import { botPanels, users } from '../../db/schema'
import { AppError } from '../../errors'
import { changed, platformLabel, type ChannelsDeps } from './channels-deps'
import { channelAccounts, channels, pendingConnections, type ChannelRow, type PendingConnectionRow } from './channels.tables'
import { linkProblem } from './connect'
import { accounts, byId, owned } from './lookup'
import { syncUserPanel } from './panel'

/** A connection waiting for the user's confirmation; another user's, a used or an expired one reads as missing. */
export async function pendingConnection(deps: ChannelsDeps, userId: number, id: number | string): Promise<PendingConnectionRow> {
  const { db, now } = deps
  const n = Number(id)
  const [row] =
    Number.isSafeInteger(n) && n > 0
      ? await db
          .select()
          .from(pendingConnections)
          .where(and(eq(pendingConnections.id, n), eq(pendingConnections.userId, userId)))
          .limit(1)
      : []
  if (!row || row.expiresAt <= now()) throw new AppError('NOT_FOUND', 'This connection request is unknown or has expired; connect again')
  return row
}

/** Takes the pending connection out (single use); the same NOT_FOUND for another user's or an expired one. */
export async function takePending(deps: ChannelsDeps, userId: number, id: number | string): Promise<PendingConnectionRow> {
  const { db } = deps
  await pendingConnection(deps, userId, id)
  const [row] = await db
    .delete(pendingConnections)
    .where(and(eq(pendingConnections.id, Number(id)), eq(pendingConnections.userId, userId)))
    .returning()
  if (!row) throw new AppError('NOT_FOUND', 'This connection request is unknown or has expired; connect again')
  return row
}

/** The user declined the account shown: its token is revoked at the platform and nothing is linked. */
export async function cancelConnection(deps: ChannelsDeps, userId: number, id: number | string): Promise<boolean> {
  const { log, box, platforms } = deps
  const row = await takePending(deps, userId, id)
  const client = await platforms.of(row)
  await client.revoke(box.open(row.accessToken)).catch((e: Error) => log.warn({ err: e.message }, 'token revocation failed'))
  return true
}

/** The user confirmed the account shown: only now is it linked (as the channel, or as a channel's bot account). */
export async function confirmConnection(deps: ChannelsDeps, userId: number, id: number | string): Promise<ChannelRow> {
  const { db, log, now, box, platforms } = deps
  const p = await takePending(deps, userId, id)
  const client = await platforms.of(p)
  const refuse = async (e: AppError) => {
    await client.revoke(box.open(p.accessToken)).catch(() => {})
    return e
  }
  const sealed = {
    accessToken: p.accessToken,
    refreshToken: p.refreshToken,
    scopes: p.scopes,
    expiresAt: p.tokenExpiresAt,
    platformUserId: p.platformUserId,
    login: p.login,
    updatedAt: now(),
  }
  if (p.role === 'bot') {
    const channel = p.channelId ? await byId(deps, p.channelId) : undefined
    if (!channel || channel.userId !== userId) throw await refuse(new AppError('NOT_FOUND', 'Channel not found'))
    await db
      .insert(channelAccounts)
      .values({ channelId: channel.id, role: 'bot', ...sealed })
      .onConflictDoUpdate({ target: [channelAccounts.channelId, channelAccounts.role], set: sealed })
    changed(deps, channel.id, 'bot account')
    return channel
  }
  const outcome = await db.transaction(async (tx) => {
    const problem = await linkProblem(tx, p, p.platformUserId)
    if (problem) return { problem }
    const [existing] = await tx
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.platform, p.platform), eq(channels.platformUserId, p.platformUserId)))
      .limit(1)
    let channelId = existing?.id
    if (existing) {
      await tx
        .update(channels)
        .set({ login: p.login, displayName: p.displayName, updatedAt: now(), status: 'stopped', statusReason: null })
        .where(eq(channels.id, existing.id))
    } else {
      // A new channel starts with the switches of the user's panel (what they chose before connecting).
      const [panel] = await tx.select().from(botPanels).where(eq(botPanels.userId, userId))
      const [row] = await tx
        .insert(channels)
        .values({
          userId,
          platform: p.platform,
          platformUserId: p.platformUserId,
          login: p.login,
          displayName: p.displayName,
          sandbox: p.sandbox,
          ...(panel && !p.sandbox ? { autostart: panel.autostart, chatBot: panel.chatbot, categoryChatBot: panel.categoryChatbot } : {}),
        })
        .returning({ id: channels.id })
      channelId = row!.id
      if (!p.sandbox) await syncUserPanel(deps, tx, userId)
    }
    await tx
      .insert(channelAccounts)
      .values({ channelId: channelId!, role: 'broadcaster', ...sealed })
      .onConflictDoUpdate({ target: [channelAccounts.channelId, channelAccounts.role], set: sealed })
    if (p.platform === 'twitch' && !p.sandbox) {
      await tx.update(users).set({ twitchname: p.login, updatedAt: now() }).where(eq(users.id, userId))
    }
    return { channelId: channelId! }
  })
  if (outcome.problem === 'channel_taken') {
    throw await refuse(new AppError('CONFLICT', `This ${platformLabel[p.platform]} account is already connected to another account`))
  }
  if (outcome.problem === 'plan_limit') throw await refuse(new AppError('PLAN_LIMIT', 'Your plan allows no more connected channels; disconnect one first'))
  // Awaited, so the page the user returns to shows what they do (the follower total), not "–" until a sync.
  for (const fn of deps.connected) {
    await fn(outcome.channelId!).catch((e: Error) => log.warn({ err: e.message, channelId: outcome.channelId }, 'after-connect step failed'))
  }
  changed(deps, outcome.channelId!, 'connected')
  log.info({ platform: p.platform, channelId: outcome.channelId }, 'channel connected')
  return (await byId(deps, outcome.channelId!))!
}

export async function disconnect(deps: ChannelsDeps, userId: number, channelId: number | string): Promise<boolean> {
  const { db, log, now, box, platforms } = deps
  const channel = await owned(deps, userId, channelId)
  const client = await platforms.of(channel)
  for (const a of await accounts(deps, channel.id)) {
    try {
      await client.revoke(box.open(a.accessToken))
    } catch (e) {
      log.warn({ err: (e as Error).message, channelId: channel.id }, 'token revocation failed; removing the channel anyway')
    }
  }
  await db.transaction(async (tx) => {
    await tx.delete(channels).where(eq(channels.id, channel.id))
    if (channel.platform === 'twitch') {
      await tx
        .update(users)
        .set({ twitchname: null, updatedAt: now() })
        .where(and(eq(users.id, userId), eq(users.twitchname, channel.login)))
    }
    await syncUserPanel(deps, tx, userId)
  })
  changed(deps, channel.id, 'disconnected')
  return true
}
