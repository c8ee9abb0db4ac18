import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { channels } from '../channels/channels.tables'

/**
 * Follows, one row per follower and channel (the first time they followed): from the
 * platform's follow event (Twitch channel.follow v2, Kick channel.followed) or, for Twitch,
 * from the newest page of the follower list when an event was missed. `thankedAt` is set
 * once, when a thank-you naming them was queued: at most one per follower, ever.
 */
export const followerEvents = pgTable(
  'follower_events',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    followerId: text('follower_id').notNull(),
    login: text('login').notNull(),
    name: text('name').notNull(),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull(),
    /** event (webhook / EventSub) or list (read from the follower list). */
    source: text('source', { enum: ['event', 'list'] }).notNull(),
    thankedAt: timestamp('thanked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.followerId] }), index('follower_events_time_idx').on(t.channelId, t.followedAt)],
)

/** The follower total as the platform reported it, the last reading of each day (UTC). */
export const followerTotals = pgTable(
  'follower_totals',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.day] })],
)

/** The optional thank-you in chat (off by default). */
export const followerSettings = pgTable('follower_settings', {
  channelId: bigint('channel_id', { mode: 'number' })
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  thankYou: boolean('thank_you').notNull().default(false),
  template: text('template').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

export type FollowerEventRow = typeof followerEvents.$inferSelect
export type FollowerSettingsRow = typeof followerSettings.$inferSelect
