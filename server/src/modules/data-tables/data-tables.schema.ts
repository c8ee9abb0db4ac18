import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import type { ArticleSuggestion, AutosuggestData, ContactSuggestion, FaqSuggestion, ProductSuggestion } from '../autosuggest/autosuggest.service'
import { HelpLocaleEnum } from '../help/help.schema'
import { groupings, licenceStatuses, sortFields, type TableRow } from './data-tables.service'

const TableSortFieldEnum = builder.enumType('DataTableSortField', { values: sortFields })
const TableGroupingEnum = builder.enumType('DataTableGrouping', { values: groupings })

const TableRowRef = builder.objectRef<TableRow>('DataTableRow').implement({
  extensions: guardedByParent,
  description: 'An account as a row of the accounts tables: the classic table keys plus the account’s own.',
  fields: (t) => ({
    id: t.id({ resolve: (r) => String(r.id) }),
    avatar: t.exposeString('avatar', { nullable: true }),
    fullName: t.exposeString('fullName'),
    username: t.exposeString('username'),
    email: t.exposeString('email'),
    role: t.exposeString('role'),
    plan: t.exposeString('plan'),
    status: t.exposeString('status', { description: `Licence status: one of ${licenceStatuses.join(', ')}.` }),
    daysLeft: t.exposeInt('daysLeft', { nullable: true }),
    channel: t.exposeString('channel', { nullable: true }),
    startDate: t.exposeString('startDate', { description: 'The day the account was created (YYYY-MM-DD, UTC).' }),
    resellerId: t.id({ nullable: true, resolve: (r) => (r.resellerId === null ? null : String(r.resellerId)) }),
    resellerName: t.exposeString('resellerName', { nullable: true }),
  }),
})

const TablePageRef = builder.objectRef<{ rows: TableRow[]; total: number }>('DataTablePage').implement({
  extensions: guardedByParent,
  fields: (t) => ({ rows: t.field({ type: [TableRowRef], resolve: (p) => p.rows }), total: t.exposeInt('total') }),
})

const TableGroupRef = builder.objectRef<{ label: string; children: TableRow[] }>('DataTableGroup').implement({
  extensions: guardedByParent,
  fields: (t) => ({ label: t.exposeString('label'), children: t.field({ type: [TableRowRef], resolve: (g) => g.children }) }),
})

const TableFilterInput = builder.inputType('DataTableFilter', {
  description: 'Column filters; all given ones apply together (text filters match a part, case-insensitively).',
  fields: (t) => ({
    q: t.string(),
    fullName: t.string(),
    email: t.string(),
    channel: t.string(),
    role: t.string(),
    plan: t.string(),
    status: t.string(),
    startDateFrom: t.string({ description: 'YYYY-MM-DD' }),
    startDateTo: t.string({ description: 'YYYY-MM-DD' }),
  }),
})

const ContactSuggestionRef = builder.objectRef<ContactSuggestion>('ContactSuggestion').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    img: t.exposeString('img', { nullable: true }),
    time: t.exposeString('time'),
    route: t.exposeString('route'),
  }),
})
const FaqSuggestionRef = builder.objectRef<FaqSuggestion>('FaqSuggestion').implement({
  extensions: guardedByParent,
  fields: (t) => ({ question: t.exposeString('question'), category: t.exposeString('category'), route: t.exposeString('route') }),
})
const ArticleSuggestionRef = builder.objectRef<ArticleSuggestion>('ArticleSuggestion').implement({
  extensions: guardedByParent,
  fields: (t) => ({ title: t.exposeString('title'), category: t.exposeString('category'), route: t.exposeString('route') }),
})
const ProductSuggestionRef = builder.objectRef<ProductSuggestion>('ProductSuggestion').implement({
  extensions: guardedByParent,
  fields: (t) => ({
    name: t.exposeString('name'),
    brand: t.exposeString('brand'),
    price: t.exposeFloat('price'),
    img: t.exposeString('img', { nullable: true }),
    route: t.exposeString('route'),
  }),
})
const AutosuggestRef = builder.objectRef<AutosuggestData>('Autosuggest').implement({
  extensions: guardedByParent,
  description: 'The navbar search (GET /autosuggest/data): each group’s entries with the app route that opens them.',
  fields: (t) => ({
    contacts: t.field({ type: [ContactSuggestionRef], description: 'Accounts in the caller’s scope (none for clients).', resolve: (a) => a.contacts.data }),
    faq: t.field({ type: [FaqSuggestionRef], description: 'Help-centre FAQ questions.', resolve: (a) => a.faq.data }),
    articles: t.field({ type: [ArticleSuggestionRef], description: 'Knowledge-base articles.', resolve: (a) => a.articles.data }),
    products: t.field({ type: [ProductSuggestionRef], description: 'Shop products on sale.', resolve: (a) => a.products.data }),
  }),
})

/** Arguments as the service's parameters: unset ones left out. */
const given = (o: Record<string, unknown> | null | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined && v !== null))

/**
 * The accounts tables and the navbar search through GraphQL (GET /good-table/* serve the
 * spec's demo rows instead, demo-table.ts): admins and resellers; clients FORBIDDEN on the tables.
 */
builder.queryFields((t) => ({
  // Data tables (staff: update User; the service scopes the rows) and the navbar search.
  dataTableRows: t.withAuth({ can: ['update', 'User'] }).field({
    type: [TableRowRef],
    description: 'The accounts in scope as table rows, filtered when a filter is given: at most 500 rows, newest first.',
    args: { filter: t.arg({ type: TableFilterInput }) },
    resolve: (_r, { filter }, ctx) =>
      filter ? ctx.services.dataTables.advancedSearch(ctx.principal, given(filter)) : ctx.services.dataTables.basic(ctx.principal),
  }),
  dataTableGroups: t.withAuth({ can: ['update', 'User'] }).field({
    type: [TableGroupRef],
    description: 'The accounts in scope grouped (plan by default).',
    args: { groupBy: t.arg({ type: TableGroupingEnum }), filter: t.arg({ type: TableFilterInput }) },
    resolve: (_r, { groupBy, filter }, ctx) => ctx.services.dataTables.rowGroups(ctx.principal, given({ ...given(filter), groupBy })),
  }),
  dataTablePage: t.withAuth({ can: ['update', 'User'] }).field({
    type: TablePageRef,
    description: 'The accounts table: one page of the accounts in scope, filtered, sorted and paged in the database.',
    args: {
      page: t.arg.int(),
      perPage: t.arg.int(),
      sortField: t.arg({ type: TableSortFieldEnum }),
      descending: t.arg.boolean(),
      filter: t.arg({ type: TableFilterInput }),
    },
    resolve: (_r, { page, perPage, sortField, descending, filter }, ctx) =>
      ctx.services.dataTables.page(
        ctx.principal,
        given({ ...given(filter), page, perPage, sortField, sortType: descending == null ? null : descending ? 'desc' : 'asc' }),
      ),
  }),
  autosuggest: t.withAuth({ signedIn: true }).field({
    type: AutosuggestRef,
    description:
      'GET /autosuggest/data: accounts in scope, FAQ questions, knowledge-base articles (in locale, English by default) and products matching q (the pages come from the menu, in the browser).',
    args: { q: t.arg.string(), locale: t.arg({ type: HelpLocaleEnum }) },
    resolve: (_r, { q, locale }, ctx) => ctx.services.autosuggest.data(ctx.principal, given({ q, lang: locale })),
  }),
}))
