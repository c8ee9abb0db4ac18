import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '../../errors'
import { decodeCursor, encodeCursor, invalidCursor, type Connection } from '../../db/paging'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { utcDay, type UserView } from './user-view'
import { SORTS, parseSort, type UserFilter, limitOf, toView, hydrate, checkFilter, listConditions, total, direction } from './user-query'
import type { UsersDeps } from './users.deps'

export const cursorShape = z.object({ k: z.string(), d: z.boolean(), v: z.string().nullable(), i: z.number().int().positive() })

/**
 * GraphQL `users`: the same listing as a Relay connection, keyset paged (first/after or
 * last/before), so any depth costs what the first page costs.
 */
export async function connection(
  deps: UsersDeps,
  principal: Principal | null,
  args: UserFilter & {
    first?: number | null
    after?: string | null
    last?: number | null
    before?: string | null
    sortBy?: string | null
    sortDesc?: boolean | null
  },
): Promise<Connection<UserView>> {
  const { now, rawQuery } = deps
  const scope = scopeOf(principal)
  const key = parseSort(args.sortBy)
  const sort = SORTS[key]
  const desc = args.sortDesc === true
  if (args.last != null && args.first != null) {
    throw new AppError('BAD_USER_INPUT', 'Use first/after or last/before, not both', { last: ['Not with first.'] })
  }
  const backward = args.last != null || (args.before != null && args.after == null)
  const size = (backward ? args.last : args.first) ?? 10
  if (!Number.isInteger(size) || size < 1 || size > 100) {
    throw new AppError('BAD_USER_INPUT', 'first/last must be between 1 and 100', { [backward ? 'last' : 'first']: ['Between 1 and 100.'] })
  }
  const cursorArg = backward ? args.before : args.after
  let cursor: z.infer<typeof cursorShape> | undefined
  if (cursorArg) {
    const parsed = cursorShape.safeParse(decodeCursor(cursorArg))
    if (!parsed.success || parsed.data.k !== key || parsed.data.d !== desc || (key !== 'id' && parsed.data.v === null)) throw invalidCursor()
    cursor = parsed.data
  }
  const f = await checkFilter(deps, args)
  // Walking backward is walking forward in the opposite order, then reversing the page.
  const scanDesc = backward ? !desc : desc
  const dir = direction(scanDesc)
  const conditions = [listConditions(scope, f)]
  if (cursor) {
    const op = sql.raw(scanDesc ? '<' : '>')
    conditions.push(key === 'id' ? sql`u.id ${op} ${cursor.i}` : sql`(${sort.expr}, u.id) ${op} (${cursor.v}::${sort.cast}, ${cursor.i}::bigint)`)
  }
  const inner = sql`select u.id, ${sort.expr} as s from users u where ${sql.join(conditions, sql` and `)}
    order by ${sort.expr} ${dir}, u.id ${dir} limit ${limitOf(size + 1)}`
  const [found, n] = await Promise.all([rawQuery(hydrate(inner, sql`p.s ${dir}, u.id ${dir}`), { prepare: !f.q }), total(deps, scope, f)])
  const today = utcDay(now())
  const more = found.length > size
  const rows = found.slice(0, size)
  if (backward) rows.reverse()
  const edges = rows.map((r) => ({
    cursor: encodeCursor({ k: key, d: desc, v: key === 'id' ? null : ((r.sort_value as string | null) ?? ''), i: Number(r.id) }),
    node: toView(r, today),
  }))
  return {
    edges,
    pageInfo: {
      hasNextPage: backward ? Boolean(cursorArg) : more,
      hasPreviousPage: backward ? more : Boolean(cursorArg),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: n,
  }
}

/** A cursor that points just after the row with this id in the given order (for tools and benchmarks). */
export async function cursorAt(deps: UsersDeps, id: number, sortBy: string = 'id', sortDesc = false): Promise<string> {
  const { rawQuery } = deps
  const key = parseSort(sortBy)
  const v = (await rawQuery(sql`select ${SORTS[key].expr}::text as v from users u where u.id = ${id}`))[0]?.v
  if (v === undefined) throw new AppError('NOT_FOUND', 'No such user')
  return encodeCursor({ k: key, d: sortDesc, v: key === 'id' ? null : ((v as string | null) ?? ''), i: id })
}
