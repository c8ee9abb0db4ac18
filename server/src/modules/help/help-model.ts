/** The help centre's shapes and the checks of its read arguments. */
import { z } from 'zod'
import { AppError } from '../../errors'
import { helpLocales, type HelpLocale } from './help.tables'

// ---------------------------------------------------------------------------------------
// Reading (any signed-in user): one locale, English where a translation is missing.
// ---------------------------------------------------------------------------------------

export interface FaqQuestion {
  id: number
  question: string
  answer: string
}
export interface FaqCategory {
  id: number
  key: string
  icon: string
  title: string
  subtitle: string
  questions: FaqQuestion[]
}
export interface KbArticleLink {
  id: number
  slug: string
  title: string
}
export interface KbCategory {
  id: number
  slug: string
  icon: string
  iconColor: string
  img: string | null
  title: string
  description: string
  articles: KbArticleLink[]
}
export interface KbArticle {
  id: number
  slug: string
  title: string
  /** The Markdown source. */
  body: string
  /** The body rendered to escaped HTML (see markdown.ts). */
  html: string
  updatedAt: Date
  category: { slug: string; title: string }
  related: KbArticleLink[]
}

/** The spec's GET /faq/data: `{[key]: {icon, title, subtitle, qandA: [{question, ans}]}}`. */
export type FaqData = Record<string, { icon: string; title: string; subtitle: string; qandA: Array<{ question: string; ans: string }> }>

export const MAX_QUERY = 100
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export const badInput = (field: string, message: string) => new AppError('BAD_USER_INPUT', message, { [field]: [message] })

/** A locale argument: one of en, de, fr, pt; anything else is BAD_USER_INPUT. */
export function checkLocale(value: string | null | undefined): HelpLocale {
  if (value === null || value === undefined || value === '') return 'en'
  if ((helpLocales as readonly string[]).includes(value)) return value as HelpLocale
  throw badInput('locale', `Unknown locale: one of ${helpLocales.join(', ')}.`)
}

/** The first supported language of an Accept-Language header, else English. */
export function localeFromHeader(header: string | undefined): HelpLocale {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().slice(0, 2).toLowerCase()
    if ((helpLocales as readonly string[]).includes(tag)) return tag as HelpLocale
  }
  return 'en'
}

/** A search text: trimmed, at most 100 characters; empty means no filter. */
export function checkQuery(value: string | null | undefined): string | undefined {
  const q = (value ?? '').trim()
  if (q.length > MAX_QUERY) throw badInput('q', `At most ${MAX_QUERY} characters.`)
  return q === '' ? undefined : q
}

/** A slug: lowercase letters, digits and dashes, 1–80 characters. */
export const slugShape = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lowercase letters, digits and single dashes.')

export function checkSlug(value: string | null | undefined, field = 'slug'): string {
  const r = slugShape.safeParse(value ?? '')
  if (!r.success) throw badInput(field, r.error.issues[0]?.message ?? 'Invalid slug')
  return r.data
}

// ---------------------------------------------------------------------------------------
// Editing (admins): every translation at once, audited in the same transaction.
// ---------------------------------------------------------------------------------------

export const helpEntryKinds = ['faqCategory', 'faqQuestion', 'kbCategory', 'kbArticle'] as const
export type HelpEntryKind = (typeof helpEntryKinds)[number]

/** One locale's texts of an entry: title (a question, a heading) and body (answer, subtitle, description, article). */
export interface HelpText {
  locale: HelpLocale
  title: string
  body: string
}

export interface HelpEditorEntry {
  id: number
  kind: HelpEntryKind
  /** A FAQ category's key, a knowledge-base category's or article's slug; null for FAQ questions. */
  slug: string | null
  icon: string | null
  iconColor: string | null
  img: string | null
  position: number
  translations: HelpText[]
  children: HelpEditorEntry[]
}

export interface HelpEditor {
  faq: HelpEditorEntry[]
  knowledgeBase: HelpEditorEntry[]
}
