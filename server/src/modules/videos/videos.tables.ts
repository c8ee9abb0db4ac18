import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { channels } from '../channels/channels.tables'

export const videoTypes = ['archive', 'highlight', 'upload'] as const
export type VideoType = (typeof videoTypes)[number]

/** A channel's videos (past broadcasts, highlights, uploads) as the platform last reported them. */
export const channelVideos = pgTable(
  'channel_videos',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** The platform's video id. */
    videoId: text('video_id').notNull(),
    type: text('type', { enum: videoTypes }).notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    /** The platform's own view count. */
    viewCount: integer('view_count').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.videoId] }), index('channel_videos_created_idx').on(t.channelId, t.createdAt)],
)

/** A channel's clips as the platform last reported them. */
export const channelClips = pgTable(
  'channel_clips',
  {
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    clipId: text('clip_id').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    creatorName: text('creator_name').notNull(),
    /** The video the clip was cut from, when the platform names one. */
    videoId: text('video_id'),
    viewCount: integer('view_count').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.clipId] }), index('channel_clips_created_idx').on(t.channelId, t.createdAt)],
)

/** When a channel's videos and clips were last read from the platform, and the last failure. */
export const mediaSync = pgTable('media_sync', {
  channelId: bigint('channel_id', { mode: 'number' })
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  syncedAt: timestamp('synced_at', { withTimezone: true }),
  /** Clips are complete from this time on (the oldest window fetched). */
  clipsFrom: timestamp('clips_from', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
})

export type ChannelVideoRow = typeof channelVideos.$inferSelect
export type ChannelClipRow = typeof channelClips.$inferSelect
export type MediaSyncRow = typeof mediaSync.$inferSelect
