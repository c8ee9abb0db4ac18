import { bindDeps } from '../../use-cases'
import { createForOrderInTx } from './create-for-order'
import { create } from './create-invoice'
import { pdf } from './download-pdf'
import { get } from './get-invoice'
import { ordersCount, paidRevenueByDay, paidRevenueByPlan } from './invoice-stats'
import { manualProvider } from './invoice-view'
import type { InvoicesDeps, InvoicesOptions } from './invoices.deps'
import { clients, list } from './list-invoices'
import { recordPayment } from './record-payment'
import { send } from './send-invoice'
import { update } from './update-invoice'

export { INVOICE_SORTS, manualProvider, type InvoiceDetail, type InvoiceView, type PaymentDetails, type PaymentProvider } from './invoice-view'

/** Invoices: one use case per file over the deps built here once. */
export function createInvoicesService(options: InvoicesOptions) {
  const deps: InvoicesDeps = { ...options, seller: options.sellerName ?? 'Channel Assistant' }
  return {
    ...bindDeps(deps, { list, get, clients, create, update, send, recordPayment, pdf, createForOrderInTx, paidRevenueByDay, paidRevenueByPlan, ordersCount }),
    providers: [manualProvider],
  }
}

export type InvoicesService = ReturnType<typeof createInvoicesService>
