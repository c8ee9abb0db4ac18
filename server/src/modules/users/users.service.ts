import { CountCache } from '../../db/count-cache'
import { createRawQuery } from '../../db/raw'
import { bindDeps } from '../../use-cases'
import { create } from './create-user'
import { get } from './get-user'
import { list } from './list-users'
import { remove } from './remove-user'
import { update } from './update-user'
import { createUsernameLoader } from './username-loader'
import type { UsersDeps, UsersOptions } from './users.deps'
import { connection, cursorAt } from './users-connection'

export { parseSort, sortKeys, type SortKey, type UserFilter } from './user-query'

/** Accounts: one use case per file over the deps built here once. */
export function createUsersService(options: UsersOptions) {
  const deps: UsersDeps = {
    ...options,
    counts: new CountCache(options.countTtlMs, () => options.now().getTime()),
    rawQuery: createRawQuery(options.db),
  }
  return {
    ...bindDeps(deps, { list, connection, get, create, update, remove, cursorAt }),
    usernameOf: createUsernameLoader(options.db),
    clearCounts: () => deps.counts.clear(),
  }
}

export type UsersService = ReturnType<typeof createUsersService>
