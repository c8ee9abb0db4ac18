import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { channels } from '../channels/channels.tables'

export const commandPermissions = ['everyone', 'subscriber', 'vip', 'moderator', 'broadcaster'] as const
export type CommandPermission = (typeof commandPermissions)[number]
/**
 * A command's minimum level: the viewer levels plus the channel's regulars (the moderation
 * module's list), between subscribers and VIPs as in the other bots (a VIP may use a regulars'
 * command). Conversation rules and quotes keep the platform levels only.
 */
export const commandLevels = ['everyone', 'subscriber', 'regular', 'vip', 'moderator', 'broadcaster'] as const
export type CommandLevel = (typeof commandLevels)[number]
/** When a command answers: always, only while the stream is live, only while it is offline. */
export const commandAvailabilities = ['always', 'online', 'offline'] as const
export type CommandAvailability = (typeof commandAvailabilities)[number]

/** A custom chat command of a channel (/pages/chatlist). */
export const chatCommands = pgTable(
  'chat_commands',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** Lower case, with the leading "!". */
    trigger: text('trigger').notNull(),
    response: text('response').notNull(),
    cooldownSeconds: integer('cooldown_seconds').notNull().default(5),
    userCooldownSeconds: integer('user_cooldown_seconds').notNull().default(0),
    permission: text('permission', { enum: commandLevels }).notNull().default('everyone'),
    enabled: boolean('enabled').notNull().default(true),
    /** With CategoryChatbot on, the command answers only while the stream's category is this one. */
    category: text('category'),
    useCount: integer('use_count').notNull().default(0),
    /** Further triggers of the same command (lower case, with "!"), unique per channel with the triggers (checked by the service). */
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availability: text('availability', { enum: commandAvailabilities }).notNull().default('always'),
    /** Viewer logins (lower case) who may use it whatever their level; and who may never. */
    allowedUsers: text('allowed_users')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deniedUsers: text('denied_users')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_commands_channel_trigger_key').on(t.channelId, t.trigger),
    check('chat_commands_permission_valid', sql`${t.permission} in ('everyone','subscriber','regular','vip','moderator','broadcaster')`),
    check('chat_commands_availability_valid', sql`${t.availability} in ('always','online','offline')`),
  ],
)

/** A named counter of a channel (${counter deaths}; `!deaths +1` by a moderator), editable on the dashboard. */
export const chatCounters = pgTable(
  'chat_counters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: integer('value').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_counters_channel_name_key').on(t.channelId, t.name)],
)

/** A timed message: every N minutes, once M chat lines have passed since the last one. */
export const chatTimers = pgTable(
  'chat_timers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    message: text('message').notNull(),
    intervalMinutes: integer('interval_minutes').notNull(),
    minLines: integer('min_lines').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_timers_channel_idx').on(t.channelId)],
)

export type ChatCommandRow = typeof chatCommands.$inferSelect
export type ChatTimerRow = typeof chatTimers.$inferSelect
export type ChatCounterRow = typeof chatCounters.$inferSelect
