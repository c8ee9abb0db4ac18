import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { channels } from '../channels/channels.tables'

/**
 * A stream from stream.online to stream.offline (Twitch EventSub, Kick
 * livestream.status.updated), with the platform's own viewer counts folded in as they are
 * sampled (peak, sum and number of samples give the average) and the chat lines the bot
 * received meanwhile.
 */
export const streamSessions = pgTable(
  'stream_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    category: text('category'),
    peakViewers: integer('peak_viewers'),
    viewerSum: bigint('viewer_sum', { mode: 'number' }).notNull().default(0),
    samples: integer('samples').notNull().default(0),
    chatLines: integer('chat_lines').notNull().default(0),
  },
  (t) => [index('stream_sessions_channel_idx').on(t.channelId, t.startedAt)],
)

/** The platform's viewer count, sampled every few minutes while the channel is live. */
export const viewerSamples = pgTable(
  'viewer_samples',
  {
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => streamSessions.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [index('viewer_samples_session_idx').on(t.sessionId, t.at)],
)

export type StreamSessionRow = typeof streamSessions.$inferSelect
