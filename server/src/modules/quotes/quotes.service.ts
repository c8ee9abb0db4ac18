import { and, asc, eq, ilike, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { isUniqueViolation } from '../../db/unique-violation'
import { parseFields } from '../../validation'
import type { IncomingChat } from '../../platforms/types'
import type { ChannelsService } from '../channels/channels.service'
import { findCommand, words, type ChatTurn, badInput } from '../commands/commands.module'
import { commandPermissions, type CommandPermission } from '../commands/commands.tables'
import { permits } from '../commands/permission'
import { neutralise } from '../commands/template'
import { quoteSettings, quotes, type QuoteRow } from './quotes.tables'

export const MAX_QUOTE_LENGTH = 400
/** Between two `!quote` answers in a channel. */
const QUOTE_COOLDOWN_MS = 5_000

const quoteText = z.string().trim().min(1, 'A quote has some text').max(MAX_QUOTE_LENGTH, `A quote has at most ${MAX_QUOTE_LENGTH} characters`)
const quoteInput = z.object({ text: quoteText, game: z.string().trim().max(100, 'A game name has at most 100 characters').nullish() })
const quotePatch = quoteInput.partial()

const parse = parseFields

/** How a quote is shown in chat: #12: "text" (Chess, 2026-11-28). */
export const quoteLine = (q: QuoteRow) => `#${q.number}: "${q.text}" (${[q.game, q.createdAt.toISOString().slice(0, 10)].filter(Boolean).join(', ')})`

/** A quote as the channel log keeps it. */
const quoteEntry = (q: QuoteRow) => ({ number: q.number, text: q.text, game: q.game })

/** The next number in the channel, inserted in one transaction (a clash with a concurrent add is tried again once). */
async function insertQuote(
  { db, now }: { db: Db; now: () => Date },
  channelId: number,
  text: string,
  game: string | null,
  addedBy: string | null,
): Promise<QuoteRow> {
  const attempt = () =>
    db.transaction(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`coalesce(max(${quotes.number}), 0)::int` })
        .from(quotes)
        .where(eq(quotes.channelId, channelId))
      const [row] = await tx
        .insert(quotes)
        .values({ channelId, number: n + 1, text, game, addedBy, createdAt: now(), updatedAt: now() })
        .returning()
      return row!
    })
  try {
    return await attempt()
  } catch (e) {
    if (isUniqueViolation(e)) return attempt()
    throw e
  }
}

/**
 * Quotes of a channel: `!quote` (random), `!quote 12`, `!quote search words`, `!addquote text`
 * (level-gated, moderators by default), with the game and date recorded; browsed, edited and
 * deleted on the dashboard.
 */

