import { asc } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { faqCategories, faqCategoryTexts, faqQuestions, faqQuestionTexts, kbArticles, kbArticleTexts, kbCategories, kbCategoryTexts } from './help.tables'
import type { HelpText, HelpEditorEntry, HelpEditor } from './help-model'
import { byLocale } from './help-inputs'
import type { HelpDeps } from './help.deps'

// --- the editor ---------------------------------------------------------------------

export async function editor(deps: HelpDeps, principal: Principal | null): Promise<HelpEditor> {
  const { db } = deps
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
