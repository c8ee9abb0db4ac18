import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { toId } from '../../ids'
import { blogStatuses, type BlogAuthor, type BlogComment, type BlogPost, type BlogTagCount } from './blog.service'

const BlogStatusEnum = builder.enumType('BlogStatus', { values: blogStatuses, description: 'Draft (admins only) or Published (every signed-in user).' })

const BlogAuthorRef = builder.objectRef<BlogAuthor>('BlogAuthor').implement({
  extensions: guardedByParent,
  fields: (t) => ({ name: t.exposeString('name'), avatar: t.exposeString('avatar', { nullable: true }) }),
})

const BlogCommentRef = builder.objectRef<BlogComment>('BlogComment').implement({
  extensions: guardedByParent,
  description: 'A comment on a post. Hidden comments (moderated by an admin) are shown to admins only.',
  fields: (t) => ({
    id: t.id({ resolve: (c) => String(c.id) }),
    text: t.exposeString('text'),
    author: t.field({ type: BlogAuthorRef, resolve: (c) => c.author }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    hidden: t.exposeBoolean('hidden'),
    mine: t.boolean({ description: 'Written by the caller (who may delete it).', resolve: (c, _args, ctx) => ctx.principal?.userId === c.authorId }),
  }),
})

const BlogPostRef = builder.objectRef<BlogPost>('BlogPost').implement({
  extensions: guardedByParent,
  description: 'A post of the product news. content is HTML cleaned by the server (sanitize-html).',
  fields: (t) => ({
    id: t.id({ resolve: (p) => String(p.id) }),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    excerpt: t.exposeString('excerpt'),
    content: t.exposeString('content'),
    coverImage: t.exposeString('coverImage', { nullable: true }),
    tags: t.exposeStringList('tags'),
    status: t.field({ type: BlogStatusEnum, resolve: (p) => p.status }),
    author: t.field({ type: BlogAuthorRef, resolve: (p) => p.author }),
    publishedAt: t.expose('publishedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    commentCount: t.exposeInt('commentCount'),
    comments: t.field({
      type: [BlogCommentRef],
      description: 'Oldest first; admins also see hidden ones.',
      resolve: (p, _args, ctx) => ctx.services.blog.comments(ctx.principal, p.id),
    }),
  }),
})

const BlogPageRef = builder.objectRef<{ posts: BlogPost[]; total: number; page: number; perPage: number }>('BlogPage').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    posts: t.field({ type: [BlogPostRef], resolve: (p) => p.posts }),
    total: t.exposeInt('total'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
  }),
})

const BlogTagCountRef = builder.objectRef<BlogTagCount>('BlogTagCount').implement({
  extensions: guardedByParent,
  fields: (t) => ({ tag: t.exposeString('tag'), count: t.exposeInt('count') }),
})

const BlogSidebarRef = builder.objectRef<{ recent: BlogPost[]; tags: BlogTagCount[] }>('BlogSidebar').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    recent: t.field({ type: [BlogPostRef], resolve: (s) => s.recent }),
    tags: t.field({ type: [BlogTagCountRef], resolve: (s) => s.tags }),
  }),
})

const BlogPostInput = builder.inputType('BlogPostInput', {
  description:
    'A whole post. slug empty: made from the title. coverImage: an https address, a site path, a PNG/JPEG/WebP data URL, or null/"" for none; left out: unchanged.',
  fields: (t) => ({
    title: t.string({ required: true }),
    slug: t.string(),
    excerpt: t.string(),
    content: t.string(),
    coverImage: t.string(),
    tags: t.stringList(),
    status: t.field({ type: BlogStatusEnum }),
  }),
})

/** The GraphQL input as the service's plain object (null kept for coverImage: it means "none"). */
const plainInput = (input: typeof BlogPostInput.$inferInput) =>
  Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && (v !== null || k === 'coverImage')))

builder.queryFields((t) => ({
  // The product news (blog): read by every signed-in user (drafts and hidden comments by admins only, in the
  // service); written, published, deleted and moderated by admins; a comment deleted by its author or an admin.
  blogPosts: t.withAuth({ signedIn: true }).field({
    type: BlogPageRef,
    description: 'A page of posts, newest first; q searches title and excerpt, tag filters. Non-admins see published posts only; status filters for admins.',
    args: { q: t.arg.string(), tag: t.arg.string(), status: t.arg({ type: BlogStatusEnum }), page: t.arg.int(), perPage: t.arg.int() },
    resolve: (_root, args, ctx) =>
      ctx.services.blog.list(ctx.principal, Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined))),
  }),
  blogPost: t.withAuth({ signedIn: true }).field({
    type: BlogPostRef,
    nullable: true,
    description: 'One post by id or slug; null when unknown (or a draft, for a non-admin).',
    args: { ref: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => (await ctx.services.blog.get(ctx.principal, args.ref)) ?? null,
  }),
  blogSidebar: t.withAuth({ signedIn: true }).field({
    type: BlogSidebarRef,
    description: 'The five newest posts and the tags with their counts.',
    resolve: (_root, _args, ctx) => ctx.services.blog.sidebar(ctx.principal),
  }),
}))

builder.mutationFields((t) => ({
  saveBlogPost: t.withAuth({ can: ['manage', 'Blog'] }).field({
    type: BlogPostRef,
    description: 'Admins: creates (no id) or updates a post, whole; audited.',
    args: { id: t.arg.id(), input: t.arg({ type: BlogPostInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => ctx.services.blog.save(ctx.principal, id === null || id === undefined ? null : toId(id), plainInput(input)),
  }),
  deleteBlogPost: t.withAuth({ can: ['manage', 'Blog'] }).boolean({
    description: 'Admins: deletes a post and its comments; audited.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => ctx.services.blog.remove(ctx.principal, id),
  }),
  addBlogComment: t.withAuth({ signedIn: true }).field({
    type: BlogCommentRef,
    description: 'Any signed-in user: a comment on a published post (up to 2,000 characters).',
    args: { postId: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
    resolve: (_root, { postId, text }, ctx) => ctx.services.blog.addComment(ctx.principal, postId, text),
  }),
  deleteBlogComment: t.withAuth({ signedIn: true }).boolean({
    description: 'Its author or an admin deletes a comment.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => ctx.services.blog.removeComment(ctx.principal, id),
  }),
  moderateBlogComment: t.withAuth({ can: ['manage', 'Blog'] }).field({
    type: BlogCommentRef,
    description: 'Admins: hides a comment from everyone but admins, or shows it again; audited.',
    args: { id: t.arg.id({ required: true }), hidden: t.arg.boolean({ required: true }) },
    resolve: (_root, { id, hidden }, ctx) => ctx.services.blog.moderateComment(ctx.principal, id, hidden),
  }),
}))
