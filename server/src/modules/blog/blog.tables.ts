import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../../db/schema'

export const blogStatuses = ['Draft', 'Published'] as const
export type BlogStatus = (typeof blogStatuses)[number]

/**
 * The product's news: release notes and how-tos written by admins. `content` is HTML cleaned
 * by sanitize-html on the way in (blog.service.ts); `cover_image` is an https address, a path
 * of this site or an uploaded PNG/JPEG/WebP data URL; `tags` a JSON array of strings (the
 * sidebar's categories). Drafts are seen by admins only.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull().default(''),
    coverImage: text('cover_image'),
    tags: jsonb('tags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: blogStatuses }).notNull().default('Draft'),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Set when the post is first published; kept when it goes back to Draft and out again. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_key').on(t.slug),
    index('blog_posts_listing_idx').on(t.status, t.publishedAt, t.id),
    index('blog_posts_tags_idx').using('gin', t.tags),
    index('blog_posts_search_trgm_idx').using('gin', sql`lower(${t.title} || ' ' || ${t.excerpt}) gin_trgm_ops`),
    check('blog_posts_status_valid', sql`${t.status} in ('Draft','Published')`),
  ],
)

/** A signed-in user's comment on a published post; admins may hide (moderate) or delete it, its author delete it. */
export const blogComments = pgTable(
  'blog_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Hidden by an admin: shown to admins only, not counted. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_comments_post_idx').on(t.postId, t.createdAt, t.id), index('blog_comments_author_idx').on(t.authorId)],
)

export type BlogPostRow = typeof blogPosts.$inferSelect
export type BlogCommentRow = typeof blogComments.$inferSelect
