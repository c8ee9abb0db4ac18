import { and, asc, eq, max, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import type { AuditEntity } from '../audit/audit.tables'
import type { AuditService } from '../audit/audit.service'
import {
  faqCategories,
  faqCategoryTexts,
  faqQuestions,
  faqQuestionTexts,
  helpLocales,
  kbArticles,
  kbArticleTexts,
  kbCategories,
  kbCategoryTexts,
  type HelpLocale,
} from './help.tables'
import { markdownToHtml } from './markdown'

export { helpLocales, type HelpLocale }

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

const MAX_QUERY = 100
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

const badInput = (field: string, message: string) => new AppError('BAD_USER_INPUT', message, { [field]: [message] })

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
const slugShape = z
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

/** Per kind: how long a title and a body may be, and whether the body may be empty. */
const TEXT_LIMITS: Record<HelpEntryKind, { title: number; body: number; bodyRequired: boolean }> = {
  faqCategory: { title: 80, body: 200, bodyRequired: false },
  faqQuestion: { title: 300, body: 4000, bodyRequired: true },
  kbCategory: { title: 80, body: 300, bodyRequired: false },
  kbArticle: { title: 200, body: 20_000, bodyRequired: true },
}

const translationsShape = (kind: HelpEntryKind) => {
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

const iconShape = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,39}$/, 'An icon name: lowercase letters, digits and dashes.')
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

