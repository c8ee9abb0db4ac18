import { randomUUID } from 'node:crypto'
import { and, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '../../errors'
import type { IncomingChat } from '../../platforms/types'
import { compileWords } from '../../text/safe-pattern'
import { parseInput } from '../../validation'
import type { ChannelRow } from '../channels/channels.tables'
import { chatMessages } from '../chat/chat.tables'
import { createModerationCore, type ScreenIo } from './core'
import { foldText } from './fold'
import { moderationLog } from './moderation.tables'
import type { FilterKind } from './settings'

type Deps = Parameters<typeof createModerationCore>[0]

export const NUKE_LIMITS = { maxLookbackSeconds: 600, maxTimeoutSeconds: 1_209_600, maxViewers: 100 }
const NUKE = z.object({
  phrase: z.string().trim().min(2, 'The phrase has 2 to 100 characters').max(100, 'The phrase has 2 to 100 characters'),
  lookbackSeconds: z.number().int().min(1, 'Look back 1 to 600 seconds').max(NUKE_LIMITS.maxLookbackSeconds, 'Look back 1 to 600 seconds'),
  timeoutSeconds: z.number().int().min(1, 'A timeout lasts 1 second to 2 weeks').max(NUKE_LIMITS.maxTimeoutSeconds, 'A timeout lasts 1 second to 2 weeks'),
})
export type NukeInput = z.input<typeof NUKE>

const isModerator = (chat: Pick<IncomingChat, 'roles'>) => chat.roles.includes('broadcaster') || chat.roles.includes('moderator')

/**
 * Auto-moderation: the core (settings, regulars, log, enforcing) plus what moderators do in
 * chat and on the dashboard: !permit, !regular, !nuke / !unnuke, and undo from the log.
 */
export function createModerationService(deps: Deps) {
  const core = createModerationCore(deps)
  const { db, channels } = deps

  /**
   * The bot's one call before the commands: a moderator's moderation command is run, any other
   * line goes through the filters. True: the line was taken (removed, or a moderation command),
   * so the bot does nothing more with it.
   */
  async function screen(channel: ChannelRow, line: IncomingChat, io: ScreenIo): Promise<boolean> {
    const g = await core.guardOf(channel.id)
    if (isModerator(line)) return moderatorCommand(channel, line, io)
    const s = g.compiled.settings
    if (!s.enabled) return false
    const previous = g.previous.get(line.userId) ?? null
    g.previous.delete(line.userId)
    g.previous.set(line.userId, { text: line.text, at: io.now })
    if (g.previous.size > 5000) g.previous.delete(g.previous.keys().next().value!)
    const regular = g.regulars.has(line.userLogin.toLowerCase())
    const exempt = (k: FilterKind) => s.filters[k].exempt.some((level) => (level === 'regular' ? regular : line.roles.includes(level)))
    const screened = { userId: line.userId, text: line.text, emotes: line.emotes ?? 0, previous, at: io.now }
    let hit = g.compiled.check(screened, { skip: exempt })
    const login = line.userLogin.toLowerCase()
    if (hit?.filter === 'links' && (g.permits.get(login) ?? 0) >= io.now) {
      g.permits.delete(login) // one link per !permit
      hit = g.compiled.check(screened, { skip: (k) => k === 'links' || exempt(k) })
    }
    if (!hit) return false
    await core.enforce(channel, line, g, hit, io)
    return true
  }

  async function moderatorCommand(channel: ChannelRow, line: IncomingChat, io: ScreenIo): Promise<boolean> {
    const [word = '', ...args] = line.text.trim().split(/\s+/)
    const by = line.userLogin
    try {
      switch (word.toLowerCase()) {
        case '!permit': {
          const login = (args[0] ?? '').replace(/^@/, '').toLowerCase()
          if (!login) return true
          const g = await core.guardOf(channel.id)
          const seconds = g.compiled.settings.filters.links.permitSeconds
          g.permits.set(login, io.now + seconds * 1000)
          io.reply(`@${login} may post one link in the next ${seconds} seconds.`)
          return true
        }
        case '!regular': {
          const [sub = '', who = ''] = args
          if (sub === 'add') io.reply(`@${await core.addRegular(channel.id, who, by)} is now a regular.`)
          else if (sub === 'remove')
            io.reply(
              (await core.removeRegular(channel.id, who))
                ? `@${who.replace(/^@/, '')} is no longer a regular.`
                : `@${who.replace(/^@/, '')} was not a regular.`,
            )
          else io.reply('Usage: !regular add|remove <user>')
          return true
        }
        case '!nuke': {
          const nums: number[] = []
          while (args.length > 1 && /^\d+$/.test(args[args.length - 1]!)) nums.unshift(Number(args.pop()))
          const r = await nuke(channel, { phrase: args.join(' '), lookbackSeconds: nums[0] ?? 60, timeoutSeconds: nums[1] ?? 600 }, by, io.now)
          io.reply(`Nuked ${r.messages} message(s) from ${r.viewers} viewer(s). !unnuke undoes it.`)
          return true
        }
        case '!unnuke': {
          const r = await unnuke(channel, io.now)
          io.reply(r === null ? 'Nothing to unnuke.' : `Unnuked ${r} viewer(s).`)
          return true
        }
        default:
          return false
      }
    } catch (e) {
      if (e instanceof AppError) {
        io.reply(`@${line.userName} ${e.message}`)
        return true
      }
      throw e
    }
  }

  /**
   * Removes every line of the last `lookbackSeconds` that contains the phrase (folded, whole
   * words) from the bot's chat history, and times their senders out; moderators and the bot
   * are spared. One nuke id groups its log rows for !unnuke.
   */
  async function nuke(channel: ChannelRow, input: NukeInput, by: string, now: number) {
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
      if (del.ok) await deps.chat.markRemoved(channel.id, [l.platformMessageId])
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
  async function unnuke(channel: ChannelRow, now: number): Promise<number | null> {
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
        and(
          eq(moderationLog.channelId, channel.id),
          eq(moderationLog.nukeId, last.nukeId),
          eq(moderationLog.action, 'timeout'),
          isNull(moderationLog.undoneAt),
        ),
      )
    let n = 0
    for (const row of rows) if ((await undoRow(channel, row.id, now)).ok) n++
    return n
  }

  /** Lifts the timeout or ban of a log row (a deleted message cannot be brought back). */
  async function undoRow(channel: ChannelRow, logId: number, now: number) {
    const [row] = await db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.id, logId), eq(moderationLog.channelId, channel.id)))
    if (!row) throw new AppError('NOT_FOUND', 'Log entry not found')
    if (row.undoneAt) throw new AppError('CONFLICT', 'Already undone')
    if (row.action !== 'timeout' && row.action !== 'ban')
      throw new AppError('CONFLICT', 'A deleted message cannot be restored; only timeouts and bans can be undone')
    const result = await core.perform(channel, { kind: 'unban', userId: row.viewerId }, now)
    // Twitch answers 400 when the timeout already ended: nothing left to undo either way.
    if (result.ok || result.status === 400) {
      await db
        .update(moderationLog)
        .set({ undoneAt: new Date(now) })
        .where(eq(moderationLog.id, row.id))
      await core.forgive(channel.id, row.viewerId)
    }
    return result
  }

  const owned = (userId: number, channelId: number | string) => channels.owned(userId, channelId)

  return {
    ...core,
    screen,
    nuke,
    unnuke,
    /** Dashboard: undo a log row of one of the user's channels. */
    async undo(userId: number, logIdRaw: string) {
      const logId = Number(logIdRaw)
      if (!Number.isSafeInteger(logId) || logId < 1) throw new AppError('NOT_FOUND', 'Log entry not found')
      const [row] = await db.select({ channelId: moderationLog.channelId }).from(moderationLog).where(eq(moderationLog.id, logId))
      if (!row) throw new AppError('NOT_FOUND', 'Log entry not found')
      const channel = await owned(userId, row.channelId)
      return undoRow(channel, logId, deps.now().getTime())
    },
    async nukeFromDashboard(userId: number, channelId: string, input: NukeInput) {
      const channel = await owned(userId, channelId)
      return nuke(channel, input, 'dashboard', deps.now().getTime())
    },
    async addRegularOwned(userId: number, channelId: string, login: string) {
      const channel = await owned(userId, channelId)
      await core.addRegular(channel.id, login, 'dashboard')
      return core.listRegulars(channel.id)
    },
    async removeRegularOwned(userId: number, channelId: string, login: string) {
      const channel = await owned(userId, channelId)
      await core.removeRegular(channel.id, login)
      return core.listRegulars(channel.id)
    },
    owned,
  }
}

export type ModerationService = ReturnType<typeof createModerationService>
