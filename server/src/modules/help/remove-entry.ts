import { eq } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { faqQuestions, kbArticles } from './help.tables'
import type { HelpEntryKind } from './help-model'
import { TABLES } from './help-inputs'
import { snapshot, change, notFound } from './help-writes'
import type { HelpDeps } from './help.deps'

/** Deletes an entry (a category with everything in it); audited with what it held. */
export async function remove(deps: HelpDeps, principal: Principal | null, kind: HelpEntryKind, entryId: number): Promise<boolean> {
  requireAdmin(scopeOf(principal))
  return change(deps, principal, kind, 'delete', async (tx) => {
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
