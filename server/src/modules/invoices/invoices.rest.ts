import { rule } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { guarded, type AppEnv } from '../../http/guarded'
import { parseId } from '../../ids'
import { invoiceDocs } from './invoices.api-doc'

/**
 * Invoices in the spec's shapes (§7): GET /apps/invoice/invoices (q on the client's name or
 * e-mail, perPage, page, sortBy, sortDesc, status) → {invoices, total}; GET
 * /apps/invoice/invoices/{id} → {invoice, paymentDetails} or 404 with no body; GET
 * /apps/invoice/clients → the first five clients. GET /apps/invoice/invoices/{id}/pdf → the PDF.
 * All in the caller's scope (admins all, resellers their clients', clients their own).
 */
export function mountInvoiceRoutes(app: Hono<AppEnv>) {
  // The shop and invoices: signed in; the services keep each user to their own cart and wishlist, and invoices to the caller's scope.
  guarded(app, 'GET', '/apps/invoice/invoices', rule.signedIn, invoiceDocs.list, async (c, principal) =>
    c.json(await c.get('services').invoices.list(principal, c.req.query())),
  )

  guarded(app, 'GET', '/apps/invoice/invoices/:id', rule.signedIn, invoiceDocs.get, async (c, principal) => {
    const id = parseId(c.req.param('id'))
    const detail = id ? await c.get('services').invoices.get(principal, id) : null
    return detail ? c.json({ invoice: detail.invoice, paymentDetails: detail.paymentDetails }) : c.body(null, 404)
  })

  guarded(app, 'GET', '/apps/invoice/invoices/:id/pdf', rule.signedIn, invoiceDocs.pdf, async (c, principal) => {
    const id = parseId(c.req.param('id'))
    const pdf = id ? await c.get('services').invoices.pdf(principal, id) : null
    if (!pdf) return c.body(null, 404)
    c.header('content-type', 'application/pdf')
    c.header('content-disposition', `attachment; filename="invoice-${id}.pdf"`)
    c.header('cache-control', 'no-store')
    return c.body(pdf as unknown as ArrayBuffer)
  })

  guarded(app, 'GET', '/apps/invoice/clients', rule.signedIn, invoiceDocs.clients, async (c, principal) =>
    c.json(await c.get('services').invoices.clients(principal)),
  )
}
