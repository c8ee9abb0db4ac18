import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'

export const chatStatuses = ['online', 'offline', 'busy', 'away'] as const
export type ChatStatus = (typeof chatStatuses)[number]

/**
 * A user's support-chat profile (spec section 3, profileUser): about, chosen status and the
 * two settings. Absent until the user changes something; the defaults stand in.
 * `seen_at` is the connection heartbeat: a user with a live subscription refreshes it.
 */
export const supportChatProfiles = pgTable(
  'support_chat_profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    about: text('about').notNull().default(''),
    status: text('status', { enum: chatStatuses }).notNull().default('online'),
    /** Unused: the chat profile's two-step flag now shows the real two-step state (two-step.tables.ts). */
    twoStep: boolean('two_step').notNull().default(false),
    notificationsOn: boolean('notifications_on').notNull().default(true),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [check('support_chat_profiles_status_valid', sql`${t.status} in ('online','offline','busy','away')`)],
)

/** One conversation between two users (user_a < user_b); read marks per side for the unseen counts. */
export const supportChats = pgTable(
  'support_chats',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userA: bigint('user_a', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: bigint('user_b', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readA: bigint('read_a', { mode: 'number' }).notNull().default(0),
    readB: bigint('read_b', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('support_chats_pair_key').on(t.userA, t.userB),
    index('support_chats_b_idx').on(t.userB),
    check('support_chats_ordered', sql`${t.userA} < ${t.userB}`),
  ],
)

export const supportChatMessages = pgTable(
  'support_chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chatId: bigint('chat_id', { mode: 'number' })
      .notNull()
      .references(() => supportChats.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_chat_messages_chat_idx').on(t.chatId, t.id)],
)

export type SupportChatRow = typeof supportChats.$inferSelect
