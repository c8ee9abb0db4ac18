import { z } from 'zod'
import { menuPages } from '../../../../client/src/app/navigation'
import de from '../../../../client/src/locales/de/translation.json'
import en from '../../../../client/src/locales/en/translation.json'
import fr from '../../../../client/src/locales/fr/translation.json'
import pt from '../../../../client/src/locales/pt/translation.json'
import { AppError } from '../../errors'
import { abilityFor, type Action, type Principal, type Subject } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import type { DataTablesService } from '../data-tables/data-tables.service'

/** How many entries a group offers at most. */
export const SUGGESTIONS_PER_GROUP = 8

const TITLES: Record<string, Record<string, string>> = { en: en.routes, de: de.routes, fr: fr.routes, pt: pt.routes }
export const suggestLanguages = Object.keys(TITLES)

export interface PageSuggestion {
  title: string
  route: string
  icon: string
  isBookmarked: boolean
}
export interface ContactSuggestion {
  name: string
  email: string
  img: string | null
  time: string
  route: string
}
/** The classic navbar-search shape: one entry a group, `key` names the field the list is searched and shown by. */
export interface AutosuggestData {
  pages: { key: 'title'; data: PageSuggestion[] }
  contacts: { key: 'name'; data: ContactSuggestion[] }
}

const params = z
  .object({
    q: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(100, 'At most 100 characters.').optional()),
    lang: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(suggestLanguages as [string, ...string[]], { message: `lang must be one of ${suggestLanguages.join(', ')}` }).optional()),
  })
  .strict()

/**
 * GET /autosuggest/data (spec §7): the navbar search. `pages` are the menu's pages the
 * caller may open (client/src/app/navigation.ts with the caller's own rules: the same list
 * the menu shows), titled in `lang`; `contacts` are the accounts in the caller's scope
 * (admins all, resellers their clients; none for clients) whose name, username or e-mail
 * contains `q`, searched in the database. Bookmarks are not kept yet: isBookmarked is false.
 */
export function createAutosuggestService(deps: { dataTables: DataTablesService }) {
  async function data(principal: Principal | null, input: Record<string, unknown>): Promise<AutosuggestData> {
    const parsed = params.safeParse(input)
    if (!parsed.success) {
      const fields: Record<string, string[]> = {}
      for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? ('keys' in issue ? issue.keys[0] : undefined) ?? 'input')] ??= []).push(issue.message)
      throw new AppError('BAD_USER_INPUT', 'Invalid parameters', fields)
    }
    const { q = '', lang = 'en' } = parsed.data
    const scope = scopeOf(principal)
    const ability = abilityFor(principal)
    const titles = TITLES[lang] ?? TITLES.en!
    const needle = q.toLowerCase()
    const pages = menuPages({ can: (a, s) => ability.can(a as Action, s as Subject), admin: scope.kind === 'all' }, { id: String(scope.actorId) })
      .map((p) => ({ title: titles[p.titleKey] ?? en.routes[p.titleKey], route: p.path, icon: p.icon, isBookmarked: false }))
      .filter((p) => !needle || p.title.toLowerCase().includes(needle))
      .slice(0, SUGGESTIONS_PER_GROUP)
    const accounts = q ? await deps.dataTables.suggestAccounts(principal, q, SUGGESTIONS_PER_GROUP) : []
    return {
      pages: { key: 'title', data: pages },
      contacts: {
        key: 'name',
        data: accounts.map((a) => ({ name: a.fullName, email: a.email, img: a.avatar, time: a.startDate, route: `/user/view/${a.id}` })),
      },
    }
  }
  return { data }
}

export type AutosuggestService = ReturnType<typeof createAutosuggestService>
