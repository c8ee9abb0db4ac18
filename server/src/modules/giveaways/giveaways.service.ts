import { randomInt } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Logger } from '../../logger'
import type { Realtime } from '../../realtime/pubsub'
import { isUniqueViolation } from '../../db/unique-violation'
import { parseFields } from '../../validation'
import type { ChannelsService } from '../channels/channels.service'
import type { ChannelRow } from '../channels/channels.tables'
import type { ChatService } from '../chat/chat.service'
import { badInput } from '../commands/commands.module'
import { giveawayDraws, giveawayEligibilities, giveawayEntries, giveaways, type GiveawayDrawRow, type GiveawayRow } from './giveaways.tables'
import { giveawayQueries } from './giveaway-queries'
import { openGiveaways } from './open-giveaways'

export const MAX_GIVEAWAY_MINUTES = 24 * 60
export const MAX_SUBSCRIBER_TICKETS = 10

const openInput = z
  .object({
    prize: z.string().trim().min(1, 'Name the prize').max(100, 'A prize has at most 100 characters'),
    keyword: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^!?[a-z0-9_]{1,30}$/, 'A keyword is one word such as !join')
      .transform((k) => (k.startsWith('!') ? k : `!${k}`))
      .nullish(),
    eligibility: z.enum(giveawayEligibilities).default('everyone'),
    minFollowDays: z.number().int().min(0, 'At least 0 days').max(3650, 'At most 3650 days').nullish(),
    maxEntries: z.number().int().min(1, 'At least 1 entry').max(100_000, 'At most 100000 entries').nullish(),
    subscriberTickets: z.number().int().min(1, 'At least 1 ticket').max(MAX_SUBSCRIBER_TICKETS, `At most ${MAX_SUBSCRIBER_TICKETS} tickets`).default(1),
    durationMinutes: z.number().int().min(1, 'At least 1 minute').max(MAX_GIVEAWAY_MINUTES, `At most ${MAX_GIVEAWAY_MINUTES} minutes`).nullish(),
  })
  .refine((i) => i.minFollowDays == null || i.minFollowDays === 0 || i.eligibility === 'followers', {
    path: ['minFollowDays'],
    message: 'A follow age needs the followers eligibility',
  })
export type GiveawayInput = z.input<typeof openInput>

const parse = parseFields

/** The entry a ticket falls on: tickets are laid out in pool order. */
/** A giveaway as the channel log keeps it. */
const giveawayEntry = (g: GiveawayRow) => ({ prize: g.prize, keyword: g.keyword, eligibility: g.eligibility, state: g.state })

export function ticketOwner(pool: ReadonlyArray<readonly [number, number]>, ticket: number): number {
  let left = ticket
  for (const [entryId, tickets] of pool) {
    if (left < tickets) return entryId
    left -= tickets
  }
  throw new Error('ticket outside the pool')
}

/**
 * Giveaways of a channel: opened on the dashboard (keyword or every chat line, eligibility,
 * follow age, entry limit, sub luck, a timer or manual close), entered in chat, drawn with
 * crypto.randomInt over the stored entries' tickets (each draw recorded with what it drew
 * from), rerolled, announced through the bot within the chat limit.
 */
