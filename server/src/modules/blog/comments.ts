import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { blogComments, blogPosts } from './blog.tables'
import { type BlogComment, isAdmin, visibleTo } from './blog-model'
import { commentText, blogPostId, commentId, one, notFound } from './blog-inputs'
import type { BlogDeps } from './blog.deps'

/** The comments of a post the caller may see: admins also see hidden ones. */
export async function comments(deps: BlogDeps, principal: Principal | null, postId: number): Promise<BlogComment[]> {
  const { db } = deps
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

/** Any signed-in user: a comment on a post they may see (a published one; admins any). */
export async function addComment(deps: BlogDeps, principal: Principal | null, rawPostId: unknown, rawText: unknown): Promise<BlogComment> {
  const { db, now } = deps
  scopeOf(principal)
  const postId = one(blogPostId, 'postId', rawPostId)
  const text = one(commentText, 'text', rawText ?? '')
  const [post] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, postId), visibleTo(principal)))
  if (!post) throw notFound()
  const [row] = await db.insert(blogComments).values({ postId, authorId: principal!.userId, body: text, createdAt: now() }).returning({ id: blogComments.id })
  return (await comments(deps, principal, postId)).find((c) => c.id === row!.id)!
}

/** The comment if the caller may see it (on a post they may see; hidden ones for admins only). */
export async function findComment(deps: BlogDeps, principal: Principal | null, rawId: unknown) {
  const { db } = deps
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
export async function removeComment(deps: BlogDeps, principal: Principal | null, rawId: unknown): Promise<boolean> {
  const { db, audit } = deps
  const scope = scopeOf(principal)
  const found = await findComment(deps, principal, rawId)
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
export async function moderateComment(deps: BlogDeps, principal: Principal | null, rawId: unknown, hidden: boolean): Promise<BlogComment> {
  const { db, audit, now } = deps
  requireAdmin(scopeOf(principal))
  const found = await findComment(deps, principal, rawId)
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
  return (await comments(deps, principal, found.postId)).find((c) => c.id === found.id)!
}
