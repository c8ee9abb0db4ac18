import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { PubSub } from 'graphql-yoga'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Logger } from '../../logger'
import type { Platforms } from '../../platforms'
import { PlatformRequestError, type IncomingChat, type PlatformResult } from '../../platforms/types'
import type { ChatMessageEvent, Topics } from '../../realtime/pubsub'
import type { ChannelsService } from '../channels/channels.service'
import { MAX_MESSAGE_LENGTH } from '../commands/template'
import { ChatLimiters } from './chat-limiter'
import { chatMessages, type ChatMessageRow } from './chat.tables'

export const moderationActions = ['delete', 'timeout', 'ban'] as const
export type ModerationAction = (typeof moderationActions)[number]

export interface ModerationInput {
  action: ModerationAction
  messageId?: string | null
  userId?: string | null
  durationSeconds?: number | null
  reason?: string | null
}

export const toEvent = (r: ChatMessageRow): ChatMessageEvent => ({
  id: String(r.id),
  channelId: String(r.channelId),
  platformMessageId: r.platformMessageId,
  userId: r.userId,
  userLogin: r.userLogin,
  userName: r.userName,
  text: r.text,
  roles: r.roles,
  fromBot: r.fromBot,
  removed: r.removed,
  at: r.at.toISOString(),
})

/**
 * The live chat: every line the bot receives is kept (the last CHAT_HISTORY_SIZE per channel)
 * and published to `chatMessage:<channelId>`; sending as the bot and moderating go through
 * the platform API, within the channel's chat limit, and answer what the platform said.
 */
export function createChatService(deps: {
  db: Db
  log: Logger
  now: () => Date
  pubsub: PubSub<Topics>
  channels: ChannelsService
  platforms: Platforms
  historySize: number
}) {
  const { db, now, pubsub, channels, platforms } = deps
  const limiters = new ChatLimiters()
  let inserted = 0

  async function record(channelId: number, chat: IncomingChat, fromBot: boolean): Promise<ChatMessageEvent> {
    const [row] = await db
      .insert(chatMessages)
      .values({
        channelId,
        platformMessageId: chat.messageId.slice(0, 100),
        userId: chat.userId.slice(0, 100),
        userLogin: chat.userLogin.slice(0, 100),
        userName: chat.userName.slice(0, 100),
        text: chat.text.slice(0, 2000),
        roles: chat.roles,
        fromBot,
        at: chat.at,
      })
      .returning()
    const event = toEvent(row!)
    pubsub.publish('chatMessage', String(channelId), event)
    // Trim to the ring size now and then, not on every line.
    if (++inserted % 20 === 0) await trim(channelId)
    return event
  }

  async function trim(channelId: number) {
    const [edge] = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.channelId, channelId))
      .orderBy(desc(chatMessages.id))
      .offset(deps.historySize)
      .limit(1)
    if (edge) await db.delete(chatMessages).where(and(eq(chatMessages.channelId, channelId), lte(chatMessages.id, edge.id)))
  }

  async function recent(channelId: number, first: number): Promise<ChatMessageEvent[]> {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.channelId, channelId))
      .orderBy(desc(chatMessages.id))
      .limit(Math.min(Math.max(first, 1), deps.historySize))
    return rows.reverse().map(toEvent)
  }

  async function countSince(channelId: number, since: Date): Promise<number> {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(and(eq(chatMessages.channelId, channelId), sql`${chatMessages.at} >= ${since}`))
    return r?.n ?? 0
  }

  /** Moderation removed these lines: marked, and published again so the chatboard strikes them through. */
  async function markRemoved(channelId: number, platformMessageIds: string[]): Promise<void> {
    if (platformMessageIds.length === 0) return
    const rows = await db
      .update(chatMessages)
      .set({ removed: true })
      .where(and(eq(chatMessages.channelId, channelId), inArray(chatMessages.platformMessageId, platformMessageIds), eq(chatMessages.removed, false)))
      .returning()
    for (const r of rows) pubsub.publish('chatMessage', String(channelId), toEvent(r))
  }

  const platformFailure = (e: unknown): PlatformResult | null =>
    e instanceof PlatformRequestError ? { ok: false, status: e.status, message: e.message } : null

  /** Sends as the bot now, if the channel's chat limit allows (the worker queues instead). */
  async function sendAsBot(channelId: number, text: string): Promise<PlatformResult> {
    const channel = await channels.byId(channelId)
    if (!channel) throw new AppError('NOT_FOUND', 'Channel not found')
    try {
      return await channels.actAs(channelId, 'sender', async (as) => (await platforms.of(channel)).sendChat(as, text))
    } catch (e) {
      const r = platformFailure(e)
      if (r) return r
      throw e
    }
  }

  /** Chatboard: a message from the owner, sent as the bot. */
  async function send(userId: number, channelId: number | string, textRaw: string): Promise<PlatformResult> {
    const channel = await channels.owned(userId, channelId)
    const text = textRaw.trim()
    if (!text) throw new AppError('BAD_USER_INPUT', 'The message is empty', { message: ['The message is empty'] })
    if (text.length > MAX_MESSAGE_LENGTH) {
      const m = `The message has ${text.length} characters; the most is ${MAX_MESSAGE_LENGTH}`
      throw new AppError('BAD_USER_INPUT', m, { message: [m] })
    }
    const limiter = limiters.get(channel.id)
    const t = now().getTime()
    if (!limiter.tryTake(t)) {
      const seconds = Math.ceil(limiter.waitMs(t) / 1000)
      throw new AppError('RATE_LIMITED', `Chat limit reached (${limiter.limit} messages per 30 s); try again in ${seconds} s`)
    }
    return sendAsBot(channel.id, text)
  }

  async function moderate(userId: number, channelId: number | string, input: ModerationInput): Promise<PlatformResult> {
    const channel = await channels.owned(userId, channelId)
    const client = await platforms.of(channel)
    const reason = (input.reason ?? '').trim().slice(0, 500)
    const id = (v: string | null | undefined, field: string) => {
      const s = (v ?? '').trim()
      if (!s || s.length > 100) throw new AppError('BAD_USER_INPUT', `${field} is required`, { [field]: [`${field} is required`] })
      return s
    }
    let call: (as: Parameters<typeof client.ban>[0]) => Promise<PlatformResult>
    switch (input.action) {
      case 'delete': {
        const messageId = id(input.messageId, 'messageId')
        call = (as) => client.deleteMessage(as, messageId)
        break
      }
      case 'timeout': {
        const user = id(input.userId, 'userId')
        const d = input.durationSeconds ?? 600
        if (!Number.isInteger(d) || d < 1 || d > 1_209_600) {
          throw new AppError('BAD_USER_INPUT', 'A timeout lasts 1 second to 2 weeks', { durationSeconds: ['A timeout lasts 1 second to 2 weeks'] })
        }
        call = (as) => client.ban(as, user, d, reason)
        break
      }
      case 'ban': {
        const user = id(input.userId, 'userId')
        call = (as) => client.ban(as, user, null, reason)
        break
      }
      default:
        throw new AppError('BAD_USER_INPUT', 'Unknown moderation action')
    }
    try {
      return await channels.actAs(channel.id, 'broadcaster', call)
    } catch (e) {
      const r = platformFailure(e)
      if (r) return r
      throw e
    }
  }

  return { record, recent, countSince, send, sendAsBot, moderate, markRemoved, limiters }
}

export type ChatService = ReturnType<typeof createChatService>
