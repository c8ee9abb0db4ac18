import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { guarded, type AppEnv } from '../../http/guarded'
import { localeFromHeader } from '../help/help.service'
import { dataTableDocs } from './data-tables.api-doc'
import { demoAdvancedSearch, demoBasic, demoPage, demoRowGroups } from './demo-table'

/**
 * The spec's data tables and navbar search (§7). GET /good-table/* answer the table
 * component's demo rows (demo-table.ts; made up, the same for everyone signed in):
 * /good-table/basic → rows; /good-table/row-group?groupBy= → [{mode, label, html, children}];
 * /good-table/advanced-search?<column filters> → rows with post, city, experience;
 * /good-table/table_ssr?page&perPage&sortBy&sortDesc&q&status → {rows, total}. The
 * product's account tables are GraphQL dataTable*. GET /autosuggest/data ?q&lang →
 * {contacts, faq, articles, products: {key, data}} (autosuggest.service.ts). Bad
 * parameters: 400 {error, code: BAD_USER_INPUT, fields}.
 */
export function mountDataTableRoutes(app: Hono<AppEnv>) {
  // Demo rows, no one's data: anyone signed in (as the spec's fake layer answers them).
  guarded(app, 'GET', '/good-table/basic', rule.signedIn, dataTableDocs.basic, (c) => c.json(demoBasic(c.req.query())))
  guarded(app, 'GET', '/good-table/row-group', rule.signedIn, dataTableDocs.rowGroup, (c) => c.json(demoRowGroups(c.req.query())))
  guarded(app, 'GET', '/good-table/advanced-search', rule.signedIn, dataTableDocs.advancedSearch, (c) => c.json(demoAdvancedSearch(c.req.query())))
  guarded(app, 'GET', '/good-table/table_ssr', rule.signedIn, dataTableDocs.tableSsr, (c) => c.json(demoPage(c.req.query())))
  // Without ?lang= the help centre's entries read in the first supported Accept-Language.
  // The navbar search: signed in; accounts by the caller's scope (none for clients), FAQ, articles and
  // products only to whoever passes the rules of GET /faq/data, /kb/data/question, /apps/ecommerce/products.
  guarded(app, 'GET', '/autosuggest/data', rule.signedIn, dataTableDocs.autosuggest, async (c, principal) => {
    const query = c.req.query()
    const input = 'lang' in query ? query : { ...query, lang: localeFromHeader(c.req.header('accept-language')) }
    return c.json(await c.get('services').autosuggest.data(principal, input))
  })
}
