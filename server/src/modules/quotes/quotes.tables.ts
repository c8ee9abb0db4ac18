import { sql } from 'drizzle-orm'
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { channels } from '../channels/channels.tables'
import { commandPermissions, type CommandPermission } from '../commands/commands.tables'

/** A quote of a channel: `!quote 12` shows number 12; the game and date are recorded when it is added. */
export const quotes = pgTable(
  'quotes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … per channel; a deleted number is not given again. */
    number: integer('number').notNull(),
    text: text('text').notNull(),
    /** The stream's category when it was added (null: unknown). */
    game: text('game'),
    /** Who added it: a viewer's login in chat, or null from the dashboard. */
    addedBy: text('added_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quotes_channel_number_key').on(t.channelId, t.number)],
)

/** Per channel: who may `!addquote` (the quote module answers with the chat bot switched on). */
export const quoteSettings = pgTable(
  'quote_settings',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .primaryKey()
      .references(() => channels.id, { onDelete: 'cascade' }),
    addPermission: text('add_permission', { enum: commandPermissions }).$type<CommandPermission>().notNull().default('moderator'),
  },
  (t) => [check('quote_settings_permission_valid', sql`${t.addPermission} in ('everyone','subscriber','vip','moderator','broadcaster')`)],
)

export type QuoteRow = typeof quotes.$inferSelect