const inputShapes = {
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

function parseInput<K extends HelpEntryKind>(kind: K, raw: unknown): z.output<(typeof inputShapes)[K]> {
  const r = inputShapes[kind].safeParse(raw ?? {})
  if (r.success) return r.data as z.output<(typeof inputShapes)[K]>
  const fields: Record<string, string[]> = {}
  for (const issue of r.error.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
  throw new AppError('BAD_USER_INPUT', 'Invalid help entry', fields)
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

const TABLES = { faqCategory: faqCategories, faqQuestion: faqQuestions, kbCategory: kbCategories, kbArticle: kbArticles } as const

const isUniqueViolation = (e: unknown): boolean => {
  for (let c = e as { code?: string; cause?: unknown } | undefined; c; c = c.cause as typeof c) if (c.code === '23505') return true
  return false
}

const byLocale = (list: HelpText[]) => [...list].sort((a, b) => helpLocales.indexOf(a.locale) - helpLocales.indexOf(b.locale))

export function createHelpService(deps: { db: Db; audit: AuditService; now: () => Date }) {
  const { db, audit, now } = deps

  // --- search -------------------------------------------------------------------------

  /**
   * Ids of the FAQ questions whose locale text (or, with no translation, English text)
   * contains `q`, any case. lower(question || ' ' || answer) is what the trigram GIN index
   * holds, so LIKE '%q%' uses it (PostgreSQL; PGlite plans the same).
   */
  async function faqMatches(locale: HelpLocale, q: string): Promise<Set<number>> {
    return matchIds(locale, q, { table: 'help_faq_question_texts', id: 'question_id', text: `lower(t.question || ' ' || t.answer)` })
  }

  /** The same over knowledge-base articles (title and Markdown body). */
  async function kbMatches(locale: HelpLocale, q: string): Promise<Set<number>> {
    return matchIds(locale, q, { table: 'help_kb_article_texts', id: 'article_id', text: `lower(t.title || ' ' || t.body)` })
  }

  async function matchIds(locale: HelpLocale, q: string, on: { table: string; id: string; text: string }): Promise<Set<number>> {
    const pattern = `%${escapeLike(q)}%`
    const [table, idColumn, text] = [sql.raw(on.table), sql.raw(on.id), sql.raw(on.text)]
    const rows = await db.execute<{ id: number | string }>(sql`
      select t.${idColumn} as id from ${table} t
      where (t.locale = ${locale} and ${text} like lower(${pattern}))
         or (t.locale = 'en' and ${text} like lower(${pattern})
             and not exists (select 1 from ${table} l where l.${idColumn} = t.${idColumn} and l.locale = ${locale}))`)
    const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: Array<{ id: number | string }> }).rows) as Array<{ id: number | string }>
    return new Set(list.map((r) => Number(r.id)))
  }

  // --- FAQ ----------------------------------------------------------------------------

  /** The FAQ in `locale`; with `q` only the matching questions and the categories that hold one. */
  async function faq(locale: HelpLocale, q?: string): Promise<FaqCategory[]> {
    const cl = alias(faqCategoryTexts, 'cl')
    const ce = alias(faqCategoryTexts, 'ce')
    const ql = alias(faqQuestionTexts, 'ql')
    const qe = alias(faqQuestionTexts, 'qe')
    const [categories, questions, matched] = await Promise.all([
      db
        .select({
          id: faqCategories.id,
          key: faqCategories.key,
          icon: faqCategories.icon,
          title: sql<string>`coalesce(${cl.title}, ${ce.title})`,
          subtitle: sql<string>`coalesce(${cl.subtitle}, ${ce.subtitle})`,
        })
        .from(faqCategories)
        .innerJoin(ce, and(eq(ce.categoryId, faqCategories.id), eq(ce.locale, 'en')))
        .leftJoin(cl, and(eq(cl.categoryId, faqCategories.id), eq(cl.locale, locale)))
        .orderBy(asc(faqCategories.position), asc(faqCategories.id)),
      db
        .select({
          id: faqQuestions.id,
          categoryId: faqQuestions.categoryId,
          question: sql<string>`coalesce(${ql.question}, ${qe.question})`,
          answer: sql<string>`coalesce(${ql.answer}, ${qe.answer})`,
        })
        .from(faqQuestions)
        .innerJoin(qe, and(eq(qe.questionId, faqQuestions.id), eq(qe.locale, 'en')))
        .leftJoin(ql, and(eq(ql.questionId, faqQuestions.id), eq(ql.locale, locale)))
        .orderBy(asc(faqQuestions.position), asc(faqQuestions.id)),
      q === undefined ? Promise.resolve(undefined) : faqMatches(locale, q),
    ])
    const out: FaqCategory[] = categories.map((c) => ({ ...c, questions: [] }))
    const byId = new Map(out.map((c) => [c.id, c]))
    for (const question of questions) {
      if (matched && !matched.has(question.id)) continue
      byId.get(question.categoryId)?.questions.push({ id: question.id, question: question.question, answer: question.answer })
    }
    return matched ? out.filter((c) => c.questions.length > 0) : out
  }

  /** GET /faq/data?q=: the spec's shape; categories without (matching) questions are left out, as the template does. */
  async function faqData(locale: HelpLocale, q?: string): Promise<FaqData> {
    const out: FaqData = {}
    for (const c of await faq(locale, q)) {
      if (c.questions.length === 0) continue
      out[c.key] = { icon: c.icon, title: c.title, subtitle: c.subtitle, qandA: c.questions.map((x) => ({ question: x.question, ans: x.answer })) }
    }
    return out
  }

  // --- knowledge base -----------------------------------------------------------------

  /**
   * The knowledge base in `locale`: categories with their article links. `category` keeps
   * one category (by slug); `q` keeps the matching articles and the categories holding one.
   */
  async function knowledgeBase(locale: HelpLocale, opts: { q?: string; category?: string } = {}): Promise<KbCategory[]> {
    const cl = alias(kbCategoryTexts, 'cl')
    const ce = alias(kbCategoryTexts, 'ce')
    const al = alias(kbArticleTexts, 'al')
    const ae = alias(kbArticleTexts, 'ae')
    const categoryFilter: SQL | undefined = opts.category === undefined ? undefined : eq(kbCategories.slug, opts.category)
    const [categories, articles, matched] = await Promise.all([
      db
        .select({
          id: kbCategories.id,
          slug: kbCategories.slug,
          icon: kbCategories.icon,
          iconColor: kbCategories.iconColor,
          img: kbCategories.img,
          title: sql<string>`coalesce(${cl.title}, ${ce.title})`,
          description: sql<string>`coalesce(${cl.description}, ${ce.description})`,
        })
        .from(kbCategories)
        .innerJoin(ce, and(eq(ce.categoryId, kbCategories.id), eq(ce.locale, 'en')))
        .leftJoin(cl, and(eq(cl.categoryId, kbCategories.id), eq(cl.locale, locale)))
        .where(categoryFilter)
        .orderBy(asc(kbCategories.position), asc(kbCategories.id)),
      db
        .select({ id: kbArticles.id, categoryId: kbArticles.categoryId, slug: kbArticles.slug, title: sql<string>`coalesce(${al.title}, ${ae.title})` })
        .from(kbArticles)
        .innerJoin(ae, and(eq(ae.articleId, kbArticles.id), eq(ae.locale, 'en')))
        .leftJoin(al, and(eq(al.articleId, kbArticles.id), eq(al.locale, locale)))
        .innerJoin(kbCategories, eq(kbCategories.id, kbArticles.categoryId))
        .where(categoryFilter)
        .orderBy(asc(kbArticles.position), asc(kbArticles.id)),
      opts.q === undefined ? Promise.resolve(undefined) : kbMatches(locale, opts.q),
    ])
    const out: KbCategory[] = categories.map((c) => ({ ...c, articles: [] }))
    const byId = new Map(out.map((c) => [c.id, c]))
    for (const a of articles) {
      if (matched && !matched.has(a.id)) continue
      byId.get(a.categoryId)?.articles.push({ id: a.id, slug: a.slug, title: a.title })
    }
    return matched ? out.filter((c) => c.articles.length > 0) : out
  }

  /** One category by slug, or undefined. */
  async function kbCategory(locale: HelpLocale, slug: string, q?: string): Promise<KbCategory | undefined> {
    const [found] = await knowledgeBase(locale, { category: slug })
    if (!found || q === undefined) return found
    const matched = await kbMatches(locale, q)
    return { ...found, articles: found.articles.filter((a) => matched.has(a.id)) }
  }

  /** One article by slug (in `category`, when given), with up to five others of its category; undefined if none. */
  async function kbArticle(locale: HelpLocale, slug: string, category?: string): Promise<KbArticle | undefined> {
    const al = alias(kbArticleTexts, 'al')
    const ae = alias(kbArticleTexts, 'ae')
    const [row] = await db
      .select({
        id: kbArticles.id,
        slug: kbArticles.slug,
        updatedAt: kbArticles.updatedAt,
        categorySlug: kbCategories.slug,
        title: sql<string>`coalesce(${al.title}, ${ae.title})`,
        body: sql<string>`coalesce(${al.body}, ${ae.body})`,
      })
      .from(kbArticles)
      .innerJoin(kbCategories, eq(kbCategories.id, kbArticles.categoryId))
      .innerJoin(ae, and(eq(ae.articleId, kbArticles.id), eq(ae.locale, 'en')))
      .leftJoin(al, and(eq(al.articleId, kbArticles.id), eq(al.locale, locale)))
      .where(and(eq(kbArticles.slug, slug), category === undefined ? undefined : eq(kbCategories.slug, category)))
    if (!row) return undefined
    const [cat] = await knowledgeBase(locale, { category: row.categorySlug })
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      body: row.body,
      html: markdownToHtml(row.body),
      updatedAt: row.updatedAt,
      category: { slug: row.categorySlug, title: cat?.title ?? row.categorySlug },
      related: (cat?.articles ?? []).filter((a) => a.id !== row.id).slice(0, 5),
    }
  }

  // --- the editor ---------------------------------------------------------------------

  async function editor(principal: Principal | null): Promise<HelpEditor> {
    requireAdmin(scopeOf(principal))
    const [fc, fct, fq, fqt, kc, kct, ka, kat] = await Promise.all([
      db.select().from(faqCategories).orderBy(asc(faqCategories.position), asc(faqCategories.id)),
      db.select().from(faqCategoryTexts),
      db.select().from(faqQuestions).orderBy(asc(faqQuestions.position), asc(faqQuestions.id)),
      db.select().from(faqQuestionTexts),
      db.select().from(kbCategories).orderBy(asc(kbCategories.position), asc(kbCategories.id)),
      db.select().from(kbCategoryTexts),
      db.select().from(kbArticles).orderBy(asc(kbArticles.position), asc(kbArticles.id)),
      db.select().from(kbArticleTexts),
    ])
    const texts = <T>(rows: T[], idOf: (r: T) => number, map: (r: T) => HelpText) => {
      const m = new Map<number, HelpText[]>()
      for (const r of rows) (m.get(idOf(r)) ?? m.set(idOf(r), []).get(idOf(r))!).push(map(r))
      return (entryId: number) => byLocale(m.get(entryId) ?? [])
    }
    const fcT = texts(
      fct,
      (r) => r.categoryId,
      (r) => ({ locale: r.locale, title: r.title, body: r.subtitle }),
    )
    const fqT = texts(
      fqt,
      (r) => r.questionId,
      (r) => ({ locale: r.locale, title: r.question, body: r.answer }),
    )
    const kcT = texts(
      kct,
      (r) => r.categoryId,
      (r) => ({ locale: r.locale, title: r.title, body: r.description }),
    )
    const kaT = texts(
      kat,
      (r) => r.articleId,
      (r) => ({ locale: r.locale, title: r.title, body: r.body }),
    )
    const entry = (e: Omit<HelpEditorEntry, 'icon' | 'iconColor' | 'img' | 'children'> & Partial<HelpEditorEntry>): HelpEditorEntry => ({
      icon: null,
      iconColor: null,
      img: null,
      children: [],
      ...e,
    })
    return {
      faq: fc.map((c) =>
        entry({
          id: c.id,
          kind: 'faqCategory',
          slug: c.key,
          icon: c.icon,
          position: c.position,
          translations: fcT(c.id),
          children: fq
            .filter((x) => x.categoryId === c.id)
            .map((x) => entry({ id: x.id, kind: 'faqQuestion', slug: null, position: x.position, translations: fqT(x.id) })),
        }),
      ),
      knowledgeBase: kc.map((c) =>
        entry({
          id: c.id,
          kind: 'kbCategory',
          slug: c.slug,
          icon: c.icon,
          iconColor: c.iconColor,
          img: c.img,
          position: c.position,
          translations: kcT(c.id),
          children: ka
            .filter((a) => a.categoryId === c.id)
            .map((a) => entry({ id: a.id, kind: 'kbArticle', slug: a.slug, position: a.position, translations: kaT(a.id) })),
        }),
      ),
    }
  }

  /** Everything an audit row keeps of an entry (read through `tx`). */
  async function snapshot(tx: Db, kind: HelpEntryKind, entryId: number): Promise<Record<string, unknown> | null> {
    switch (kind) {
      case 'faqCategory': {
        const [row] = await tx.select().from(faqCategories).where(eq(faqCategories.id, entryId))
        if (!row) return null
        const t = await tx.select().from(faqCategoryTexts).where(eq(faqCategoryTexts.categoryId, entryId))
        return {
          key: row.key,
          icon: row.icon,
          position: row.position,
          translations: byLocale(t.map((x) => ({ locale: x.locale, title: x.title, body: x.subtitle }))),
        }
      }
      case 'faqQuestion': {
        const [row] = await tx.select().from(faqQuestions).where(eq(faqQuestions.id, entryId))
        if (!row) return null
        const t = await tx.select().from(faqQuestionTexts).where(eq(faqQuestionTexts.questionId, entryId))
        return {
          categoryId: row.categoryId,
          position: row.position,
          translations: byLocale(t.map((x) => ({ locale: x.locale, title: x.question, body: x.answer }))),
        }
      }
      case 'kbCategory': {
        const [row] = await tx.select().from(kbCategories).where(eq(kbCategories.id, entryId))
        if (!row) return null
        const t = await tx.select().from(kbCategoryTexts).where(eq(kbCategoryTexts.categoryId, entryId))
        return {
          slug: row.slug,
          icon: row.icon,
          iconColor: row.iconColor,
          img: row.img,
          position: row.position,
          translations: byLocale(t.map((x) => ({ locale: x.locale, title: x.title, body: x.description }))),
        }
      }
      case 'kbArticle': {
        const [row] = await tx.select().from(kbArticles).where(eq(kbArticles.id, entryId))
        if (!row) return null
        const t = await tx.select().from(kbArticleTexts).where(eq(kbArticleTexts.articleId, entryId))
        return {
          categoryId: row.categoryId,
          slug: row.slug,
          position: row.position,
          translations: byLocale(t.map((x) => ({ locale: x.locale, title: x.title, body: x.body }))),
        }
      }
    }
  }

  /** Replaces an entry's translations with `list` (locales not in it are removed). */
  async function writeTexts(tx: Db, kind: HelpEntryKind, entryId: number, list: HelpText[]): Promise<void> {
    switch (kind) {
      case 'faqCategory':
        await tx.delete(faqCategoryTexts).where(eq(faqCategoryTexts.categoryId, entryId))
        await tx.insert(faqCategoryTexts).values(list.map((t) => ({ categoryId: entryId, locale: t.locale, title: t.title, subtitle: t.body })))
        return
      case 'faqQuestion':
        await tx.delete(faqQuestionTexts).where(eq(faqQuestionTexts.questionId, entryId))
        await tx.insert(faqQuestionTexts).values(list.map((t) => ({ questionId: entryId, locale: t.locale, question: t.title, answer: t.body })))
        return
      case 'kbCategory':
        await tx.delete(kbCategoryTexts).where(eq(kbCategoryTexts.categoryId, entryId))
        await tx.insert(kbCategoryTexts).values(list.map((t) => ({ categoryId: entryId, locale: t.locale, title: t.title, description: t.body })))
        return
      case 'kbArticle':
        await tx.delete(kbArticleTexts).where(eq(kbArticleTexts.articleId, entryId))
        await tx.insert(kbArticleTexts).values(list.map((t) => ({ articleId: entryId, locale: t.locale, title: t.title, body: t.body })))
        return
    }
  }

  /** Runs an admin change in one transaction with its audit row; a taken key or slug is a CONFLICT. */
  async function change<T>(
    principal: Principal | null,
    kind: HelpEntryKind,
    verb: string,
    work: (tx: Db) => Promise<{ id: number; result: T; before: Record<string, unknown> | null }>,
  ): Promise<T> {
    requireAdmin(scopeOf(principal))
    try {
      return await db.transaction(async (tx) => {
        const { id: entryId, result, before } = await work(tx)
        const after = await snapshot(tx, kind, entryId)
        await audit.write(tx, principal!, [{ action: `${kind}.${verb}`, entity: kind as AuditEntity, entityId: entryId, before, after }])
        return result
      })
    } catch (e) {
      if (isUniqueViolation(e)) {
        const field = kind === 'faqCategory' ? 'key' : 'slug'
        throw new AppError('CONFLICT', `This ${field} is already used`, { [field]: ['Already used.'] })
      }
      throw e
    }
  }

  const notFound = () => new AppError('NOT_FOUND', 'No such help entry')

  /** The next position at the end of a parent's list. */
  async function nextPosition(tx: Db, kind: HelpEntryKind, parentId?: number): Promise<number> {
    const q =
      kind === 'faqCategory'
        ? tx.select({ m: max(faqCategories.position) }).from(faqCategories)
        : kind === 'faqQuestion'
          ? tx
              .select({ m: max(faqQuestions.position) })
              .from(faqQuestions)
              .where(eq(faqQuestions.categoryId, parentId!))
          : kind === 'kbCategory'
            ? tx.select({ m: max(kbCategories.position) }).from(kbCategories)
            : tx
                .select({ m: max(kbArticles.position) })
                .from(kbArticles)
                .where(eq(kbArticles.categoryId, parentId!))
    const [row] = await q
    return (row?.m ?? -1) + 1
  }

  async function requireParent(tx: Db, kind: 'faqQuestion' | 'kbArticle', parentId: number): Promise<void> {
    const table = kind === 'faqQuestion' ? faqCategories : kbCategories
    const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, parentId)).for('update')
    if (!row) throw new AppError('BAD_USER_INPUT', 'No such category', { categoryId: ['No such category.'] })
  }

  /**
   * Creates (`entryId` null) or updates an entry of `kind`: its fields and all its
   * translations at once. Returns the entry's id.
   */
  async function save(principal: Principal | null, kind: HelpEntryKind, entryId: number | null, raw: unknown): Promise<number> {
    requireAdmin(scopeOf(principal))
    return change(principal, kind, entryId === null ? 'create' : 'update', async (tx) => {
      const before = entryId === null ? null : await snapshot(tx, kind, entryId)
      if (entryId !== null && !before) throw notFound()
      // The columns of each kind are exactly its input's fields besides the translations.
      const { translations, ...fields } = parseInput(kind, raw)
      const parentId = 'categoryId' in fields ? fields.categoryId : undefined
      if (parentId !== undefined) await requireParent(tx, kind as 'faqQuestion' | 'kbArticle', parentId)
      const table = TABLES[kind]
      const values = { ...fields, updatedAt: now() }
      let target = entryId
      if (target === null) {
        const [row] = await tx
          .insert(table)
          .values({ ...values, position: await nextPosition(tx, kind, parentId) } as never)
          .returning({ id: table.id })
        target = row!.id
      } else {
        // Moved to another category: it goes to the end there.
        const moved = parentId !== undefined && before?.categoryId !== parentId
        const position = moved ? { position: await nextPosition(tx, kind, parentId) } : {}
        await tx
          .update(table)
          .set({ ...values, ...position } as never)
          .where(eq(table.id, target))
      }
      await writeTexts(tx, kind, target, translations)
      return { id: target, result: target, before }
    })
  }

  /** Deletes an entry (a category with everything in it); audited with what it held. */
  async function remove(principal: Principal | null, kind: HelpEntryKind, entryId: number): Promise<boolean> {
    requireAdmin(scopeOf(principal))
    return change(principal, kind, 'delete', async (tx) => {
      const before = await snapshot(tx, kind, entryId)
      if (!before) throw notFound()
      const table = TABLES[kind]
      if (kind === 'faqCategory')
        before.questions = (await tx.select({ id: faqQuestions.id }).from(faqQuestions).where(eq(faqQuestions.categoryId, entryId))).map((r) => r.id)
      if (kind === 'kbCategory')
        before.articles = (await tx.select({ id: kbArticles.id }).from(kbArticles).where(eq(kbArticles.categoryId, entryId))).map((r) => r.id)
      await tx.delete(table).where(eq(table.id, entryId))
      return { id: entryId, result: true, before }
    })
  }

  /** Moves an entry one place up or down among its siblings (positions renumbered 0…n−1). */
  async function move(principal: Principal | null, kind: HelpEntryKind, entryId: number, direction: 'up' | 'down'): Promise<boolean> {
    requireAdmin(scopeOf(principal))
    return change(principal, kind, 'move', async (tx) => {
      const before = await snapshot(tx, kind, entryId)
      if (!before) throw notFound()
      const table = TABLES[kind]
      const parent =
        kind === 'faqQuestion'
          ? eq(faqQuestions.categoryId, before.categoryId as number)
          : kind === 'kbArticle'
            ? eq(kbArticles.categoryId, before.categoryId as number)
            : undefined
      const siblings = (await tx.select({ id: table.id }).from(table).where(parent).orderBy(asc(table.position), asc(table.id)).for('update')).map((r) => r.id)
      const i = siblings.indexOf(entryId)
      const j = direction === 'up' ? i - 1 : i + 1
      if (j >= 0 && j < siblings.length) [siblings[i], siblings[j]] = [siblings[j]!, siblings[i]!]
      for (const [position, sibling] of siblings.entries()) await tx.update(table).set({ position }).where(eq(table.id, sibling))
      return { id: entryId, result: true, before }
    })
  }

  return { faq, faqData, knowledgeBase, kbCategory, kbArticle, editor, save, remove, move }
}

export type HelpService = ReturnType<typeof createHelpService>
