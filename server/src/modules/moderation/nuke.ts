import { randomUUID } from 'node:crypto'
import { and, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm'
import { compileWords } from '../../text/safe-pattern'
import { parseInput } from '../../validation'
import type { ChannelRow } from '../channels/channels.tables'
import { chatMessages } from '../chat/chat.tables'
import { foldText } from './fold'
import { NUKE, NUKE_LIMITS, type ModerationDeps, type NukeInput } from './moderation-deps'
import { moderationLog } from './moderation.tables'
import { undoRow } from './undo'

/**
 * Removes every line of the last `lookbackSeconds` that contains the phrase (folded, whole
 * words) from the bot's chat history, and times their senders out; moderators and the bot
 * are spared. One nuke id groups its log rows for !unnuke.
 */
export async function nuke({ db, core, chat: chatService }: ModerationDeps, channel: ChannelRow, input: NukeInput, by: string, now: number) {
  const a = parseInput(NUKE, input, 'phrase')
  const phrase = compileWords(foldText(a.phrase))
  const since = new Date(now - a.lookbackSeconds * 1000)
  const lines = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, channel.id), gte(chatMessages.at, since), eq(chatMessages.fromBot, false), eq(chatMessages.removed, false)))
    .orderBy(desc(chatMessages.id))
    .limit(1000)
  const hits = lines.filter((l) => !l.roles.includes('moderator') && !l.roles.includes('broadcaster') && phrase.test(foldText(l.text)))
  const nukeId = randomUUID()
  const viewers = new Set<string>()
  for (const l of hits) {
    const chat = { userId: l.userId, userLogin: l.userLogin, userName: l.userName, text: l.text, messageId: l.platformMessageId }
    const del = await core.perform(channel, { kind: 'delete', messageId: l.platformMessageId }, now)
    await core.writeLog(channel.id, { chat, source: 'nuke', moderator: by, detail: a.phrase, action: 'delete', result: del, nukeId, at: new Date(now) })
    if (del.ok) await chatService.markRemoved(channel.id, [l.platformMessageId])
    if (viewers.has(l.userId) || viewers.size >= NUKE_LIMITS.maxViewers) continue
    viewers.add(l.userId)
    const reason = `Nuke: ${a.phrase}`
    const t = await core.perform(channel, { kind: 'timeout', userId: l.userId, seconds: a.timeoutSeconds, reason }, now)
    await core.writeLog(channel.id, {
      chat,
      source: 'nuke',
      moderator: by,
      detail: a.phrase,
      action: 'timeout',
      seconds: a.timeoutSeconds,
      result: t,
      nukeId,
      at: new Date(now),
    })
  }
  return { nukeId, messages: hits.length, viewers: viewers.size }
}

/** Ends the timeouts of the channel's latest nuke not yet undone; null when there is none. */
export async function unnuke(deps: ModerationDeps, channel: ChannelRow, now: number): Promise<number | null> {
  const { db } = deps
  const [last] = await db
    .select({ nukeId: moderationLog.nukeId })
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.channelId, channel.id),
        isNotNull(moderationLog.nukeId),
        eq(moderationLog.action, 'timeout'),
        eq(moderationLog.ok, true),
        isNull(moderationLog.undoneAt),
      ),
    )
    .orderBy(desc(moderationLog.id))
    .limit(1)
  if (!last?.nukeId) return null
  const rows = await db
    .select()
    .from(moderationLog)
    .where(
      and(eq(moderationLog.channelId, channel.id), eq(moderationLog.nukeId, last.nukeId), eq(moderationLog.action, 'timeout'), isNull(moderationLog.undoneAt)),
    )
  let n = 0
  for (const row of rows) if ((await undoRow(deps, channel, row.id, now)).ok) n++
  return n
}

export async function nukeFromDashboard(deps: ModerationDeps, userId: number, channelId: string, input: NukeInput) {
  const channel = await deps.channels.access(userId, channelId, 'moderation', 'manage')
  return nuke(deps, channel, input, await deps.channels.dashboardActor(userId, channel), deps.now().getTime())
}
