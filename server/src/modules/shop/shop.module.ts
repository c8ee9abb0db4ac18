import type { AuditService } from '../audit/audit.service'
import type { InvoicesService } from '../invoices/invoices.service'
import type { Core } from '../module'
import { defineModule } from '../module'
import { createShopService } from './shop.service'
import { mountShopRoutes } from './shop.rest'
import { seedShop } from './shop.seed'
import './shop.schema'

/** The shop: catalogue, wishlist, cart, checkout (its licence products are seeded from the plans, so after them). */
export const shopModule = defineModule({
  name: 'shop',
  services: ({ db, now, audit, invoices }: Core & { audit: AuditService; invoices: InvoicesService }) => ({
    shop: createShopService({ db, audit, invoices, now }),
  }),
  rest: mountShopRoutes,
  productData: seedShop,
})
