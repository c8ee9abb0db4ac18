import { z } from 'zod'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import type { DataTablesService } from '../data-tables/data-tables.service'

/** How many entries a group offers at most. */
export const SUGGESTIONS_PER_GROUP = 8

export interface ContactSuggestion {
  name: string
  email: string
  img: string | null
  time: string
  route: string
}
/**
 * The classic navbar-search shape: one entry a group, `key` names the field the list is
 * searched and shown by. The classic `pages` group is built in the browser from the menu
 * definition and the caller's rules (client/src/app/navigation.ts menuPages): the server
 * does not import client code, and the menu is not copied here.
 */
export interface AutosuggestData {
  contacts: { key: 'name'; data: ContactSuggestion[] }
}

const params = z
  .object({
    q: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(100, 'At most 100 characters.').optional()),
  })
  .strict()

/**
 * GET /autosuggest/data (spec §7): the navbar search's data. `contacts` are the accounts in the caller's scope
 * (admins all, resellers their clients; none for clients) whose name, username or e-mail
 * contains `q`, searched in the database (none without `q`).
 */
export function createAutosuggestService(deps: { dataTables: DataTablesService }) {
  async function data(principal: Principal | null, input: Record<string, unknown>): Promise<AutosuggestData> {
    const parsed = params.safeParse(input)
    if (!parsed.success) {
      const fields: Record<string, string[]> = {}
      for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? ('keys' in issue ? issue.keys[0] : undefined) ?? 'input')] ??= []).push(issue.message)
      throw new AppError('BAD_USER_INPUT', 'Invalid parameters', fields)
    }
    const q = parsed.data.q ?? ''
    scopeOf(principal)
    const accounts = q ? await deps.dataTables.suggestAccounts(principal, q, SUGGESTIONS_PER_GROUP) : []
    return {
      contacts: {
        key: 'name',
        data: accounts.map((a) => ({ name: a.fullName, email: a.email, img: a.avatar, time: a.startDate, route: `/user/view/${a.id}` })),
      },
    }
  }
  return { data }
}

export type AutosuggestService = ReturnType<typeof createAutosuggestService>
