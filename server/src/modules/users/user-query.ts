/** The users listing's SQL: whitelisted sorts, filters in scope, the rows as UserView. */
import { sql, type SQL } from 'drizzle-orm'
import { roles, type Role } from '../../db/schema'
import { AppError } from '../../errors'
import type { Scope } from '../../permissions/scope'
import { activeAccountSql, botOnSql } from './active-client'
import { deriveLicence, utcDay, type UserView } from './user-view'
import type { UsersDeps } from './users.deps'

/** The whitelisted sorts: each has a btree index (expression, id) over the listed users. */
export const SORTS = {
  id: { expr: sql`u.id`, cast: sql.raw('bigint') },
  username: { expr: sql`lower(u.username)`, cast: sql.raw('text') },
  fullName: { expr: sql`lower(coalesce(u.full_name, ''))`, cast: sql.raw('text') },
  email: { expr: sql`u.email`, cast: sql.raw('text') },
  role: { expr: sql`u.role`, cast: sql.raw('text') },
  currentPlan: { expr: sql`u.package`, cast: sql.raw('text') },
  createdAt: { expr: sql`u.created_at`, cast: sql.raw('timestamptz') },
} as const
export type SortKey = keyof typeof SORTS
export const sortKeys = Object.keys(SORTS) as SortKey[]
/** Names the spec's client may send for the same sorts. */
export const SORT_ALIASES: Record<string, SortKey> = { user: 'fullName', package: 'currentPlan', plan: 'currentPlan', timestamp: 'createdAt' }

export function parseSort(sortBy: string | null | undefined): SortKey {
  const key = !sortBy ? 'id' : (SORT_ALIASES[sortBy] ?? sortBy)
  if (!(sortKeys as string[]).includes(key)) {
    throw new AppError('BAD_USER_INPUT', 'Unknown sort', { sortBy: [`One of ${sortKeys.join(', ')}.`] })
  }
  return key as SortKey
}

export interface UserFilter {
  q?: string | null
  role?: string | null
  plan?: string | null
  status?: string | null
  /** Every account in scope, not only those with a package (the spec's list). */
  everyAccount?: boolean | null
}

export interface CheckedFilter {
  everyAccount?: boolean
  q?: string
  role?: Role
  plan?: string
  status?: 'active' | 'inactive'
  /** The day the status filter is read on (set with status). */
  today?: string
}

export const LISTED = sql.raw(`u.package <> 'None'`)
export const ACTIVE_LICENCE = sql.raw(`l.status = 'active'`)

/**
 * A LIMIT in the statement's text for the page sizes the dashboard asks for (and the one row
 * more a connection reads), so a first page's prepared statement has no parameter and
 * PostgreSQL plans it once per connection: with `limit $1` (or any `offset $n`) it plans
 * again on every call, as a generic plan cannot know the size (measured on 100,000 users, one
 * connection: 0.7–0.9 ms a page against 0.3 ms). Other sizes stay parameters, so they cannot
 * multiply the statements a connection keeps.
 */
export const PLANNED_LIMITS = new Set([10, 11, 25, 26, 50, 51, 100, 101])
export const limitOf = (n: number) => (PLANNED_LIMITS.has(n) ? sql.raw(String(n)) : sql`${n}`)

/** The scope as a condition on `users u`. */
export function scopeCondition(scope: Scope): SQL | undefined {
  if (scope.kind === 'all') return undefined
  if (scope.kind === 'self') return sql`u.id = ${scope.actorId}`
  return sql`(u.reseller_id = ${scope.actorId} or u.id = ${scope.actorId})`
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export interface Row {
  [k: string]: unknown
}

export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))

export function toView(r: Row, today: string): UserView {
  const licence =
    r.licence_id === null || r.licence_id === undefined
      ? null
      : {
          id: Number(r.licence_id),
          licensekey: String(r.licensekey),
          totalDays: Number(r.total_days),
          licensebeginning: (r.licensebeginning as string | null) ?? null,
        }
  const botPanel = {
    active: r.bp_active === true,
    autostart: r.bp_autostart !== false,
    chatbot: r.bp_chatbot !== false,
    categoryChatbot: r.bp_category_chatbot !== false,
  }
  const pkg = String(r.package)
  return {
    id: Number(r.id),
    fullName: (r.full_name as string | null) ?? null,
    company: (r.company as string | null) ?? null,
    role: r.role as Role,
    username: String(r.username),
    country: (r.country as string | null) ?? null,
    contact: (r.phone as string | null) ?? null,
    email: String(r.email),
    package: pkg,
    avatar: (r.avatar as string | null) ?? null,
    twitchname: (r.twitchname as string | null) ?? null,
    resellerId: num(r.reseller_id),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    botPanel,
    licence,
    ...deriveLicence(pkg, licence, r.bot_on === true, today),
  }
}

