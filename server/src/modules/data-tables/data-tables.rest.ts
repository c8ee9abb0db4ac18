import type { Hono } from 'hono'
import { guarded, type AppEnv } from '../../http/guarded'

/**
 * The spec's data tables and navbar search (§7), over the accounts in the caller's scope:
 * GET /good-table/basic → rows; /good-table/row-group?groupBy= → [{mode, label, html,
 * children}]; /good-table/advanced-search?<column filters> → rows; /good-table/table_ssr
 * ?page&perPage&sortField&sortType&q&<column filters> → {rows, total}; GET /autosuggest/data
 * ?q → {contacts: {key: 'name', data}}. Bad parameters: 400 {error, code: BAD_USER_INPUT, fields}.
 */
export function mountDataTableRoutes(app: Hono<AppEnv>) {
  guarded(app, 'GET', '/good-table/basic', async (c, principal) => c.json(await c.get('services').dataTables.basic(principal)))
  guarded(app, 'GET', '/good-table/row-group', async (c, principal) => c.json(await c.get('services').dataTables.rowGroups(principal, c.req.query())))
  guarded(app, 'GET', '/good-table/advanced-search', async (c, principal) =>
    c.json(await c.get('services').dataTables.advancedSearch(principal, c.req.query())),
  )
  guarded(app, 'GET', '/good-table/table_ssr', async (c, principal) => c.json(await c.get('services').dataTables.page(principal, c.req.query())))
  guarded(app, 'GET', '/autosuggest/data', async (c, principal) => c.json(await c.get('services').autosuggest.data(principal, c.req.query())))
}
