/** The blog's inputs, validated at the edge. */
import { z } from 'zod'
import { AppError } from '../../errors'
import { idInput, parseInput } from '../../http/input'
import { blogStatuses } from './blog.tables'
import { BLOG_PER_PAGE_MAX } from './blog-model'

export const slugShape = z
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
export const coverShape = z
  .string()
  .trim()
  .max(200_000, 'The image is too large (at most about 150 KB).')
  .refine(
    (v) => v === '' || /^(https:\/\/|\/(?!\/))[^\s"'<>]{0,2040}$/i.test(v) || /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(v),
    'An https address, a path of this site, or a PNG, JPEG or WebP image.',
  )
  .nullable()
  .transform((v) => (v ? v : null))

export const tagShape = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty.')
  .max(30, 'A tag has at most 30 characters.')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} &+.-]*$/u, 'Letters, digits, spaces and & + . -')

/** What an admin writes; the REST edit route takes the classic names (blog.rest.ts maps them). */
export const postInput = z
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

export const listInput = z.object({
  q: z.string().trim().max(100, 'At most 100 characters.').optional().default(''),
  tag: z.string().trim().max(30, 'At most 30 characters.').optional().default(''),
  status: z.enum(blogStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  perPage: z.coerce.number().int().min(1).max(BLOG_PER_PAGE_MAX).optional().default(6),
})

export type BlogListInput = z.input<typeof listInput>

export const commentText = z.string().trim().min(1, 'Write something first.').max(2000, 'At most 2,000 characters.')

/** A post reference: its id ("12") or its slug. */
export const refShape = z.union([idInput('int8', 'Not a post id or slug.'), slugShape])

export const blogPostId = idInput('int8', 'Not a post id.')
export const commentId = idInput('int8', 'Not a comment id.')

export const isUniqueViolation = (e: unknown): boolean => {
  for (let c = e as { code?: string; cause?: unknown } | undefined; c; c = c.cause as typeof c) if (c.code === '23505') return true
  return false
}

/** One named value parsed: a failure is BAD_USER_INPUT naming `field`. */
export const one = <T>(schema: z.ZodType<T>, field: string, value: unknown): T => parseInput(z.object({ [field]: schema }), { [field]: value })[field] as T

export const notFound = () => new AppError('NOT_FOUND', 'No such post')

/** A post id as REST and GraphQL send it; anything else is BAD_USER_INPUT naming `id`. */
export const parsePostId = (raw: unknown) => one(blogPostId, 'id', raw)
