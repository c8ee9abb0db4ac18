import { sql } from 'drizzle-orm'
import { bigint, boolean, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { channels } from '../channels/channels.tables'

/** What an alert can be about: the platforms' own events (see alert-text.ts). */
export const alertTypes = ['follow', 'sub', 'resub', 'gift', 'cheer', 'kicks', 'raid'] as const
export type AlertType = (typeof alertTypes)[number]

/** One alert type's settings for a channel; a type without a row uses the defaults (alert-text.ts). */
export const alertSettings = pgTable(
  'alert_settings',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    type: text('type', { enum: alertTypes }).notNull(),
    /** A line in chat, sent by the bot (only while the bot is on). */
    chat: boolean('chat').notNull(),
    /** Shown in the overlay's alert box. */
    overlay: boolean('overlay').notNull(),
    template: text('template').notNull(),
    /** Below this amount (bits, Kicks, gifts, months, raiders) the event is not announced. */
    minimum: integer('minimum').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** One of the shipped sounds (alert-text.ts alertSounds), or null for silence. */
    sound: text('sound'),
    /** An https image or animation shown with the text, or null. */
    imageUrl: text('image_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.type] }),
    check('alert_settings_type_valid', sql`${t.type} in ('follow','sub','resub','gift','cheer','kicks','raid')`),
  ],
)

/** A channel's overlay: the secret in its URL (a new one revokes the old) and the chat box's choice. */
export const overlays = pgTable('overlays', {
  channelId: bigint('channel_id', { mode: 'number' })
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  key: text('key').notNull().unique(),
  /** The chat box leaves out the bot's own lines. */
  hideBot: boolean('hide_bot').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

export type AlertSettingsRow = typeof alertSettings.$inferSelect
export type OverlayRow = typeof overlays.$inferSelect
