import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import { toId } from '../../ids'
import type { blogStatuses, BlogAuthor, BlogComment, BlogPost, BlogTagCount } from './blog.service'

const BlogStatusEnum = builder.enumType('BlogStatus', {
  description: 'Draft (admins only) or Published (every signed-in user).',
  values: {
    Draft: { description: 'Not published: only admins see it.' },
    Published: { description: 'Published: every signed-in user reads it.' },
  } satisfies Record<(typeof blogStatuses)[number], { description: string }>,
})

const BlogAuthorRef = builder.objectRef<BlogAuthor>('BlogAuthor').implement({
  extensions: guardedByParent,
  description: 'Who wrote a post or comment, as shown on it.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Their full name (or username when none).' }),
    avatar: t.exposeString('avatar', { nullable: true, description: 'Profile picture URL or path; null: none.' }),
  }),
})

const BlogCommentRef = builder.objectRef<BlogComment>('BlogComment').implement({
  extensions: guardedByParent,
  description: 'A comment on a post. Hidden comments (moderated by an admin) are shown to admins only.',
  fields: (t) => ({
    id: t.id({ description: 'The comment id (a decimal number as a string).', resolve: (c) => String(c.id) }),
    text: t.exposeString('text', { description: 'Plain text, 1 to 2,000 characters.' }),
    author: t.field({ type: BlogAuthorRef, description: 'Who wrote it.', resolve: (c) => c.author }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was written.' }),
    hidden: t.exposeBoolean('hidden', { description: 'Hidden by an admin (only admins see hidden comments).' }),
    mine: t.boolean({ description: 'Written by the caller (who may delete it).', resolve: (c, _args, ctx) => ctx.principal?.userId === c.authorId }),
  }),
})

const BlogPostRef = builder.objectRef<BlogPost>('BlogPost').implement({
  extensions: guardedByParent,
  description: 'A post of the product news. content is HTML cleaned by the server (sanitize-html).',
  fields: (t) => ({
    id: t.id({ description: 'The post id (a decimal number as a string).', resolve: (p) => String(p.id) }),
    slug: t.exposeString('slug', { description: 'Its address name: lowercase letters, digits and single dashes, e.g. `timers-step-by-step`.' }),
    title: t.exposeString('title', { description: 'The title, 1 to 160 characters.' }),
    excerpt: t.exposeString('excerpt', { description: 'A plain-text summary for the list, at most 400 characters (may be empty).' }),
    content: t.exposeString('content', { description: 'The body as sanitized HTML.' }),
    coverImage: t.exposeString('coverImage', { nullable: true, description: 'An https address, a site path or a data URL; null: none.' }),
    tags: t.exposeStringList('tags', { description: 'Up to 8 tags, e.g. `Timers`.' }),
    status: t.field({ type: BlogStatusEnum, description: 'Draft or Published.', resolve: (p) => p.status }),
    author: t.field({ type: BlogAuthorRef, description: 'Who wrote it.', resolve: (p) => p.author }),
    publishedAt: t.expose('publishedAt', { type: 'DateTime', nullable: true, description: 'When it was first published; null: a draft never published.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it was last saved.' }),
    commentCount: t.exposeInt('commentCount', { description: 'Comments the caller may see.' }),
    comments: t.field({
      type: [BlogCommentRef],
      description: 'Oldest first; admins also see hidden ones.',
      resolve: (p, _args, ctx) => ctx.services.blog.comments(ctx.principal, p.id),
    }),
  }),
})

const BlogPageRef = builder.objectRef<{ posts: BlogPost[]; total: number; page: number; perPage: number }>('BlogPage').implement({
  extensions: guardedByParent,
  description: 'One page of posts.',
  fields: (t) => ({
    posts: t.field({ type: [BlogPostRef], description: 'The posts of this page, newest first.', resolve: (p) => p.posts }),
    total: t.exposeInt('total', { description: 'Posts matching over all pages.' }),
    page: t.exposeInt('page', { description: 'This page’s number, from 1.' }),
    perPage: t.exposeInt('perPage', { description: 'Posts per page.' }),
  }),
})

const BlogTagCountRef = builder.objectRef<BlogTagCount>('BlogTagCount').implement({
  extensions: guardedByParent,
  description: 'A tag and how many posts carry it.',
  fields: (t) => ({
    tag: t.exposeString('tag', { description: 'The tag.' }),
    count: t.exposeInt('count', { description: 'Posts the caller may read with it.' }),
  }),
})

const BlogSidebarRef = builder.objectRef<{ recent: BlogPost[]; tags: BlogTagCount[] }>('BlogSidebar').implement({
  extensions: guardedByParent,
  description: 'The blog’s side column.',
  fields: (t) => ({
    recent: t.field({ type: [BlogPostRef], description: 'The five newest posts.', resolve: (s) => s.recent }),
    tags: t.field({ type: [BlogTagCountRef], description: 'Every tag with its count.', resolve: (s) => s.tags }),
  }),
})

const BlogPostInput = builder.inputType('BlogPostInput', {
  description:
    'A whole post. slug empty: made from the title. coverImage: an https address, a site path, a PNG/JPEG/WebP data URL, or null/"" for none; left out: unchanged.',
  fields: (t) => ({
    title: t.string({ required: true, description: '1 to 160 characters.' }),
    slug: t.string({ description: 'At most 80 lowercase letters, digits and single dashes; empty or omitted: made from the title.' }),
    excerpt: t.string({ description: 'At most 400 characters; omitted: empty.' }),
    content: t.string({ description: 'HTML, at most 100,000 characters; sanitized on the server.' }),
    coverImage: t.string({ description: 'See above; a data URL at most about 150 KB.' }),
    tags: t.stringList({ description: 'At most 8, each 1 to 30 letters, digits, spaces or `& + . -`, each once (any case).' }),
    status: t.field({ type: BlogStatusEnum, description: 'Omitted: Draft.' }),
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
    args: {
      q: t.arg.string({ description: 'Part of the title or excerpt (at most 100 characters).' }),
      tag: t.arg.string({ description: 'Only posts with this tag.' }),
      status: t.arg({ type: BlogStatusEnum, description: 'Admins: only posts with this status.' }),
      page: t.arg.int({ description: 'The page, from 1 (default 1).' }),
      perPage: t.arg.int({ description: 'Posts per page, 1 to 50 (default 6).' }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.blog.list(ctx.principal, Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined))),
  }),
  blogPost: t.withAuth({ signedIn: true }).field({
    type: BlogPostRef,
    nullable: true,
    description: 'One post by id or slug; null when unknown (or a draft, for a non-admin).',
    args: { ref: t.arg.string({ required: true, description: 'The post id (e.g. `"12"`) or its slug (e.g. `timers-step-by-step`).' }) },
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
    args: {
      id: t.arg.id({ description: 'The post to update; omitted: a new post.' }),
      input: t.arg({ type: BlogPostInput, required: true, description: 'The whole post.' }),
    },
    resolve: (_root, { id, input }, ctx) => ctx.services.blog.save(ctx.principal, id === null || id === undefined ? null : toId(id), plainInput(input)),
  }),
  deleteBlogPost: t.withAuth({ can: ['manage', 'Blog'] }).boolean({
    description: 'Admins: deletes a post and its comments; audited.',
    args: { id: t.arg.id({ required: true, description: 'The post id.' }) },
    resolve: (_root, { id }, ctx) => ctx.services.blog.remove(ctx.principal, id),
  }),
  addBlogComment: t.withAuth({ signedIn: true }).field({
    type: BlogCommentRef,
    description: 'Any signed-in user: a comment on a published post (up to 2,000 characters).',
    args: {
      postId: t.arg.id({ required: true, description: 'The post id.' }),
      text: t.arg.string({ required: true, description: 'Plain text, 1 to 2,000 characters.' }),
    },
    resolve: (_root, { postId, text }, ctx) => ctx.services.blog.addComment(ctx.principal, postId, text),
  }),
  deleteBlogComment: t.withAuth({ signedIn: true }).boolean({
    description: 'Its author or an admin deletes a comment.',
    args: { id: t.arg.id({ required: true, description: 'The comment id.' }) },
    resolve: (_root, { id }, ctx) => ctx.services.blog.removeComment(ctx.principal, id),
  }),
  moderateBlogComment: t.withAuth({ can: ['manage', 'Blog'] }).field({
    type: BlogCommentRef,
    description: 'Admins: hides a comment from everyone but admins, or shows it again; audited.',
    args: {
      id: t.arg.id({ required: true, description: 'The comment id.' }),
      hidden: t.arg.boolean({ required: true, description: 'True: hide it; false: show it again.' }),
    },
    resolve: (_root, { id, hidden }, ctx) => ctx.services.blog.moderateComment(ctx.principal, id, hidden),
  }),
}))
