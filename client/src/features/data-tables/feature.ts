import { defineFeature, route, staffPage } from '../../lib/feature'

export const dataTablesRoutes = [
  // The accounts tables (GraphQL dataTable*; the spec's GET /good-table/* answer demo rows) over the accounts in scope (staff; the server refuses clients):
  // the server-paged table, and the sample views basic, row-group and advanced-search.
  route('data-tables', '/tables/accounts', 'dataTables', 'data-tables-page', staffPage),
  route('data-tables-basic', '/tables/basic', 'dataTablesBasic', 'basic-table-page', staffPage),
  route('data-tables-row-group', '/tables/row-group', 'dataTablesRowGroup', 'row-group-table-page', staffPage),
  route('data-tables-advanced-search', '/tables/advanced-search', 'dataTablesAdvancedSearch', 'advanced-search-table-page', staffPage),
]

export const dataTablesFeature = defineFeature({
  id: 'data-tables',
  routes: dataTablesRoutes,
  pageViews: [['user-list', 'data-tables', 'data-tables-basic', 'data-tables-row-group', 'data-tables-advanced-search']],
  locales: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
    pt: () => import('./locales/pt.json'),
  },
})
