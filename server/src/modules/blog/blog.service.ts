import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import sanitizeHtml from 'sanitize-html'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { idInput, parseInput } from '../../http/input'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { escapeLike } from '../../validation'
import type { AuditService } from '../audit/audit.service'
import { blogComments, blogPosts, blogStatuses, type BlogPostRow, type BlogStatus } from './blog.tables'
import { RICH_TEXT_TAGS } from '../../text/rich-text'

export { blogStatuses, type BlogStatus }

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
const textOf = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim()

const slugShape = z
  .string()
  .trim()
  .toLowerCase()
  .max(80, 'At most 80 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lowercase letters, digits and single dashes.')

/** A slug made from a title ("Timers, step by step!" → "timers-step-by-step"). */
export const slugify = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')

/** A cover: an https address, a path of this site, or an uploaded PNG/JPEG/WebP data URL (up to ~150 KB); '' or null for none. */
const coverShape = z
  .string()
  .trim()
  .max(200_000, 'The image is too large (at most about 150 KB).')
  .refine(
    (v) => v === '' || /^(https:\/\/|\/(?!\/))[^\s"'<>]{0,2040}$/i.test(v) || /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(v),
    'An https address, a path of this site, or a PNG, JPEG or WebP image.',
  )
  .nullable()
  .transform((v) => (v ? v : null))

const tagShape = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty.')
  .max(30, 'A tag has at most 30 characters.')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} &+.-]*$/u, 'Letters, digits, spaces and & + . -')

/** What an admin writes; the REST edit route takes the classic names (blog.rest.ts maps them). */
const postInput = z
  .object({
    title: z.string().trim().min(1, 'Required.').max(160, 'At most 160 characters.'),
    slug: z.union([slugShape, z.literal('')]).optional(),
    excerpt: z.string().trim().max(400, 'At most 400 characters.').default(''),
    content: z.string().max(100_000, 'At most 100,000 characters.').default(''),
    coverImage: coverShape.optional(),
    tags: z
      .array(tagShape)
      .max(8, 'At most 8 tags.')
      .default([])
      .refine((list) => new Set(list.map((t) => t.toLowerCase())).size === list.length, 'Each tag once.'),
    status: z.enum(blogStatuses).default('Draft'),
  })
  .strict()

export type BlogPostInput = z.input<typeof postInput>

