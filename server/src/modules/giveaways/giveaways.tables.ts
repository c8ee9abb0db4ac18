import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { channels } from '../channels/channels.tables'

/** Who may enter: everyone, followers (Twitch: Helix follow lookup), subscribers (and the levels above). */
export const giveawayEligibilities = ['everyone', 'followers', 'subscribers'] as const
export type GiveawayEligibility = (typeof giveawayEligibilities)[number]
export const giveawayStates = ['open', 'closed'] as const
export type GiveawayState = (typeof giveawayStates)[number]

/** A giveaway of a channel: open for entries (a keyword, or every chat line), then closed and drawn. */
export const giveaways = pgTable(
  'giveaways',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    prize: text('prize').notNull(),
    /** The entry word (lower case, e.g. !join); null: every chat line enters. */
    keyword: text('keyword'),
    eligibility: text('eligibility', { enum: giveawayEligibilities }).notNull().default('everyone'),
    /** Followers only: the least follow age in days. */
    minFollowDays: integer('min_follow_days'),
    /** The most entries taken (null: no limit). */
    maxEntries: integer('max_entries'),
    /** Tickets a subscriber gets (1: no sub luck). */
    subscriberTickets: integer('subscriber_tickets').notNull().default(1),
    /** Entries stop at this time (null: closed by hand). */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    state: text('state', { enum: giveawayStates }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('giveaways_channel_idx').on(t.channelId, t.id),
    // One open giveaway per channel at a time.
    uniqueIndex('giveaways_one_open_key')
      .on(t.channelId)
      .where(sql`${t.state} = 'open'`),
    check('giveaways_state_valid', sql`${t.state} in ('open','closed')`),
    check('giveaways_eligibility_valid', sql`${t.eligibility} in ('everyone','followers','subscribers')`),
  ],
)

/** An entry: one per viewer and giveaway, stored so the draw can be checked afterwards. */
export const giveawayEntries = pgTable(
  'giveaway_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    giveawayId: bigint('giveaway_id', { mode: 'number' })
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    login: text('login').notNull(),
    name: text('name').notNull(),
    tickets: integer('tickets').notNull().default(1),
    subscriber: boolean('subscriber').notNull().default(false),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('giveaway_entries_viewer_key').on(t.giveawayId, t.userId)],
)

/**
 * A draw: the winner and what it was drawn from (the entries' ids and tickets in order, their
 * total, the random ticket number), so anyone can check it; a reroll is a further draw.
 */
export const giveawayDraws = pgTable(
  'giveaway_draws',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    giveawayId: bigint('giveaway_id', { mode: 'number' })
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => giveawayEntries.id, { onDelete: 'cascade' }),
    /** [entryId, tickets] of every entry drawn from, in ticket order. */
    pool: jsonb('pool').$type<Array<[number, number]>>().notNull(),
    totalTickets: integer('total_tickets').notNull(),
    /** The ticket drawn, 0 ≤ ticket < totalTickets (crypto.randomInt). */
    ticket: integer('ticket').notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('giveaway_draws_giveaway_idx').on(t.giveawayId, t.id)],
)

export type GiveawayRow = typeof giveaways.$inferSelect
export type GiveawayEntryRow = typeof giveawayEntries.$inferSelect
export type GiveawayDrawRow = typeof giveawayDraws.$inferSelect
