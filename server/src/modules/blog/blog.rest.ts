import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import type { BlogComment, BlogPost } from './blog.service'
import { blogDocs } from './blog.api-doc'

/** Dates as the classic template shows them ("Jan 10, 2020", UTC). */
const shortDate = (at: Date | null) =>
  at ? new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(at) : ''

const posted = (p: BlogPost) => shortDate(p.publishedAt ?? p.updatedAt)

/** A list card (GET /blog/list/data items). */
const listItem = (p: BlogPost) => ({
  id: p.id,
  slug: p.slug,
  img: p.coverImage,
  title: p.title,
  avatar: p.author.avatar,
  userFullName: p.author.name,
  blogPosted: posted(p),
  tags: p.tags,
  excerpt: p.excerpt,
  comment: p.commentCount,
  status: p.status,
})

const commentItem = (c: BlogComment) => ({
  id: c.id,
  avatar: c.author.avatar,
  userFullName: c.author.name,
  commentedAt: shortDate(c.createdAt),
  commentText: c.text,
  hidden: c.hidden,
})

/** The admin edit form's data (GET /blog/list/data/edit, and the answer of its POST). */
const editData = (p: BlogPost) => ({
  id: p.id,
  avatar: p.author.avatar,
  userFullName: p.author.name,
  createdTime: shortDate(p.createdAt),
  blogTitle: p.title,
  blogCategories: p.tags,
  slug: p.slug,
  status: p.status,
  excerpt: p.excerpt,
  content: p.content,
  featuredImage: p.coverImage,
})

/**
 * The blog in the classic admin template's shapes, over the same service as GraphQL
 * (signed in; drafts and the edit routes for admins only):
 *
 * - GET /blog/list/data?q=&tag=&page=1&perPage=6 → `[{id, slug, img, title, avatar,
 *   userFullName, blogPosted, tags, excerpt, comment, status}]`, newest first; the number
 *   of matching posts in the `X-Total-Count` header. `comment` counts visible comments,
 *   `blogPosted` reads "Jan 10, 2020" (UTC), `img` and `avatar` may be null.
 * - GET /blog/list/data/sidebar → `{recentPosts: [{id, slug, img, title, createdTime}],
 *   categories: [{category, count}]}` (five newest posts; every tag with its post count).
 * - GET /blog/list/data/detail?id= (an id or a slug) → `{blog: {id, slug, img, title, avatar,
 *   userFullName, createdTime, tags, excerpt, content, comments, status}, comments: [{id,
 *   avatar, userFullName, commentedAt, commentText, hidden}]}`; `content` is sanitized HTML,
 *   `blog.comments` the count. Unknown (or a draft, for a non-admin): 404 with no body.
 * - GET /blog/list/data/edit?id= → `{id, avatar, userFullName, createdTime, blogTitle,
 *   blogCategories, slug, status, excerpt, content, featuredImage}` (404 with no body when
 *   unknown). POST /blog/list/data/edit with that body (without `id`: a new post; `slug`
 *   empty: made from the title; `featuredImage` null: no cover) → 201 (new) or 200 and the
 *   same shape; a bad field is a 400 BAD_USER_INPUT naming it, a taken slug a 409 CONFLICT.
 */
export function mountBlogRoutes(app: Hono<AppEnv>) {
  const base = '/blog/list/data'

  // The product news (blog): every signed-in user reads published posts (the service shows drafts to admins only);
  // the edit form's data and saving are admins' (manage Blog).
  guarded(app, 'GET', base, rule.signedIn, blogDocs.list, async (c, principal) => {
    const { posts, total } = await c.get('services').blog.list(principal, c.req.query())
    c.header('X-Total-Count', String(total))
    return c.json(posts.map(listItem))
  })

  guarded(app, 'GET', `${base}/sidebar`, rule.signedIn, blogDocs.sidebar, async (c, principal) => {
    const { recent, tags } = await c.get('services').blog.sidebar(principal)
    return c.json({
      recentPosts: recent.map((p) => ({ id: p.id, slug: p.slug, img: p.coverImage, title: p.title, createdTime: posted(p) })),
      categories: tags.map((t) => ({ category: t.tag, count: t.count })),
    })
  })

  guarded(app, 'GET', `${base}/detail`, rule.signedIn, blogDocs.detail, async (c, principal) => {
    const ref = c.req.query('id')
    if (!ref) return c.body(null, 404)
    const blog = c.get('services').blog
    const post = await blog.get(principal, ref)
    if (!post) return c.body(null, 404)
    return c.json({
      blog: {
        id: post.id,
        slug: post.slug,
        img: post.coverImage,
        title: post.title,
        avatar: post.author.avatar,
        userFullName: post.author.name,
        createdTime: posted(post),
        tags: post.tags,
        excerpt: post.excerpt,
        content: post.content,
        comments: post.commentCount,
        status: post.status,
      },
      comments: (await blog.comments(principal, post.id)).map(commentItem),
    })
  })

  guarded(app, 'GET', `${base}/edit`, rule.can('manage', 'Blog'), blogDocs.editGet, async (c, principal) => {
    const ref = c.req.query('id')
    if (!ref) return c.body(null, 404)
    const post = await c.get('services').blog.get(principal, ref)
    return post ? c.json(editData(post)) : c.body(null, 404)
  })

  guarded(app, 'POST', `${base}/edit`, rule.can('manage', 'Blog'), blogDocs.editPost, async (c, principal) => {
    // The GET's read-only fields (author, creation date) may come back with the form; they are not the post's to change.
    const { id, blogTitle, blogCategories, featuredImage, avatar: _avatar, userFullName: _name, createdTime: _created, ...rest } = await jsonBody(c)
    const blog = c.get('services').blog
    const input = {
      ...rest,
      ...(blogTitle !== undefined ? { title: blogTitle } : {}),
      ...(blogCategories !== undefined ? { tags: blogCategories } : {}),
      ...(featuredImage !== undefined ? { coverImage: featuredImage } : {}),
    }
    const postId = id === undefined || id === null ? null : Number(blog.parsePostId(id))
    const post = await blog.save(principal, postId, input)
    return c.json(editData(post), postId === null ? 201 : 200)
  })
}
