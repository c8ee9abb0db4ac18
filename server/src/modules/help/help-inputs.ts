/** The editor's inputs, validated at the edge, and what its writes share about the tables. */
import { z } from 'zod'
import { AppError } from '../../errors'
import { faqCategories, faqQuestions, helpLocales, kbArticles, kbCategories } from './help.tables'
import { slugShape, type HelpEntryKind, type HelpText } from './help-model'

/** Per kind: how long a title and a body may be, and whether the body may be empty. */
export const TEXT_LIMITS: Record<HelpEntryKind, { title: number; body: number; bodyRequired: boolean }> = {
  faqCategory: { title: 80, body: 200, bodyRequired: false },
  faqQuestion: { title: 300, body: 4000, bodyRequired: true },
  kbCategory: { title: 80, body: 300, bodyRequired: false },
  kbArticle: { title: 200, body: 20_000, bodyRequired: true },
}

export const translationsShape = (kind: HelpEntryKind) => {
  const limits = TEXT_LIMITS[kind]
  const body = z.string().trim().max(limits.body)
  return z
    .array(
      z
        .object({
          locale: z.enum(helpLocales),
          title: z.string().trim().min(1, 'Required.').max(limits.title),
          body: limits.bodyRequired ? body.min(1, 'Required.') : body,
        })
        .strict(),
    )
    .min(1)
    .max(helpLocales.length)
    .refine((list) => new Set(list.map((t) => t.locale)).size === list.length, 'Each language once.')
    .refine((list) => list.some((t) => t.locale === 'en'), 'English is required (it is the fallback).')
}

export const iconShape = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,39}$/, 'An icon name: lowercase letters, digits and dashes.')
export const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const inputShapes = {
  faqCategory: z.object({ key: slugShape, icon: iconShape.default('help'), translations: translationsShape('faqCategory') }).strict(),
  faqQuestion: z.object({ categoryId: id, translations: translationsShape('faqQuestion') }).strict(),
  kbCategory: z
    .object({
      slug: slugShape,
      icon: iconShape.default('book'),
      iconColor: z.enum(['text-primary', 'text-success', 'text-info', 'text-warning', 'text-danger']).default('text-primary'),
      img: z
        .string()
        .trim()
        .max(300)
        .regex(/^(?:https:\/\/|\/(?!\/))[^\s"'<>]*$/, 'An https URL or a path on this site.')
        .nullable()
        .default(null),
      translations: translationsShape('kbCategory'),
    })
    .strict(),
  kbArticle: z.object({ categoryId: id, slug: slugShape, translations: translationsShape('kbArticle') }).strict(),
} as const

export type HelpEntryInput<K extends HelpEntryKind> = z.input<(typeof inputShapes)[K]>

export function parseInput<K extends HelpEntryKind>(kind: K, raw: unknown): z.output<(typeof inputShapes)[K]> {
  const r = inputShapes[kind].safeParse(raw ?? {})
  if (r.success) return r.data as z.output<(typeof inputShapes)[K]>
  const fields: Record<string, string[]> = {}
  for (const issue of r.error.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
  throw new AppError('BAD_USER_INPUT', 'Invalid help entry', fields)
}

export const TABLES = { faqCategory: faqCategories, faqQuestion: faqQuestions, kbCategory: kbCategories, kbArticle: kbArticles } as const

export const isUniqueViolation = (e: unknown): boolean => {
  for (let c = e as { code?: string; cause?: unknown } | undefined; c; c = c.cause as typeof c) if (c.code === '23505') return true
  return false
}

export const byLocale = (list: HelpText[]) => [...list].sort((a, b) => helpLocales.indexOf(a.locale) - helpLocales.indexOf(b.locale))
