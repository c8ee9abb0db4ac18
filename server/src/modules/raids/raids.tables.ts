import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { channels } from '../channels/channels.tables'

export const raidDirections = ['outgoing', 'incoming'] as const
export type RaidDirection = (typeof raidDirections)[number]
/** outgoing: pending → confirmed (EventSub channel.raid) or cancelled; incoming raids are received. */
export const raidStates = ['pending', 'confirmed', 'cancelled', 'received'] as const
export type RaidState = (typeof raidStates)[number]

/**
 * A channel's raid history: raids it started (through the panel, or on Twitch directly and
 * seen by the bot) and raids it received, with the shoutout the bot gave (if any).
 */
export const raids = pgTable(
  'raids',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: raidDirections }).notNull(),
    /** The other channel (the target of an outgoing raid, the raider of an incoming one). */
    otherId: text('other_id').notNull(),
    otherLogin: text('other_login').notNull(),
    otherName: text('other_name').notNull(),
    state: text('state', { enum: raidStates }).notNull(),
    /** Viewers the raid carried, as Twitch reported them in channel.raid. */
    viewers: integer('viewers'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    shoutoutAt: timestamp('shoutout_at', { withTimezone: true }),
    /** What became of the shoutout: sent, or why not (limit, refused by Twitch). */
    shoutout: text('shoutout'),
  },
  (t) => [
    index('raids_channel_requested_idx').on(t.channelId, t.requestedAt),
    check('raids_direction_valid', sql`${t.direction} in ('outgoing','incoming')`),
    check('raids_state_valid', sql`${t.state} in ('pending','confirmed','cancelled','received')`),
  ],
)

export type RaidRow = typeof raids.$inferSelect
