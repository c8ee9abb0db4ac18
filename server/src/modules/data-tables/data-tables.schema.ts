import { guardedByParent } from '../../graphql/field-auth'
import { builder } from '../../graphql/builder'
import type { ArticleSuggestion, AutosuggestData, ContactSuggestion, FaqSuggestion, ProductSuggestion } from '../autosuggest/autosuggest.service'
import { HelpLocaleEnum } from '../help/help.schema'
import { type groupings, licenceStatuses, type sortFields, type TableRow } from './data-tables.service'

const TableSortFieldEnum = builder.enumType('DataTableSortField', {
  description: 'A column the server-side table sorts by (ties broken by id).',
  values: {
    id: { description: 'Account id.' },
    fullName: { description: 'Full name, any case.' },
    email: { description: 'E-mail address.' },
    role: { description: 'Role name.' },
    plan: { description: 'Plan name.' },
    status: { description: 'Licence status (active, expired, none).' },
    daysLeft: { description: 'Days left on the active licence.' },
    channel: { description: 'Channel login, any case.' },
    startDate: { description: 'Creation day of the account.' },
  } satisfies Record<(typeof sortFields)[number], { description: string }>,
})
const TableGroupingEnum = builder.enumType('DataTableGrouping', {
  description: 'What the grouped table groups rows by.',
  values: {
    plan: { description: 'The plan of the active licence.' },
    reseller: { description: 'The reseller the client belongs to.' },
    role: { description: 'The role.' },
    status: { description: 'The licence status.' },
  } satisfies Record<(typeof groupings)[number], { description: string }>,
})

const TableRowRef = builder.objectRef<TableRow>('DataTableRow').implement({
  extensions: guardedByParent,
  description: 'An account as a row of the accounts tables: the classic table keys plus the account’s own.',
  fields: (t) => ({
    id: t.id({ description: 'The account id (a decimal number as a string).', resolve: (r) => String(r.id) }),
    avatar: t.exposeString('avatar', { nullable: true, description: 'URL or path of the profile picture; null: none.' }),
    fullName: t.exposeString('fullName', { description: 'Full name (empty when not given).' }),
    username: t.exposeString('username', { description: 'The sign-in name.' }),
    email: t.exposeString('email', { description: 'The e-mail address.' }),
    role: t.exposeString('role', { description: 'admin, client or reseller.' }),
    plan: t.exposeString('plan', { description: "The plan of the active licence, or 'None'." }),
    status: t.exposeString('status', { description: `Licence status: one of ${licenceStatuses.join(', ')}.` }),
    daysLeft: t.exposeInt('daysLeft', {
      nullable: true,
      description: 'Days left on the active licence (0 or negative: expired); null: no active licence.',
    }),
    channel: t.exposeString('channel', {
      nullable: true,
      description: 'The login of the first connected channel, else the Twitch name given; null: neither.',
    }),
    startDate: t.exposeString('startDate', { description: 'The day the account was created (YYYY-MM-DD, UTC).' }),
    resellerId: t.id({
      nullable: true,
      description: 'The reseller the client belongs to; null: none.',
      resolve: (r) => (r.resellerId === null ? null : String(r.resellerId)),
    }),
    resellerName: t.exposeString('resellerName', { nullable: true, description: 'That reseller’s username; null: none.' }),
  }),
})

const TablePageRef = builder.objectRef<{ rows: TableRow[]; total: number }>('DataTablePage').implement({
  extensions: guardedByParent,
  description: 'One page of the server-side table.',
  fields: (t) => ({
    rows: t.field({ type: [TableRowRef], description: 'The rows of this page, in the sort asked for.', resolve: (p) => p.rows }),
    total: t.exposeInt('total', { description: 'Rows matching the filters over all pages.' }),
  }),
})

const TableGroupRef = builder.objectRef<{ label: string; children: TableRow[] }>('DataTableGroup').implement({
  extensions: guardedByParent,
  description: 'The rows that share one value of the grouping.',
  fields: (t) => ({
    label: t.exposeString('label', { description: 'The shared value, e.g. a plan name, a reseller’s username or `active`.' }),
    children: t.field({ type: [TableRowRef], description: 'The rows of the group.', resolve: (g) => g.children }),
  }),
})

const TableFilterInput = builder.inputType('DataTableFilter', {
  description: 'Column filters; all given ones apply together (text filters match a part, case-insensitively).',
  fields: (t) => ({
    q: t.string({ description: 'Part of the full name, username, e-mail or channel (at most 100 characters).' }),
    fullName: t.string({ description: 'Part of the full name (at most 100 characters).' }),
    email: t.string({ description: 'Part of the e-mail address (at most 100 characters).' }),
    channel: t.string({ description: 'Part of the channel login (at most 100 characters).' }),
    role: t.string({ description: 'admin, client or reseller (exact).' }),
    plan: t.string({ description: 'Part of the plan name (at most 64 characters).' }),
    status: t.string({ description: `Licence status, exactly: ${licenceStatuses.join(', ')}.` }),
    startDateFrom: t.string({ description: 'YYYY-MM-DD' }),
    startDateTo: t.string({ description: 'YYYY-MM-DD' }),
  }),
})

