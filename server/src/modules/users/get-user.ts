import { sql } from 'drizzle-orm'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { utcDay, type UserView } from './user-view'
import { scopeCondition, toView, hydrate } from './user-query'
import type { UsersDeps } from './users.deps'

/** One user in scope (any package), or null: out of scope reads as missing. */
export async function get(deps: UsersDeps, principal: Principal | null, id: number): Promise<UserView | null> {
  const { now, rawQuery } = deps
  const scope = scopeOf(principal)
  if (!Number.isSafeInteger(id) || id < 1) return null
  const s = scopeCondition(scope)
  const inner = sql`select u.id, u.id as s from users u where u.id = ${id}${s ? sql` and ${s}` : sql``}`
  const [row] = await rawQuery(hydrate(inner, sql`u.id`))
  return row ? toView(row, utcDay(now())) : null
}
