import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { createRawQuery, type RawRow } from '../../db/raw'
import { roles } from '../../db/schema'
import { AppError } from '../../errors'
import { blank, day, text, whole } from './table-params'
import type { Principal } from '../../permissions/abilities'
import { requireStaff, scopeOf, type Scope } from '../../permissions/scope'
import { utcDay } from '../users/user-view'

/**
 * The accounts tables (GraphQL dataTable*; the spec's GET /good-table/* answer demo rows,
 * demo-table.ts) over the product's own data: the accounts directory a caller may see (admins every account, resellers their clients; clients are
 * refused). Filtering, sorting and paging run in the database.
 *
 * A row keeps the classic good-table keys (id, avatar, fullName, email, startDate, status)
 * and adds the account's own: username, role, plan, daysLeft, channel, resellerId,
 * resellerName. `status` is the licence's: 'active' (an active licence with days left),
 * 'expired' (its days are used up) or 'none' (no active licence). `startDate` is the day
 * the account was created (YYYY-MM-DD, UTC).
 */
export interface TableRow {
  id: number
  avatar: string | null
  fullName: string
  username: string
  email: string
  role: string
  plan: string
  status: LicenceStatus
  daysLeft: number | null
  channel: string | null
  startDate: string
  resellerId: number | null
  resellerName: string | null
}

export const licenceStatuses = ['active', 'expired', 'none'] as const
export type LicenceStatus = (typeof licenceStatuses)[number]

/** The whitelisted sorts (field → SQL over the row subquery `r`). */
const SORTS = {
  id: sql`r.id`,
  fullName: sql`lower(r.full_name)`,
  email: sql`r.email`,
  role: sql`r.role`,
  plan: sql`r.plan`,
  status: sql`r.status`,
  daysLeft: sql`r.days_left`,
  channel: sql`lower(r.channel)`,
  startDate: sql`r.start_date`,
} as const
export type SortField = keyof typeof SORTS
export const sortFields = Object.keys(SORTS) as SortField[]

export const groupings = ['plan', 'reseller', 'role', 'status'] as const
export type Grouping = (typeof groupings)[number]

/** basic, row-group and advanced-search answer whole arrays (the classic shape): at most this many rows. */
export const WHOLE_LIST_LIMIT = 500
const MAX_PER_PAGE = 100

/** Column filters (advanced search and the SSR table): each narrows the rows, all together. */
export const filterShape = z.object({
  q: text(100),
  fullName: text(100),
  email: text(100),
  channel: text(100),
  role: z.preprocess(blank, z.enum(roles, { message: `role must be one of ${roles.join(', ')}` }).optional()),
  plan: text(64),
  status: z.preprocess(blank, z.enum(licenceStatuses, { message: `status must be one of ${licenceStatuses.join(', ')}` }).optional()),
  startDateFrom: day('startDateFrom'),
  startDateTo: day('startDateTo'),
})
export type TableFilter = z.infer<typeof filterShape>

export const pageShape = filterShape.extend({
  page: whole('page', 1, 1_000_000),
  perPage: whole('perPage', 1, MAX_PER_PAGE),
  sortField: z.preprocess(
    blank,
    z.enum(sortFields as [SortField, ...SortField[]], { message: `sortField must be one of ${sortFields.join(', ')}` }).optional(),
  ),
  sortType: z.preprocess(blank, z.enum(['asc', 'desc', 'none'], { message: 'sortType must be asc, desc or none' }).optional()),
})
export type TablePageParams = z.input<typeof pageShape>

export const groupShape = filterShape.extend({
  groupBy: z.preprocess(blank, z.enum(groupings, { message: `groupBy must be one of ${groupings.join(', ')}` }).optional()),
})

/** Validates request parameters; every problem is a 400 BAD_USER_INPUT naming its field. */
function parse<T extends z.ZodTypeAny>(shape: T, input: unknown): z.infer<T> {
  const parsed = shape.safeParse(input ?? {})
  if (!parsed.success) {
    const fields: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
    throw new AppError('BAD_USER_INPUT', 'Invalid parameters', fields)
  }
  return parsed.data
}

