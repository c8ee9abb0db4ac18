import { sql } from 'drizzle-orm'
import type { HelpLocale } from './help.tables'
import { escapeLike } from './help-model'
import type { HelpDeps } from './help.deps'

// --- search -------------------------------------------------------------------------

/**
 * Ids of the FAQ questions whose locale text (or, with no translation, English text)
 * contains `q`, any case. lower(question || ' ' || answer) is what the trigram GIN index
 * holds, so LIKE '%q%' uses it (PostgreSQL; PGlite plans the same).
 */
export async function faqMatches(deps: HelpDeps, locale: HelpLocale, q: string): Promise<Set<number>> {
  return matchIds(deps, locale, q, { table: 'help_faq_question_texts', id: 'question_id', text: `lower(t.question || ' ' || t.answer)` })
}

/** The same over knowledge-base articles (title and Markdown body). */
export async function kbMatches(deps: HelpDeps, locale: HelpLocale, q: string): Promise<Set<number>> {
  return matchIds(deps, locale, q, { table: 'help_kb_article_texts', id: 'article_id', text: `lower(t.title || ' ' || t.body)` })
}

export async function matchIds(deps: HelpDeps, locale: HelpLocale, q: string, on: { table: string; id: string; text: string }): Promise<Set<number>> {
  const { db } = deps
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
