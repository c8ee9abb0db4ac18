import type { Db } from '../../db/client'
import type { AuditService } from '../audit/audit.service'
import type { InvoicesService } from '../invoices/invoices.service'

/** What createShopService is given, and all its use cases share. */
export interface ShopDeps {
  db: Db
  audit: AuditService
  invoices: InvoicesService
  now: () => Date
}