export function createQuotesService(deps: { db: Db; channels: ChannelsService; now: () => Date }) {
  const { db, channels, now } = deps

  const list = (channelId: number): Promise<QuoteRow[]> => db.select().from(quotes).where(eq(quotes.channelId, channelId)).orderBy(asc(quotes.number))

  async function addPermission(channelId: number): Promise<CommandPermission> {
    const [row] = await db.select().from(quoteSettings).where(eq(quoteSettings.channelId, channelId)).limit(1)
    return row?.addPermission ?? 'moderator'
  }

  const insert = (channelId: number, text: string, game: string | null, addedBy: string | null) => insertQuote(deps, channelId, text, game, addedBy)

  async function owned(userId: number, id: number | string): Promise<QuoteRow> {
    const n = Number(id)
    const [row] = Number.isSafeInteger(n) ? await db.select().from(quotes).where(eq(quotes.id, n)).limit(1) : []
    if (!row) throw new AppError('NOT_FOUND', 'Quote not found')
    await channels.owned(userId, row.channelId).catch(() => {
      throw new AppError('NOT_FOUND', 'Quote not found')
    })
    return row
  }

  async function create(userId: number, channelId: number | string, input: unknown): Promise<QuoteRow> {
    const channel = await channels.owned(userId, channelId)
    const i = parse(quoteInput, input)
    const row = await insert(channel.id, i.text, i.game || null, null)
    // After the insert (it retries its number on a clash, which a surrounding transaction could not).
    await channels.audit(db, { channelId: channel.id, actorId: userId, module: 'quotes', action: 'quote.create', after: quoteEntry(row) })
    return row
  }

  async function update(userId: number, id: number | string, input: unknown): Promise<QuoteRow> {
    const existing = await owned(userId, id)
    const i = parse(quotePatch, input)
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(quotes)
        .set({ ...(i.text !== undefined ? { text: i.text } : {}), ...(i.game !== undefined ? { game: i.game || null } : {}), updatedAt: now() })
        .where(eq(quotes.id, existing.id))
        .returning()
      await channels.audit(tx, {
        channelId: existing.channelId,
        actorId: userId,
        module: 'quotes',
        action: 'quote.update',
        before: quoteEntry(existing),
        after: quoteEntry(row!),
      })
      return row!
    })
  }

  async function remove(userId: number, id: number | string): Promise<boolean> {
    const existing = await owned(userId, id)
    await db.transaction(async (tx) => {
      await tx.delete(quotes).where(eq(quotes.id, existing.id))
      await channels.audit(tx, { channelId: existing.channelId, actorId: userId, module: 'quotes', action: 'quote.delete', before: quoteEntry(existing) })
    })
    return true
  }

  async function setAddPermission(userId: number, channelId: number | string, permission: CommandPermission): Promise<CommandPermission> {
    const channel = await channels.owned(userId, channelId)
    if (!commandPermissions.includes(permission)) throw badInput({ permission: ['Unknown permission'] })
    const before = await addPermission(channel.id)
    await db.transaction(async (tx) => {
      await tx
        .insert(quoteSettings)
        .values({ channelId: channel.id, addPermission: permission })
        .onConflictDoUpdate({ target: quoteSettings.channelId, set: { addPermission: permission } })
      const entry = { channelId: channel.id, actorId: userId, module: 'quotes' as const, action: 'quoteSettings.update' }
      await channels.audit(tx, { ...entry, before: { addPermission: before }, after: { addPermission: permission } })
    })
    return permission
  }

  /** The answer to `!quote …`: a number, search words, or nothing (random). */
  async function find(channelId: number, args: string[], random: () => number): Promise<string> {
    const term = args.join(' ').trim()
    if (/^#?\d{1,9}$/.test(term)) {
      const number = Number(term.replace('#', ''))
      const [q] = await db
        .select()
        .from(quotes)
        .where(and(eq(quotes.channelId, channelId), eq(quotes.number, number)))
        .limit(1)
      return q ? quoteLine(q) : `There is no quote #${number}.`
    }
    const where = term
      ? and(eq(quotes.channelId, channelId), ilike(quotes.text, `%${term.slice(0, 100).replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
      : eq(quotes.channelId, channelId)
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(quotes)
      .where(where)
    if (n === 0) return term ? `No quote matches "${term.slice(0, 50)}".` : 'There are no quotes yet.'
    const [q] = await db
      .select()
      .from(quotes)
      .where(where)
      .orderBy(asc(quotes.number))
      .offset(Math.min(n - 1, Math.floor(random() * n)))
      .limit(1)
    return quoteLine(q!)
  }

  /** The chat side: `!quote` and `!addquote` (a custom command of the same trigger takes precedence). */
  async function onChat(chat: IncomingChat, turn: ChatTurn): Promise<boolean> {
    const { word, args } = words(chat.text)
    if ((word !== '!quote' && word !== '!addquote') || !turn.row.chatBot || findCommand(turn.commands, word)) return false
    if (word === '!quote') {
      const last = turn.cooldowns.get('q:quote')
      if (last !== undefined && turn.now - last < QUOTE_COOLDOWN_MS) return false
      if (!(await turn.mayWrite())) return false
      turn.cooldowns.set('q:quote', turn.now)
      turn.say(neutralise(await find(turn.row.id, args, turn.random)))
      return true
    }
    if (!permits(chat.roles, await addPermission(turn.row.id))) return false
    if (!(await turn.mayWrite())) return false
    const text = quoteText.safeParse(args.join(' '))
    if (!text.success) {
      turn.say(`@${chat.userName} ${text.error.issues[0]?.message ?? 'Not a quote'}: !addquote text`)
      return true
    }
    const q = await insert(turn.row.id, text.data, turn.category, chat.userLogin)
    turn.say(`@${chat.userName} Added quote #${q.number}.`)
    return true
  }

  return { list, create, update, remove, addPermission, setAddPermission, onChat }
}

export type QuotesService = ReturnType<typeof createQuotesService>
