import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { channels } from '../channels/channels.tables'
import type { ModerationSettings } from './settings'

/** A channel's auto-moderation settings (absent: the defaults, module off). */
export const moderationSettings = pgTable('moderation_settings', {
  channelId: bigint('channel_id', { mode: 'number' })
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<ModerationSettings>().notNull(),
  /** The platform's last refusal of a moderation call for want of rights (403), null once one succeeded. */
  rightsProblem: text('rights_problem'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Trusted viewers of a channel: a filter exemption and a command permission level. */
export const moderationRegulars = pgTable(
  'moderation_regulars',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** Lower case, without the @. */
    login: text('login').notNull(),
    addedBy: text('added_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('moderation_regulars_channel_login_idx').on(t.channelId, t.login)],
)

/**
 * A moderator's !permit: one link allowed to a viewer until a time. Kept here as well as in the
 * bot's memory, so a restarted worker (or the one the channel's lease moves to) honours it.
 */
export const moderationPermits = pgTable(
  'moderation_permits',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** Lower case, without the @. */
    login: text('login').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('moderation_permits_channel_login_idx').on(t.channelId, t.login)],
)

export const logSources = ['filter', 'moderator', 'nuke'] as const
export const logActions = ['warn', 'delete', 'timeout', 'ban'] as const
export type LogAction = (typeof logActions)[number]

/** Every automatic or manual moderation action; kept MODERATION_LOG_DAYS days. */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    viewerId: text('viewer_id').notNull(),
    viewerLogin: text('viewer_login').notNull(),
    viewerName: text('viewer_name').notNull(),
    source: text('source', { enum: logSources }).notNull(),
    /** The filter that tripped (source filter). */
    filter: text('filter'),
    /** Who acted (source moderator or nuke): a chat login or "dashboard". */
    moderator: text('moderator'),
    /** What tripped the filter (a domain, a count), never the whole message. */
    detail: text('detail').notNull().default(''),
    excerpt: text('excerpt').notNull(),
    platformMessageId: text('platform_message_id'),
    action: text('action', { enum: logActions }).notNull(),
    durationSeconds: integer('duration_seconds'),
    ok: boolean('ok').notNull(),
    status: integer('status').notNull(),
    answer: text('answer').notNull(),
    /** Nuke rows share the nuke's id (for !unnuke). */
    nukeId: text('nuke_id'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('moderation_log_channel_idx').on(t.channelId, t.id),
    index('moderation_log_viewer_idx').on(t.channelId, t.viewerLogin),
    index('moderation_log_at_idx').on(t.at),
    check('moderation_log_action_valid', sql`${t.action} in ('warn','delete','timeout','ban')`),
    check('moderation_log_source_valid', sql`${t.source} in ('filter','moderator','nuke')`),
  ],
)

export type ModerationLogRow = typeof moderationLog.$inferSelect
export type RegularRow = typeof moderationRegulars.$inferSelect