/** Selects the columns of a UserView for the ids of `inner` (which yields `id` and the sort value `s`). */
export function hydrate(inner: SQL, order: SQL) {
  return sql`
    select u.id, u.full_name, u.company, u.role, u.username, u.country, u.phone, u.email, u.package,
           u.avatar, u.twitchname, u.reseller_id, u.created_at, p.s::text as sort_value,
           b.active as bp_active, b.autostart as bp_autostart, b.chatbot as bp_chatbot,
           b.category_chatbot as bp_category_chatbot,
           l.id as licence_id, l.licensekey, l.total_days, l.licensebeginning::text as licensebeginning,
           ${botOnSql(sql`u.id`)} as bot_on
    from (${inner}) p
    join users u on u.id = p.id
    left join bot_panels b on b.user_id = u.id
    left join licences l on l.user_id = u.id and ${ACTIVE_LICENCE}
    order by ${order}`
}

export async function checkFilter(deps: UsersDeps, f: UserFilter): Promise<CheckedFilter> {
  const { plans } = deps
  const out: CheckedFilter = f.everyAccount === true ? { everyAccount: true } : {}
  const q = f.q?.trim()
  if (q) {
    if (q.length > 100) throw new AppError('BAD_USER_INPUT', 'Search too long', { q: ['At most 100 characters.'] })
    out.q = q
  }
  if (f.role) {
    if (!(roles as readonly string[]).includes(f.role)) {
      throw new AppError('BAD_USER_INPUT', 'Unknown role', { role: [`One of ${roles.join(', ')}.`] })
    }
    out.role = f.role as Role
  }
  if (f.plan) {
    const plan = await plans.byName(f.plan)
    if (!plan) throw new AppError('BAD_USER_INPUT', 'Unknown plan', { plan: [`One of ${(await plans.list()).map((p) => p.name).join(', ')}.`] })
    out.plan = plan.name
  }
  if (f.status) {
    if (f.status !== 'active' && f.status !== 'inactive') {
      throw new AppError('BAD_USER_INPUT', 'Unknown status', { status: ['One of active, inactive.'] })
    }
    out.status = f.status
    out.today = utcDay(deps.now())
  }
  return out
}

/** The conditions on `users u` of a listing: listed users, scope, filters. */
export function listConditions(scope: Scope, f: CheckedFilter): SQL {
  const parts: SQL[] = f.everyAccount ? [] : [LISTED]
  const s = scopeCondition(scope)
  if (s) parts.push(s)
  if (f.q) {
    // lower() on both sides, so case folding is the database's own (same on PGlite and PostgreSQL).
    const p = `%${escapeLike(f.q)}%`
    parts.push(sql`(lower(u.username) like lower(${p}) or lower(u.full_name) like lower(${p}))`)
  }
  if (f.role) parts.push(sql`u.role = ${f.role}`)
  if (f.plan) parts.push(sql`u.package = ${f.plan}`)
  // Active as active-client.ts defines it; accounts without a package are neither (status false).
  if (f.status === 'active') parts.push(activeAccountSql(sql`u.id`, f.today!))
  if (f.status === 'inactive') parts.push(sql`u.package <> 'None' and not ${activeAccountSql(sql`u.id`, f.today!)}`)
  return parts.length ? sql.join(parts, sql` and `) : sql`true`
}

export function total(deps: UsersDeps, scope: Scope, f: CheckedFilter): Promise<number> {
  const { counts, rawQuery } = deps
  const key = JSON.stringify([scope.kind === 'all' ? 'all' : `${scope.kind}:${scope.actorId}`, f.q, f.role, f.plan, f.status, f.today, f.everyAccount === true])
  return counts.get(key, async () => {
    const rows = await rawQuery(sql`select count(*)::int as n from users u where ${listConditions(scope, f)}`, { prepare: !f.q })
    return Number(rows[0]?.n ?? 0)
  })
}

export const direction = (desc: boolean) => sql.raw(desc ? 'desc' : 'asc')
