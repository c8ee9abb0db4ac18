import { and, asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { faqCategories, faqCategoryTexts, faqQuestions, faqQuestionTexts, type HelpLocale } from './help.tables'
import type { FaqCategory, FaqData } from './help-model'
import { faqMatches } from './help-search'
import type { HelpDeps } from './help.deps'

// --- FAQ ----------------------------------------------------------------------------

/** The FAQ in `locale`; with `q` only the matching questions and the categories that hold one. */
export async function faq(deps: HelpDeps, locale: HelpLocale, q?: string): Promise<FaqCategory[]> {
  const { db } = deps
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
    q === undefined ? Promise.resolve(undefined) : faqMatches(deps, locale, q),
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
export async function faqData(deps: HelpDeps, locale: HelpLocale, q?: string): Promise<FaqData> {
  const out: FaqData = {}
  for (const c of await faq(deps, locale, q)) {
    if (c.questions.length === 0) continue
    out[c.key] = { icon: c.icon, title: c.title, subtitle: c.subtitle, qandA: c.questions.map((x) => ({ question: x.question, ans: x.answer })) }
  }
  return out
}