const ContactSuggestionRef = builder.objectRef<ContactSuggestion>('ContactSuggestion').implement({
  extensions: guardedByParent,
  description: 'An account the search found.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Full name.' }),
    email: t.exposeString('email', { description: 'E-mail address.' }),
    img: t.exposeString('img', { nullable: true, description: 'Profile picture URL or path; null: none.' }),
    time: t.exposeString('time', { description: 'The day the account was created (YYYY-MM-DD).' }),
    route: t.exposeString('route', { description: 'The app page that opens it, e.g. `/user/view/42`.' }),
  }),
})
const FaqSuggestionRef = builder.objectRef<FaqSuggestion>('FaqSuggestion').implement({
  extensions: guardedByParent,
  description: 'A help-centre FAQ question the search found.',
  fields: (t) => ({
    question: t.exposeString('question', { description: 'The question.' }),
    category: t.exposeString('category', { description: 'The title of its FAQ category.' }),
    route: t.exposeString('route', { description: 'The app page that opens it, e.g. `/pages/faq?q=How%20do%20I%E2%80%A6`.' }),
  }),
})
const ArticleSuggestionRef = builder.objectRef<ArticleSuggestion>('ArticleSuggestion').implement({
  extensions: guardedByParent,
  description: 'A knowledge-base article the search found.',
  fields: (t) => ({
    title: t.exposeString('title', { description: 'The article title.' }),
    category: t.exposeString('category', { description: 'The title of its category.' }),
    route: t.exposeString('route', { description: 'The app page that opens it: `/pages/knowledge-base/<category slug>/<article slug>`.' }),
  }),
})
const ProductSuggestionRef = builder.objectRef<ProductSuggestion>('ProductSuggestion').implement({
  extensions: guardedByParent,
  description: 'A shop product on sale the search found.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The product name.' }),
    brand: t.exposeString('brand', { description: 'Its brand.' }),
    price: t.exposeFloat('price', { description: 'Its price in the deployment’s CURRENCY (e.g. 19.99).' }),
    img: t.exposeString('img', { nullable: true, description: 'Its image URL; null for an uploaded image (the product page shows it).' }),
    route: t.exposeString('route', { description: 'The app page that opens it, e.g. `/apps/e-commerce/product/7`.' }),
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
    args: { filter: t.arg({ type: TableFilterInput, description: 'Column filters; omitted: every row in scope.' }) },
    resolve: (_r, { filter }, ctx) =>
      filter ? ctx.services.dataTables.advancedSearch(ctx.principal, given(filter)) : ctx.services.dataTables.basic(ctx.principal),
  }),
  dataTableGroups: t.withAuth({ can: ['update', 'User'] }).field({
    type: [TableGroupRef],
    description: 'The accounts in scope grouped (plan by default).',
    args: {
      groupBy: t.arg({ type: TableGroupingEnum, description: 'What to group by; omitted: plan.' }),
      filter: t.arg({ type: TableFilterInput, description: 'Column filters; omitted: every row in scope.' }),
    },
    resolve: (_r, { groupBy, filter }, ctx) => ctx.services.dataTables.rowGroups(ctx.principal, given({ ...given(filter), groupBy })),
  }),
  dataTablePage: t.withAuth({ can: ['update', 'User'] }).field({
    type: TablePageRef,
    description: 'The accounts table: one page of the accounts in scope, filtered, sorted and paged in the database.',
    args: {
      page: t.arg.int({ description: 'The page, from 1 (default 1).' }),
      perPage: t.arg.int({ description: 'Rows per page, 1 to 100 (default 10).' }),
      sortField: t.arg({ type: TableSortFieldEnum, description: 'The sort column; omitted: id.' }),
      descending: t.arg.boolean({ description: 'True: descending; omitted: ascending.' }),
      filter: t.arg({ type: TableFilterInput, description: 'Column filters; omitted: every row in scope.' }),
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
    args: {
      q: t.arg.string({ description: 'The search text (at most 100 characters); omitted or empty: every group is empty.' }),
      locale: t.arg({ type: HelpLocaleEnum, description: 'The language of the FAQ and articles; omitted: en.' }),
    },
    resolve: (_r, { q, locale }, ctx) => ctx.services.autosuggest.data(ctx.principal, given({ q, lang: locale })),
  }),
}))
