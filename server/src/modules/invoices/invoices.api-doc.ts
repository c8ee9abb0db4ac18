import { z } from 'zod'
import { listOf, notFound, shape, type RouteDoc } from '../../http/route-doc'

const scope = 'In the caller’s scope: admins all, resellers their clients’, clients their own.'

export const invoiceDocs = {
  list: {
    summary: 'List invoices',
    description: `${scope} \`q\` matches the client’s name or e-mail; \`status\` filters by the invoice status; paged by perPage (10) and page (1).`,
    query: z.object({
      q: z.string().optional(),
      perPage: z.string().optional(),
      page: z.string().optional(),
      sortBy: z.string().optional(),
      sortDesc: z.enum(['true', 'false']).optional(),
      status: z.string().optional(),
    }),
    responses: {
      200: { description: '`{invoices, total}`.', body: z.object({ invoices: listOf('The invoices of the page (spec section 3).'), total: z.number().int() }) },
    },
  },
  get: {
    summary: 'One invoice with its payment details',
    description: scope,
    responses: {
      200: { description: '`{invoice, paymentDetails}`.', body: z.object({ invoice: shape('The invoice.'), paymentDetails: shape('How to pay it.') }) },
      404: notFound(),
    },
  },
  pdf: {
    summary: 'One invoice as a PDF download',
    description: scope,
    responses: { 200: { description: 'The PDF (attachment).', contentType: 'application/pdf', body: z.string().meta({ format: 'binary' }) }, 404: notFound() },
  },
  clients: {
    summary: 'The first five clients (for a new invoice)',
    description: scope,
    responses: { 200: { description: 'Up to five clients.', body: listOf('Clients: name, company, address, contact, e-mail …') } },
  },
} satisfies Record<string, RouteDoc>
