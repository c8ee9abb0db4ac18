import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { guarded, type AppEnv } from '../../http/guarded'
import { localeFromHeader } from '../help/help.service'
import { dataTableDocs } from './data-tables.api-doc'

/**
 * The spec's data tables and navbar search (§7), over the accounts in the caller's scope:
 * GET /good-table/basic → rows; /good-table/row-group?groupBy= → [{mode, label, html,
 * children}]; /good-table/advanced-search?<column filters> → rows; /good-table/table_ssr
 * ?page&perPage&sortField&sortType&q&<column filters> → {rows, total}; GET /autosuggest/data
 * ?q&lang → {contacts, faq, articles, products: {key, data}} (autosuggest.service.ts). Bad parameters: 400 {error, code: BAD_USER_INPUT, fields}.
 */
export function mountDataTableRoutes(app: Hono<AppEnv>) {
  // Data tables (spec §7) over the accounts directory: staff only (update User: admins and
  // resellers); the service scopes the rows (admins all, resellers their clients).
  guarded(app, 'GET', '/good-table/basic', rule.can('update', 'User'), dataTableDocs.basic, async (c, principal) =>
    c.json(await c.get('services').dataTables.basic(principal)),
  )
  guarded(app, 'GET', '/good-table/row-group', rule.can('update', 'User'), dataTableDocs.rowGroup, async (c, principal) =>
    c.json(await c.get('services').dataTables.rowGroups(principal, c.req.query())),
  )
  guarded(app, 'GET', '/good-table/advanced-search', rule.can('update', 'User'), dataTableDocs.advancedSearch, async (c, principal) =>
    c.json(await c.get('services').dataTables.advancedSearch(principal, c.req.query())),
  )
  guarded(app, 'GET', '/good-table/table_ssr', rule.can('update', 'User'), dataTableDocs.tableSsr, async (c, principal) =>
    c.json(await c.get('services').dataTables.page(principal, c.req.query())),
  )
  // Without ?lang= the help centre's entries read in the first supported Accept-Language.
  // The navbar search: signed in; accounts by the caller's scope (none for clients), FAQ, articles and
  // products only to whoever passes the rules of GET /faq/data, /kb/data/question, /apps/ecommerce/products.
  guarded(app, 'GET', '/autosuggest/data', rule.signedIn, dataTableDocs.autosuggest, async (c, principal) => {
    const query = c.req.query()
    const input = 'lang' in query ? query : { ...query, lang: localeFromHeader(c.req.header('accept-language')) }
    return c.json(await c.get('services').autosuggest.data(principal, input))
  })
}
