/** What the editor's writes share: the audited snapshot, the translations, one audited transaction, positions and parents. */
import type { HelpDeps } from './help.deps'
import { eq, max } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import type { AuditEntity } from '../audit/audit.tables'
import { faqCategories, faqCategoryTexts, faqQuestions, faqQuestionTexts, kbArticles, kbArticleTexts, kbCategories, kbCategoryTexts } from './help.tables'
import type { HelpEntryKind, HelpText } from './help-model'
import { isUniqueViolation, byLocale } from './help-inputs'

/** Everything an audit row keeps of an entry (read through `tx`). */
export async function snapshot(tx: Db, kind: HelpEntryKind, entryId: number): Promise<Record<string, unknown> | null> {
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
export async function writeTexts(tx: Db, kind: HelpEntryKind, entryId: number, list: HelpText[]): Promise<void> {
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
export async function change<T>(
  deps: HelpDeps,
  principal: Principal | null,
  kind: HelpEntryKind,
  verb: string,
  work: (tx: Db) => Promise<{ id: number; result: T; before: Record<string, unknown> | null }>,
): Promise<T> {
  const { db, audit } = deps
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

export const notFound = () => new AppError('NOT_FOUND', 'No such help entry')

/** The next position at the end of a parent's list. */
export async function nextPosition(tx: Db, kind: HelpEntryKind, parentId?: number): Promise<number> {
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

export async function requireParent(tx: Db, kind: 'faqQuestion' | 'kbArticle', parentId: number): Promise<void> {
  const table = kind === 'faqQuestion' ? faqCategories : kbCategories
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, parentId)).for('update')
  if (!row) throw new AppError('BAD_USER_INPUT', 'No such category', { categoryId: ['No such category.'] })
}
