import { z } from 'zod'
import { langQuery, shape, type RouteDoc } from '../../http/route-doc'
import { demoFilterShape, demoGroupShape, demoPageShape, demoStatuses } from './demo-table'

const demo =
  'The table component’s demo rows: made-up people (…@example.com), the same on every call, not accounts. An unknown parameter is refused (a misspelt filter would match everything).'

const row = z
  .object({
    id: z.number().int(),
    avatar: z.string().nullable().meta({ description: 'No picture (null): show the initials.' }),
    fullName: z.string(),
    email: z.string(),
    startDate: z.string().meta({ description: 'YYYY-MM-DD.' }),
    salary: z.number(),
    status: z.enum(demoStatuses),
  })
  .meta({ id: 'TableRow', description: 'A demo row of the data tables.' })

const detailed = row
  .extend({ post: z.string(), city: z.string(), experience: z.number().int().meta({ description: 'Years.' }) })
  .meta({ id: 'TableRowDetailed', description: 'A demo row with post, city and experience.' })

export const dataTableDocs = {
  basic: {
    summary: 'Data table demo rows (basic)',
    description: demo,
    responses: { 200: { description: 'Every demo row.', body: z.array(row) } },
  },
  rowGroup: {
    summary: 'Data table demo rows grouped',
    description: demo,
    query: demoGroupShape,
    responses: {
      200: {
        description: '`[{mode, label, html, children}]`: one entry a group (by status unless groupBy says post or city), its rows in children.',
        body: z.array(z.object({ mode: z.literal('span'), label: z.string(), html: z.boolean(), children: z.array(detailed) })),
      },
    },
  },
  advancedSearch: {
    summary: 'Data table demo rows matching every column filter',
    description: demo,
    query: demoFilterShape,
    responses: { 200: { description: 'The matching rows.', body: z.array(detailed) } },
  },
  tableSsr: {
    summary: 'Data table demo page (server-side: searched, sorted and paged)',
    description: `${demo} sortBy one of the row's columns (id by default), sortDesc true or false.`,
    query: demoPageShape,
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
