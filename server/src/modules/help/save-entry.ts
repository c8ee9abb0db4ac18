import { eq } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import type { HelpEntryKind } from './help-model'
import { parseInput, TABLES } from './help-inputs'
import { snapshot, writeTexts, change, notFound, nextPosition, requireParent } from './help-writes'
import type { HelpDeps } from './help.deps'

/**
 * Creates (`entryId` null) or updates an entry of `kind`: its fields and all its
 * translations at once. Returns the entry's id.
 */
export async function save(deps: HelpDeps, principal: Principal | null, kind: HelpEntryKind, entryId: number | null, raw: unknown): Promise<number> {
  const { now } = deps
  requireAdmin(scopeOf(principal))
  return change(deps, principal, kind, entryId === null ? 'create' : 'update', async (tx) => {
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
