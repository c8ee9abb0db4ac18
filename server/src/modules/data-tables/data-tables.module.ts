import type { Core } from '../module'
import { defineModule } from '../module'
import { createDataTablesService } from './data-tables.service'
import { mountDataTableRoutes } from './data-tables.rest'
import './data-tables.schema'

/** The data tables: the spec's GET /good-table/* (demo rows) and the accounts tables (GraphQL), over the accounts in scope. */
export const dataTablesModule = defineModule({
  name: 'data-tables',
  services: ({ db, now }: Core) => ({ dataTables: createDataTablesService({ db, now }) }),
  rest: mountDataTableRoutes,
})
