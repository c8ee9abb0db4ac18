import { z } from 'zod'
import { notFound, type RouteDoc } from '../../http/route-doc'

const idQuery = z.object({ id: z.string().meta({ description: 'A post id or its slug.' }) })
const listItem = z.looseObject({
  id: z.number().int(),
  slug: z.string(),
  img: z.string().nullable(),
  title: z.string(),
  avatar: z.string().nullable(),
  userFullName: z.string(),
  blogPosted: z.string().meta({ description: 'e.g. "Jan 10, 2020" (UTC).' }),
  tags: z.array(z.string()),
  excerpt: z.string(),
  comment: z.number().int().meta({ description: 'Visible comments.' }),
  status: z.string(),
})
const editData = z
  .looseObject({
    id: z.number().int(),
    avatar: z.string().nullable(),
    userFullName: z.string(),
    createdTime: z.string(),
    blogTitle: z.string(),
    blogCategories: z.array(z.string()),
    slug: z.string(),
    status: z.string(),
    excerpt: z.string(),
    content: z.string(),
    featuredImage: z.string().nullable(),
  })
  .meta({ id: 'BlogEditData', description: 'The admin edit form’s data.' })

export const blogDocs = {
  list: {
    summary: 'Blog posts, newest first',
    description: 'Published posts (admins also see drafts).',
    query: z.object({
      q: z.string().optional(),
      tag: z.string().optional(),
      page: z.string().optional(),
      perPage: z.string().optional().meta({ description: 'Default 6.' }),
    }),
    responses: { 200: { description: 'The page of posts.', body: z.array(listItem), headers: { 'X-Total-Count': 'The number of matching posts.' } } },
  },
  sidebar: {
    summary: 'The blog sidebar: recent posts and categories',
    responses: {
      200: {
        description: 'The five newest posts and every tag with its post count.',
        body: z.object({
          recentPosts: z.array(
            z.looseObject({ id: z.number().int(), slug: z.string(), img: z.string().nullable(), title: z.string(), createdTime: z.string() }),
          ),
          categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
        }),
      },
    },
  },
  detail: {
    summary: 'One post with its comments',
    query: idQuery,
    responses: {
      200: {
        description: '`{blog, comments}`; `content` is sanitized HTML, `blog.comments` the count.',
        body: z.object({
          blog: z.looseObject({
            id: z.number().int(),
            slug: z.string(),
            title: z.string(),
            content: z.string(),
            comments: z.number().int(),
            status: z.string(),
          }),
          comments: z.array(
            z.looseObject({
              id: z.number().int(),
              avatar: z.string().nullable(),
              userFullName: z.string(),
              commentedAt: z.string(),
              commentText: z.string(),
              hidden: z.boolean(),
            }),
          ),
        }),
      },
      404: notFound('Unknown, or a draft for a non-admin'),
    },
  },
  editGet: {
    summary: 'A post’s edit form data (admins)',
    query: idQuery,
    responses: { 200: { description: 'The form’s data.', body: editData }, 404: notFound('Unknown') },
  },
  editPost: {
    summary: 'Create or save a post (admins)',
    description:
      'Without `id`: a new post; an empty `slug` is made from the title; `featuredImage` null: no cover. Read-only fields sent back with the form are ignored.',
    body: editData.partial(),
    responses: {
      200: { description: 'Saved.', body: editData },
      201: { description: 'Created.', body: editData },
      409: { description: 'The slug is taken (CONFLICT).' },
    },
  },
} satisfies Record<string, RouteDoc>