/** Rejects parameters the table does not know (a misspelt filter would silently match everything). */
function known(input: Record<string, unknown>, shape: z.ZodObject<z.ZodRawShape>): Record<string, unknown> {
  const unknown = Object.keys(input).filter((k) => !(k in shape.shape))
  if (unknown.length) {
    throw new AppError('BAD_USER_INPUT', 'Unknown parameters', Object.fromEntries(unknown.map((k) => [k, ['Not a parameter of this table.']])))
  }
  return input
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)
const contains = (s: string) => `%${escapeLike(s.toLowerCase())}%`

export function createDataTablesService(deps: { db: Db; now: () => Date }) {
  const raw = createRawQuery(deps.db)

  /**
   * The accounts in scope as table rows (a subquery `r`): staff only. A reseller's own
   * account is not one of their clients, so it is not listed.
   */
  function rowsSource(scope: Exclude<Scope, { kind: 'self' }>): SQL {
    const today = utcDay(deps.now())
    const inScope = scope.kind === 'all' ? sql`true` : sql`u.reseller_id = ${scope.actorId}`
    return sql`
      select u.id, u.avatar, coalesce(nullif(u.full_name, ''), u.username) as full_name, u.username, u.email, u.role,
             u.package as plan, u.reseller_id, rs.username as reseller_name,
             to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD') as start_date,
             case when l.id is null then null
                  else l.total_days - (${today}::date - coalesce(l.licensebeginning, ${today}::date)) end as days_left,
             case when l.id is null then 'none'
                  when l.total_days - (${today}::date - coalesce(l.licensebeginning, ${today}::date)) > 0 then 'active'
                  else 'expired' end as status,
             coalesce((select c.login from channels c where c.user_id = u.id order by c.id limit 1), u.twitchname) as channel
      from users u
      left join users rs on rs.id = u.reseller_id
      left join licences l on l.user_id = u.id and l.status = 'active'
      where ${inScope}`
  }

  function conditions(f: TableFilter): SQL {
    const parts: SQL[] = []
    if (f.q) {
      const p = contains(f.q)
      parts.push(sql`(lower(r.full_name) like ${p} or lower(r.username) like ${p} or lower(r.email) like ${p} or lower(coalesce(r.channel, '')) like ${p})`)
    }
    if (f.fullName) parts.push(sql`(lower(r.full_name) like ${contains(f.fullName)} or lower(r.username) like ${contains(f.fullName)})`)
    if (f.email) parts.push(sql`lower(r.email) like ${contains(f.email)}`)
    if (f.channel) parts.push(sql`lower(coalesce(r.channel, '')) like ${contains(f.channel)}`)
    if (f.role) parts.push(sql`r.role = ${f.role}`)
    if (f.plan) parts.push(sql`lower(r.plan) = ${f.plan.toLowerCase()}`)
    if (f.status) parts.push(sql`r.status = ${f.status}`)
    if (f.startDateFrom) parts.push(sql`r.start_date >= ${f.startDateFrom}`)
    if (f.startDateTo) parts.push(sql`r.start_date <= ${f.startDateTo}`)
    return parts.length ? sql.join(parts, sql` and `) : sql`true`
  }

  const toRow = (r: RawRow): TableRow => ({
    id: Number(r.id),
    avatar: (r.avatar as string | null) ?? null,
    fullName: String(r.full_name),
    username: String(r.username),
    email: String(r.email),
    role: String(r.role),
    plan: String(r.plan),
    status: r.status as LicenceStatus,
    daysLeft: r.days_left === null || r.days_left === undefined ? null : Number(r.days_left),
    channel: (r.channel as string | null) ?? null,
    startDate: String(r.start_date),
    resellerId: r.reseller_id === null || r.reseller_id === undefined ? null : Number(r.reseller_id),
    resellerName: (r.reseller_name as string | null) ?? null,
  })

  function staffScope(principal: Principal | null) {
    const scope = scopeOf(principal)
    requireStaff(scope)
    return scope
  }

  async function select(scope: Exclude<Scope, { kind: 'self' }>, f: TableFilter, order: SQL, limit: number, offset = 0) {
    const rows = await raw(sql`select * from (${rowsSource(scope)}) r where ${conditions(f)} order by ${order} limit ${limit} offset ${offset}`, {
      prepare: false,
    })
    return rows.map(toRow)
  }

  /** GET /good-table/basic: the accounts in scope, newest first (at most WHOLE_LIST_LIMIT). */
  async function basic(principal: Principal | null): Promise<TableRow[]> {
    return select(staffScope(principal), {}, sql`r.id desc`, WHOLE_LIST_LIMIT)
  }

  /** GET /good-table/advanced-search: the rows matching every column filter given. */
  async function advancedSearch(principal: Principal | null, input: Record<string, unknown>): Promise<TableRow[]> {
    const scope = staffScope(principal)
    const f = parse(filterShape, known(input, filterShape))
    return select(scope, f, sql`r.id desc`, WHOLE_LIST_LIMIT)
  }

  /**
   * GET /good-table/row-group: the rows grouped (by plan, reseller, role or licence status), in
   * the classic good-table shape [{mode: 'span', label, html: false, children: rows}], groups
   * by label, rows by name.
   */
  async function rowGroups(principal: Principal | null, input: Record<string, unknown>) {
    const scope = staffScope(principal)
    const { groupBy = 'plan', ...f } = parse(groupShape, known(input, groupShape))
    const key = { plan: sql`r.plan`, reseller: sql`coalesce(r.reseller_name, '')`, role: sql`r.role`, status: sql`r.status` }[groupBy]
    const rows = await select(scope, f, sql`${key}, lower(r.full_name), r.id`, WHOLE_LIST_LIMIT)
    const groups = new Map<string, TableRow[]>()
    for (const row of rows) {
      const label = groupBy === 'plan' ? row.plan : groupBy === 'reseller' ? (row.resellerName ?? '') : groupBy === 'role' ? row.role : row.status
      const list = groups.get(label) ?? []
      list.push(row)
      groups.set(label, list)
    }
    return [...groups].map(([label, children]) => ({ mode: 'span' as const, label, html: false as const, children }))
  }

  /**
   * GET /good-table/table_ssr: one page, sorted and filtered in the database →
   * {rows, total}. Params: page (1), perPage (10, ≤ 100), sortField (whitelisted),
   * sortType asc/desc/none, q and the column filters.
   */
  async function page(principal: Principal | null, input: Record<string, unknown>): Promise<{ rows: TableRow[]; total: number }> {
    const scope = staffScope(principal)
    const { page: p = 1, perPage = 10, sortField, sortType, ...f } = parse(pageShape, known(input, pageShape))
    const sorted = sortField && sortType !== 'none' ? sortField : 'id'
    const dir = sql.raw(sortType === 'desc' ? 'desc' : 'asc')
    const order = sql`${SORTS[sorted]} ${dir} nulls last, r.id ${dir}`
    const [rows, count] = await Promise.all([
      select(scope, f, order, perPage, (p - 1) * perPage),
      raw(sql`select count(*)::int as n from (${rowsSource(scope)}) r where ${conditions(f)}`, { prepare: false }),
    ])
    return { rows, total: Number(count[0]?.n ?? 0) }
  }

  /** The accounts in scope whose name, username or e-mail contains `q` (the navbar search). */
  async function suggestAccounts(principal: Principal | null, q: string, limit: number): Promise<TableRow[]> {
    const scope = scopeOf(principal)
    if (scope.kind === 'self' || !q) return []
    return select(scope, { q }, sql`lower(r.full_name), r.id`, limit)
  }

  return { basic, advancedSearch, rowGroups, page, suggestAccounts }
}

export type DataTablesService = ReturnType<typeof createDataTablesService>
