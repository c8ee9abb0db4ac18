import { asc, eq } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { faqQuestions, kbArticles } from './help.tables'
import type { HelpEntryKind } from './help-model'
import { TABLES } from './help-inputs'
import { snapshot, change, notFound } from './help-writes'
import type { HelpDeps } from './help.deps'

/** Moves an entry one place up or down among its siblings (positions renumbered 0…n−1). */
export async function move(deps: HelpDeps, principal: Principal | null, kind: HelpEntryKind, entryId: number, direction: 'up' | 'down'): Promise<boolean> {
  requireAdmin(scopeOf(principal))
  return change(deps, principal, kind, 'move', async (tx) => {
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
