import { and, count, eq, sql } from 'drizzle-orm'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { parseInput } from '../../http/input'
import type { Principal } from '../../permissions/abilities'
import { escapeLike } from '../../validation'
import { blogPosts } from './blog.tables'
import { type BlogPost, type BlogTagCount, isAdmin, visibleTo, postColumns, toPost, newestFirst } from './blog-model'
import { listInput, refShape } from './blog-inputs'
import type { BlogDeps } from './blog.deps'

/** A page of posts, searched (title and excerpt, any case) and filtered by tag in the database. */
export async function list(
  deps: BlogDeps,
  principal: Principal | null,
  raw: unknown,
): Promise<{ posts: BlogPost[]; total: number; page: number; perPage: number }> {
  const { db } = deps
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
export async function get(deps: BlogDeps, principal: Principal | null, ref: unknown): Promise<BlogPost | undefined> {
  const { db } = deps
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
export async function sidebar(deps: BlogDeps, principal: Principal | null): Promise<{ recent: BlogPost[]; tags: BlogTagCount[] }> {
  const { db } = deps
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
