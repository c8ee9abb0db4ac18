import { sql } from 'drizzle-orm'
import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'
import { channels } from '../channels/channels.tables'

/** The last CHAT_HISTORY_SIZE chat lines per channel, as the bot received them (a ring buffer). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    platformMessageId: text('platform_message_id').notNull(),
    userId: text('user_id').notNull(),
    userLogin: text('user_login').notNull(),
    userName: text('user_name').notNull(),
    text: text('text').notNull(),
    roles: jsonb('roles')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    fromBot: boolean('from_bot').notNull().default(false),
    /** Deleted by moderation (auto-moderation, a timeout, a nuke): the chatboard shows it struck through. */
    removed: boolean('removed').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_messages_channel_idx').on(t.channelId, t.id)],
)

export type ChatMessageRow = typeof chatMessages.$inferSelect
export type NewChatMessage = typeof chatMessages.$inferInsert

/**
 * Who on the dashboard sent a chatboard line (issue 31: a team member's line is theirs, not the
 * bot's or the owner's), by the message id the platform answered. The line itself arrives later
 * (or earlier) through the bot, so the two meet by (channel, message id). Trimmed with the ring.
 */
export const chatSenders = pgTable(
  'chat_senders',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    platformMessageId: text('platform_message_id').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.platformMessageId] }), index('chat_senders_channel_created_idx').on(t.channelId, t.createdAt)],
)
