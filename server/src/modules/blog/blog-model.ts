/** A post and a comment as the blog shows them, the HTML a post keeps, and who sees what. */
import { desc, eq, sql, type SQL } from 'drizzle-orm'
import sanitizeHtml from 'sanitize-html'
import { users } from '../../db/schema'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { blogComments, blogPosts, type BlogPostRow, type BlogStatus } from './blog.tables'
import { RICH_TEXT_TAGS } from '../../text/rich-text'

export interface BlogAuthor {
  name: string
  avatar: string | null
}

/** A post as both doors hand it out (REST maps it to the classic shapes in blog.rest.ts). */
export interface BlogPost {
  id: number
  slug: string
  title: string
  excerpt: string
  /** Sanitized HTML. */
  content: string
  coverImage: string | null
  tags: string[]
  status: BlogStatus
  author: BlogAuthor
  publishedAt: Date | null
  createdAt: Date
  updatedAt: Date
  /** Visible comments (hidden ones are not counted). */
  commentCount: number
}

export interface BlogComment {
  id: number
  postId: number
  text: string
  author: BlogAuthor
  authorId: number
  createdAt: Date
  hidden: boolean
}

export interface BlogTagCount {
  tag: string
  count: number
}

export const BLOG_PER_PAGE_MAX = 50

/** Server-side HTML cleaning for post bodies: structure, links and images; no scripts, handlers, styles or javascript: URLs. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS, 'img', 'figure', 'figcaption'],
    allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  })
}

/** The text of some HTML (for "is the body empty?"). */
export const textOf = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim()

export const isAdmin = (principal: Principal | null) => scopeOf(principal).kind === 'all'

/** Only admins see drafts; anyone else only published posts. */
export const visibleTo = (principal: Principal | null): SQL | undefined => (isAdmin(principal) ? undefined : eq(blogPosts.status, 'Published'))

export const commentCount = sql<number>`(select count(*)::int from ${blogComments} c where c.post_id = ${blogPosts.id} and c.hidden_at is null)`

export const postColumns = {
  row: blogPosts,
  authorName: sql<string | null>`coalesce(${users.fullName}, ${users.username})`,
  authorAvatar: users.avatar,
  commentCount,
}

export const toPost = (r: { row: BlogPostRow; authorName: string | null; authorAvatar: string | null; commentCount: number }): BlogPost => ({
  id: r.row.id,
  slug: r.row.slug,
  title: r.row.title,
  excerpt: r.row.excerpt,
  content: r.row.content,
  coverImage: r.row.coverImage,
  tags: r.row.tags,
  status: r.row.status,
  author: { name: r.authorName ?? '', avatar: r.authorAvatar },
  publishedAt: r.row.publishedAt,
  createdAt: r.row.createdAt,
  updatedAt: r.row.updatedAt,
  commentCount: Number(r.commentCount),
})

/** Newest first: published posts by publication, drafts (admins) by their last change. */
export const newestFirst = [desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.updatedAt})`), desc(blogPosts.id)]

/** What the audit log keeps of a post (the cover only as a marker). */
export const snapshot = (row: BlogPostRow) => ({
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  status: row.status,
  tags: row.tags,
  coverImage: row.coverImage ? '(image)' : null,
  contentLength: row.content.length,
})