const listInput = z.object({
  q: z.string().trim().max(100, 'At most 100 characters.').optional().default(''),
  tag: z.string().trim().max(30, 'At most 30 characters.').optional().default(''),
  status: z.enum(blogStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  perPage: z.coerce.number().int().min(1).max(BLOG_PER_PAGE_MAX).optional().default(6),
})

export type BlogListInput = z.input<typeof listInput>

const commentText = z.string().trim().min(1, 'Write something first.').max(2000, 'At most 2,000 characters.')

/** A post reference: its id ("12") or its slug. */
const refShape = z.union([idInput('int8', 'Not a post id or slug.'), slugShape])

export const blogPostId = idInput('int8', 'Not a post id.')
const commentId = idInput('int8', 'Not a comment id.')

const isUniqueViolation = (e: unknown): boolean => {
  for (let c = e as { code?: string; cause?: unknown } | undefined; c; c = c.cause as typeof c) if (c.code === '23505') return true
  return false
}

/** One named value parsed: a failure is BAD_USER_INPUT naming `field`. */
const one = <T>(schema: z.ZodType<T>, field: string, value: unknown): T => parseInput(z.object({ [field]: schema }), { [field]: value })[field] as T

const notFound = () => new AppError('NOT_FOUND', 'No such post')

export function createBlogService(deps: { db: Db; audit: AuditService; now: () => Date }) {
  const { db, audit, now } = deps

  const isAdmin = (principal: Principal | null) => scopeOf(principal).kind === 'all'

  /** Only admins see drafts; anyone else only published posts. */
  const visibleTo = (principal: Principal | null): SQL | undefined => (isAdmin(principal) ? undefined : eq(blogPosts.status, 'Published'))

  const commentCount = sql<number>`(select count(*)::int from ${blogComments} c where c.post_id = ${blogPosts.id} and c.hidden_at is null)`

  const postColumns = {
    row: blogPosts,
    authorName: sql<string | null>`coalesce(${users.fullName}, ${users.username})`,
    authorAvatar: users.avatar,
    commentCount,
  }

  const toPost = (r: { row: BlogPostRow; authorName: string | null; authorAvatar: string | null; commentCount: number }): BlogPost => ({
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
  const newestFirst = [desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.updatedAt})`), desc(blogPosts.id)]

  /** A page of posts, searched (title and excerpt, any case) and filtered by tag in the database. */
  async function list(principal: Principal | null, raw: unknown): Promise<{ posts: BlogPost[]; total: number; page: number; perPage: number }> {
    const input = parseInput(listInput, raw)
    const admin = isAdmin(principal)
    const where = and(
      visibleTo(principal),
      admin && input.status ? eq(blogPosts.status, input.status) : undefined,
      input.q ? sql`lower(${blogPosts.title} || ' ' || ${blogPosts.excerpt}) like lower(${`%${escapeLike(input.q)}%`})` : undefined,
      input.tag ? sql`${blogPosts.tags} @> ${JSON.stringify([input.tag])}::jsonb` : undefined,
    )
    const [rows, [total]] = await Promise.all([
      db
        .select(postColumns)
        .from(blogPosts)
        .leftJoin(users, eq(users.id, blogPosts.authorId))
        .where(where)
        .orderBy(...newestFirst)
        .limit(input.perPage)
        .offset((input.page - 1) * input.perPage),
      db.select({ n: count() }).from(blogPosts).where(where),
    ])
    return { posts: rows.map(toPost), total: Number(total?.n ?? 0), page: input.page, perPage: input.perPage }
  }

  /** One post by id or slug, as the caller may see it; undefined when unknown (or a draft for a non-admin). */
  async function get(principal: Principal | null, ref: unknown): Promise<BlogPost | undefined> {
    const r = refShape.safeParse(typeof ref === 'string' ? ref.trim() : ref)
    if (!r.success) throw new AppError('BAD_USER_INPUT', 'Not a post id or slug.', { id: ['Not a post id or slug.'] })
    const key = r.data
    const [row] = await db
      .select(postColumns)
      .from(blogPosts)
      .leftJoin(users, eq(users.id, blogPosts.authorId))
      .where(and(typeof key === 'number' ? eq(blogPosts.id, key) : eq(blogPosts.slug, key), visibleTo(principal)))
    return row ? toPost(row) : undefined
  }

  /** The sidebar: the five newest posts and every tag of the visible posts with its count. */
  async function sidebar(principal: Principal | null): Promise<{ recent: BlogPost[]; tags: BlogTagCount[] }> {
    const where = visibleTo(principal)
    const [recent, tags] = await Promise.all([
      db
        .select(postColumns)
        .from(blogPosts)
        .leftJoin(users, eq(users.id, blogPosts.authorId))
        .where(where)
        .orderBy(...newestFirst)
        .limit(5),
      db.execute<{ tag: string; n: number | string }>(sql`
        select tag, count(*)::int as n from ${blogPosts}, jsonb_array_elements_text(${blogPosts.tags}) as tag
        ${where ? sql`where ${where}` : sql``}
        group by tag order by n desc, tag asc`),
    ])
    const list = (Array.isArray(tags) ? tags : (tags as unknown as { rows: Array<{ tag: string; n: number | string }> }).rows) as Array<{
      tag: string
      n: number | string
    }>
    return { recent: recent.map(toPost), tags: list.map((t) => ({ tag: t.tag, count: Number(t.n) })) }
  }

  /** The comments of a post the caller may see: admins also see hidden ones. */
  async function comments(principal: Principal | null, postId: number): Promise<BlogComment[]> {
    const admin = isAdmin(principal)
    const rows = await db
      .select({
        id: blogComments.id,
        postId: blogComments.postId,
        text: blogComments.body,
        authorId: blogComments.authorId,
        authorName: sql<string>`coalesce(${users.fullName}, ${users.username})`,
        authorAvatar: users.avatar,
        createdAt: blogComments.createdAt,
        hiddenAt: blogComments.hiddenAt,
      })
      .from(blogComments)
      .innerJoin(users, eq(users.id, blogComments.authorId))
      .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
      .where(and(eq(blogComments.postId, postId), visibleTo(principal), admin ? undefined : isNull(blogComments.hiddenAt)))
      .orderBy(asc(blogComments.createdAt), asc(blogComments.id))
    return rows.map((r) => ({
      id: r.id,
      postId: r.postId,
      text: r.text,
      authorId: r.authorId,
      author: { name: r.authorName, avatar: r.authorAvatar },
      createdAt: r.createdAt,
      hidden: r.hiddenAt !== null,
    }))
  }

  /** What the audit log keeps of a post (the cover only as a marker). */
  const snapshot = (row: BlogPostRow) => ({
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    status: row.status,
    tags: row.tags,
    coverImage: row.coverImage ? '(image)' : null,
    contentLength: row.content.length,
  })

  /**
   * Admins: creates (`postId` null) or updates a post, validated whole before anything is
   * written; one transaction with its audit row. A taken slug is a CONFLICT naming `slug`.
   */
  async function save(principal: Principal | null, postId: number | null, raw: unknown): Promise<BlogPost> {
    requireAdmin(scopeOf(principal))
    const input = parseInput(postInput, raw)
    const content = sanitizePostHtml(input.content)
    if (input.status === 'Published' && textOf(content) === '')
      throw new AppError('BAD_USER_INPUT', 'A published post needs a text.', { content: ['A published post needs a text.'] })
    const slug = input.slug || slugify(input.title)
    if (!slug) throw new AppError('BAD_USER_INPUT', 'Give the post a slug.', { slug: ['Lowercase letters, digits and single dashes.'] })
    const at = now()
    let id: number
    try {
      id = await db.transaction(async (tx) => {
        const [before] = postId === null ? [undefined] : await tx.select().from(blogPosts).where(eq(blogPosts.id, postId)).for('update')
        if (postId !== null && !before) throw notFound()
        const values = {
          slug,
          title: input.title,
          excerpt: input.excerpt,
          content,
          tags: input.tags,
          status: input.status,
          updatedAt: at,
          ...(input.coverImage !== undefined ? { coverImage: input.coverImage } : {}),
          // First publication sets the date; a later edit keeps it.
          ...(input.status === 'Published' && !before?.publishedAt ? { publishedAt: at } : {}),
        }
        const [row] = before
          ? await tx.update(blogPosts).set(values).where(eq(blogPosts.id, before.id)).returning()
          : await tx
              .insert(blogPosts)
              .values({ ...values, authorId: principal!.userId, createdAt: at })
              .returning()
        await audit.write(tx, principal!, [
          {
            action: before ? (before.status !== row!.status && row!.status === 'Published' ? 'blogPost.publish' : 'blogPost.update') : 'blogPost.create',
            entity: 'blogPost',
            entityId: row!.id,
            before: before ? snapshot(before) : null,
            after: snapshot(row!),
          },
        ])
        return row!.id
      })
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('CONFLICT', 'This slug is already used', { slug: ['Already used.'] })
      throw e
    }
    return (await get(principal, id))!
  }

  /** Admins: deletes a post with its comments; audited. */
  async function remove(principal: Principal | null, rawId: unknown): Promise<boolean> {
    requireAdmin(scopeOf(principal))
    const postId = one(blogPostId, 'id', rawId)
    return db.transaction(async (tx) => {
      const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, postId)).returning()
      if (!row) throw notFound()
      await audit.write(tx, principal!, [{ action: 'blogPost.delete', entity: 'blogPost', entityId: row.id, before: snapshot(row), after: null }])
      return true
    })
  }

  /** Any signed-in user: a comment on a post they may see (a published one; admins any). */
  async function addComment(principal: Principal | null, rawPostId: unknown, rawText: unknown): Promise<BlogComment> {
    scopeOf(principal)
    const postId = one(blogPostId, 'postId', rawPostId)
    const text = one(commentText, 'text', rawText ?? '')
    const [post] = await db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.id, postId), visibleTo(principal)))
    if (!post) throw notFound()
    const [row] = await db.insert(blogComments).values({ postId, authorId: principal!.userId, body: text, createdAt: now() }).returning({ id: blogComments.id })
    return (await comments(principal, postId)).find((c) => c.id === row!.id)!
  }

  /** The comment if the caller may see it (on a post they may see; hidden ones for admins only). */
  async function findComment(principal: Principal | null, rawId: unknown) {
    const id = one(commentId, 'id', rawId)
    const [row] = await db
      .select({ id: blogComments.id, postId: blogComments.postId, authorId: blogComments.authorId, body: blogComments.body, hiddenAt: blogComments.hiddenAt })
      .from(blogComments)
      .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
      .where(and(eq(blogComments.id, id), visibleTo(principal), isAdmin(principal) ? undefined : isNull(blogComments.hiddenAt)))
    if (!row) throw new AppError('NOT_FOUND', 'No such comment')
    return row
  }

  /** Its author or an admin deletes a comment (an admin's deletion is audited). */
  async function removeComment(principal: Principal | null, rawId: unknown): Promise<boolean> {
    const scope = scopeOf(principal)
    const found = await findComment(principal, rawId)
    if (found.authorId !== scope.actorId && scope.kind !== 'all') throw new AppError('FORBIDDEN', 'Only its author or an admin may delete a comment')
    await db.transaction(async (tx) => {
      await tx.delete(blogComments).where(eq(blogComments.id, found.id))
      if (found.authorId !== scope.actorId)
        await audit.write(tx, principal!, [
          {
            action: 'blogComment.delete',
            entity: 'blogComment',
            entityId: found.id,
            before: { postId: found.postId, authorId: found.authorId, text: found.body },
            after: null,
          },
        ])
    })
    return true
  }

  /** Admins: hides a comment from everyone but admins, or shows it again; audited. */
  async function moderateComment(principal: Principal | null, rawId: unknown, hidden: boolean): Promise<BlogComment> {
    requireAdmin(scopeOf(principal))
    const found = await findComment(principal, rawId)
    await db.transaction(async (tx) => {
      await tx
        .update(blogComments)
        .set({ hiddenAt: hidden ? now() : null })
        .where(eq(blogComments.id, found.id))
      await audit.write(tx, principal!, [
        {
          action: hidden ? 'blogComment.hide' : 'blogComment.show',
          entity: 'blogComment',
          entityId: found.id,
          before: { hidden: found.hiddenAt !== null },
          after: { hidden },
        },
      ])
    })
    return (await comments(principal, found.postId)).find((c) => c.id === found.id)!
  }

  /** A post id as REST and GraphQL send it; anything else is BAD_USER_INPUT naming `id`. */
  const parsePostId = (raw: unknown) => one(blogPostId, 'id', raw)

  return { parsePostId, list, get, sidebar, comments, save, remove, addComment, removeComment, moderateComment }
}

export type BlogService = ReturnType<typeof createBlogService>