export function createGiveawaysService(deps: {
  db: Db
  channels: ChannelsService
  chat: ChatService
  now: () => Date
  /** The change feed: a giveaway opened or closed in one process drops the others' cached answer. */
  pubsub: Realtime['pubsub']
  log: Logger
  /** For draws; crypto.randomInt unless a test replaces it. */
  randomInt?: (max: number) => number
}) {
  const { db, channels, chat, now, pubsub } = deps
  const pick = deps.randomInt ?? ((max: number) => randomInt(max))
  const { openGiveaway, changed } = openGiveaways({ db, now, pubsub, log: deps.log })

  /** A line in the channel's chat from the bot, when its bot is on and the chat limit allows (else skipped). */
  async function announce(channel: ChannelRow, text: string): Promise<boolean> {
    if (!channel.active) return false
    if (!(await chat.limits.take(channel.id, now().getTime())).taken) return false
    return chat
      .sendAsBot(channel.id, text)
      .then((r) => r.ok)
      .catch(() => false)
  }

  async function owned(userId: number, id: number | string): Promise<{ giveaway: GiveawayRow; channel: ChannelRow }> {
    const n = Number(id)
    const [giveaway] = Number.isSafeInteger(n) ? await db.select().from(giveaways).where(eq(giveaways.id, n)).limit(1) : []
    if (!giveaway) throw new AppError('NOT_FOUND', 'Giveaway not found')
    const channel = await channels.owned(userId, giveaway.channelId).catch(() => {
      throw new AppError('NOT_FOUND', 'Giveaway not found')
    })
    return { giveaway, channel }
  }

  async function open(userId: number, channelId: number | string, input: GiveawayInput): Promise<GiveawayRow> {
    const channel = await channels.owned(userId, channelId)
    const i = parse(openInput, input)
    if (i.eligibility === 'followers' && channel.platform === 'kick' && !channel.sandbox) {
      throw badInput({ eligibility: ['Kick publishes no follows to apps: choose everyone or subscribers'] })
    }
    try {
      const [row] = await db
        .insert(giveaways)
        .values({
          channelId: channel.id,
          prize: i.prize,
          keyword: i.keyword ?? null,
          eligibility: i.eligibility,
          minFollowDays: i.minFollowDays || null,
          maxEntries: i.maxEntries ?? null,
          subscriberTickets: i.subscriberTickets,
          endsAt: i.durationMinutes ? new Date(now().getTime() + i.durationMinutes * 60_000) : null,
          createdAt: now(),
        })
        .returning()
      changed(channel.id)
      await channels.audit(db, { channelId: channel.id, actorId: userId, module: 'giveaways', action: 'giveaway.open', after: giveawayEntry(row!) })
      const how = row!.keyword ? `type ${row!.keyword} to enter` : 'write in chat to enter'
      await announce(channel, `Giveaway: ${row!.prize}! ${how}${row!.endsAt ? ` within ${i.durationMinutes} min` : ''}.`)
      return row!
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('CONFLICT', 'This channel already has an open giveaway: close it first')
      throw e
    }
  }

  async function closeRow(g: GiveawayRow): Promise<GiveawayRow> {
    if (g.state === 'closed') return g
    const [row] = await db
      .update(giveaways)
      .set({ state: 'closed', closedAt: now() })
      .where(and(eq(giveaways.id, g.id), eq(giveaways.state, 'open')))
      .returning()
    changed(g.channelId)
    return row ?? { ...g, state: 'closed' }
  }

  async function close(userId: number, id: number | string): Promise<GiveawayRow> {
    const { giveaway } = await owned(userId, id)
    const row = await closeRow(giveaway)
    if (giveaway.state !== 'closed') {
      const entry = { channelId: giveaway.channelId, actorId: userId, module: 'giveaways' as const, action: 'giveaway.close' }
      await channels.audit(db, { ...entry, before: giveawayEntry(giveaway), after: giveawayEntry(row) })
    }
    return row
  }

  /** Draws a winner (closing the giveaway first) among the entries not drawn before; a second call is a reroll. */
  async function draw(userId: number, id: number | string): Promise<GiveawayDrawRow> {
    const { giveaway, channel } = await owned(userId, id)
    await closeRow(giveaway)
    const drawn = await db.transaction(async (tx) => {
      // One draw at a time per giveaway: the row lock orders concurrent draws.
      await tx.execute(sql`select id from giveaways where id = ${giveaway.id} for update`)
      const previous = await tx.select({ entryId: giveawayDraws.entryId }).from(giveawayDraws).where(eq(giveawayDraws.giveawayId, giveaway.id))
      const won = new Set(previous.map((p) => p.entryId))
      const entries = await tx.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, giveaway.id)).orderBy(asc(giveawayEntries.id))
      const pool = entries.filter((e) => !won.has(e.id)).map((e) => [e.id, e.tickets] as [number, number])
      const total = pool.reduce((n, [, t]) => n + t, 0)
      if (total === 0) throw new AppError('CONFLICT', entries.length ? 'Every entry has won already' : 'Nobody entered this giveaway')
      const ticket = pick(total)
      const [row] = await tx
        .insert(giveawayDraws)
        .values({ giveawayId: giveaway.id, entryId: ticketOwner(pool, ticket), pool, totalTickets: total, ticket, drawnAt: now() })
        .returning()
      const winner = entries.find((e) => e.id === row!.entryId)!
      await channels.audit(tx, {
        channelId: giveaway.channelId,
        actorId: userId,
        module: 'giveaways',
        action: 'giveaway.draw',
        after: { prize: giveaway.prize, winner: winner.name, reroll: previous.length > 0 },
      })
      return { row: row!, winner }
    })
    await announce(channel, `The winner of ${giveaway.prize} is @${drawn.winner.name}! Congratulations!`)
    return drawn.row
  }

  const queries = giveawayQueries(db)
  return { open, close, closeRow, draw, ...queries, openGiveaway, announce, owned }
}

export type GiveawaysService = ReturnType<typeof createGiveawaysService>
