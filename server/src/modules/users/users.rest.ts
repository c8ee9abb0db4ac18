import { rule, scoped } from '../../permissions/abilities'
import type { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '../../errors'
import { guarded, jsonBody, type AppEnv } from '../../http/guarded'
import { parseId } from '../../ids'
import { toListItem } from './user-view'
import { userDocs } from './users.api-doc'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const int = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .optional(),
  )
const text = z.preprocess(blankToUndefined, z.string().max(200).optional())

/** The spec's parameters: q, perPage (10), page (1), sortBy (id), sortDesc, role, plan, status. */
const listQuery = z.object({
  q: text,
  perPage: int('perPage'),
  page: int('page'),
  sortBy: text,
  sortDesc: z.preprocess(blankToUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  role: text,
  plan: text,
  status: text,
})

/**
 * The spec's user calls (section 7): GET /apps/user/users → {users, total}; POST
 * /apps/user/users {user} → 201 {user}; GET /apps/user/users/{id} → the user, or 404 with
 * no body. Items are `UserListItem` (user-view.ts). Bad input: 400 {error, code, fields}.
 */
export function mountUserRoutes(app: Hono<AppEnv>) {
  const docs = userDocs(listQuery)
  // Accounts: signed in; the users service filters by scope (admin all, reseller their clients, client themself).
  guarded(app, 'GET', '/apps/user/users', scoped(rule.signedIn, 'users:read'), docs.list, async (c, principal) => {
    const parsed = listQuery.safeParse(c.req.query())
    if (!parsed.success) {
      const fields: Record<string, string[]> = {}
      for (const i of parsed.error.issues) (fields[String(i.path[0])] ??= []).push(i.message)
      throw new AppError('BAD_USER_INPUT', 'Invalid parameters', fields)
    }
    const { sortDesc, ...q } = parsed.data
    const page = await c.get('services').users.list(principal, { ...q, sortDesc: sortDesc === 'true' || sortDesc === '1' })
    return c.json({ users: page.users.map(toListItem), total: page.total })
  })

  guarded(app, 'POST', '/apps/user/users', scoped(rule.can('create', 'User'), 'users:write'), docs.create, async (c, principal) => {
    const body = await jsonBody(c)
    const user = await c.get('services').users.create(principal, body.user ?? {})
    return c.json({ user: toListItem(user) }, 201)
  })

  guarded(app, 'GET', '/apps/user/users/:id', scoped(rule.signedIn, 'users:read'), docs.get, async (c, principal) => {
    const id = parseId(c.req.param('id'))
    const user = id ? await c.get('services').users.get(principal, id) : null
    return user ? c.json(toListItem(user)) : c.body(null, 404)
  })
}
