import { z } from 'zod'
import { langQuery, shape, type RouteDoc } from '../../http/route-doc'
import { filterShape, groupShape, pageShape } from './data-tables.service'

const staff =
  'Over the accounts in the caller’s scope (admins all, resellers their clients), newest first. An unknown parameter is refused (a misspelt filter would match everything).'

const row = z
  .looseObject({
    id: z.number().int(),
    avatar: z.string().nullable(),
    fullName: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.string(),
    plan: z.string(),
    status: z.enum(['active', 'expired', 'none']).meta({ description: 'The licence’s state.' }),
    daysLeft: z.number().int().nullable().meta({ description: 'Days of the licence left; null without one.' }),
    channel: z.string().nullable(),
    startDate: z.string(),
    resellerId: z.number().int().nullable(),
    resellerName: z.string().nullable(),
  })
  .meta({ id: 'TableRow', description: 'An account as the data tables show it.' })

export const dataTableDocs = {
  basic: {
    summary: 'Data table rows (basic)',
    description: staff,
    responses: { 200: { description: 'The rows (a bounded whole list).', body: z.array(row) } },
  },
  rowGroup: {
    summary: 'Data table rows grouped',
    description: staff,
    query: groupShape,
    responses: {
      200: {
        description: '`[{mode, label, html, children}]`: one entry a group, its rows in children.',
        body: z.array(z.looseObject({ mode: z.string(), label: z.string(), html: z.boolean(), children: z.array(row) })),
      },
    },
  },
  advancedSearch: {
    summary: 'Data table rows matching every column filter',
    description: staff,
    query: filterShape,
    responses: { 200: { description: 'The matching rows.', body: z.array(row) } },
  },
  tableSsr: {
    summary: 'Data table page (sorted, filtered and paged in the database)',
    description: staff,
    query: pageShape,
    responses: { 200: { description: '`{rows, total}`.', body: z.object({ rows: z.array(row), total: z.number().int() }) } },
  },
  autosuggest: {
    summary: 'Navbar search suggestions',
    description:
      'Accounts in the caller’s scope (none for clients), FAQ entries, help articles and shop products, each only to whoever may read its own route.',
    query: langQuery.extend({ q: z.string().optional() }),
    responses: { 200: { description: '`{contacts, faq, articles, products}`, each `{key, data}`.', body: shape('Suggestions by group.') } },
  },
} satisfies Record<string, RouteDoc>
