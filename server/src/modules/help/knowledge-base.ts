import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { kbArticles, kbArticleTexts, kbCategories, kbCategoryTexts, type HelpLocale } from './help.tables'
import { markdownToHtml } from './markdown'
import type { KbCategory, KbArticle } from './help-model'
import { kbMatches } from './help-search'
import type { HelpDeps } from './help.deps'

// --- knowledge base -----------------------------------------------------------------

/**
 * The knowledge base in `locale`: categories with their article links. `category` keeps
 * one category (by slug); `q` keeps the matching articles and the categories holding one.
 */
export async function knowledgeBase(deps: HelpDeps, locale: HelpLocale, opts: { q?: string; category?: string } = {}): Promise<KbCategory[]> {
  const { db } = deps
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
    opts.q === undefined ? Promise.resolve(undefined) : kbMatches(deps, locale, opts.q),
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
export async function kbCategory(deps: HelpDeps, locale: HelpLocale, slug: string, q?: string): Promise<KbCategory | undefined> {
  const [found] = await knowledgeBase(deps, locale, { category: slug })
  if (!found || q === undefined) return found
  const matched = await kbMatches(deps, locale, q)
  return { ...found, articles: found.articles.filter((a) => matched.has(a.id)) }
}

/** One article by slug (in `category`, when given), with up to five others of its category; undefined if none. */
export async function kbArticle(deps: HelpDeps, locale: HelpLocale, slug: string, category?: string): Promise<KbArticle | undefined> {
  const { db } = deps
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
  const [cat] = await knowledgeBase(deps, locale, { category: row.categorySlug })
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
