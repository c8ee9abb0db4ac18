import { sql } from 'drizzle-orm'
import { AppError } from '../../errors'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { utcDay, type UserView } from './user-view'
import { SORTS, parseSort, type UserFilter, limitOf, toView, hydrate, checkFilter, listConditions, total, direction } from './user-query'
import type { UsersDeps } from './users.deps'

/**
 * GET /apps/user/users: one page by page/perPage. Filter, sort and page run in the
 * database; the page's ids come from the sort index first (a deferred join), then only
 * those rows are read.
 */
export async function list(
  deps: UsersDeps,
  principal: Principal | null,
  args: UserFilter & { page?: number; perPage?: number; sortBy?: string | null; sortDesc?: boolean },
): Promise<{ users: UserView[]; total: number }> {
  const { now, rawQuery } = deps
  const scope = scopeOf(principal)
  const perPage = args.perPage ?? 10
  const page = args.page ?? 1
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
    throw new AppError('BAD_USER_INPUT', 'perPage must be between 1 and 100', { perPage: ['Between 1 and 100.'] })
  }
  if (!Number.isInteger(page) || page < 1 || page > 10_000_000) {
    throw new AppError('BAD_USER_INPUT', 'page must be a positive number', { page: ['A positive number.'] })
  }
  const sort = SORTS[parseSort(args.sortBy)]
  const f = await checkFilter(deps, args)
  const dir = direction(args.sortDesc === true)
  const inner = sql`select u.id, ${sort.expr} as s from users u where ${listConditions(scope, f)}
    order by ${sort.expr} ${dir}, u.id ${dir} limit ${limitOf(perPage)}${page > 1 ? sql` offset ${(page - 1) * perPage}` : sql``}`
  const [rows, n] = await Promise.all([rawQuery(hydrate(inner, sql`p.s ${dir}, u.id ${dir}`), { prepare: !f.q }), total(deps, scope, f)])
  const today = utcDay(now())
  return { users: rows.map((r) => toView(r, today)), total: n }
}
