import type { DataTablesService } from '../data-tables/data-tables.service'
import type { HelpService } from '../help/help.service'
import { defineModule } from '../module'
import type { ShopService } from '../shop/shop.service'
import { createAutosuggestService } from './autosuggest.service'

/** The navbar search (GET /autosuggest/data, mounted with the data tables). */
export const autosuggestModule = defineModule({
  name: 'autosuggest',
  services: ({ dataTables, help, shop }: { dataTables: DataTablesService; help: HelpService; shop: ShopService }) => ({
    autosuggest: createAutosuggestService({ dataTables, help, shop }),
  }),
})
