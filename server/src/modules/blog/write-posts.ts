import { eq } from 'drizzle-orm'
import { AppError } from '../../errors'
import { parseInput } from '../../http/input'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { blogPosts } from './blog.tables'
import { type BlogPost, sanitizePostHtml, textOf, snapshot } from './blog-model'
import { slugify, postInput, blogPostId, isUniqueViolation, one, notFound } from './blog-inputs'
import { get } from './read-posts'
import type { BlogDeps } from './blog.deps'

/**
 * Admins: creates (`postId` null) or updates a post, validated whole before anything is
 * written; one transaction with its audit row. A taken slug is a CONFLICT naming `slug`.
 */
export async function save(deps: BlogDeps, principal: Principal | null, postId: number | null, raw: unknown): Promise<BlogPost> {
  const { db, audit, now } = deps
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
  return (await get(deps, principal, id))!
}

/** Admins: deletes a post with its comments; audited. */
export async function remove(deps: BlogDeps, principal: Principal | null, rawId: unknown): Promise<boolean> {
  const { db, audit } = deps
  requireAdmin(scopeOf(principal))
  const postId = one(blogPostId, 'id', rawId)
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, postId)).returning()
    if (!row) throw notFound()
    await audit.write(tx, principal!, [{ action: 'blogPost.delete', entity: 'blogPost', entityId: row.id, before: snapshot(row), after: null }])
    return true
  })
}
