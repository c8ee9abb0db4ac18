import { and, count, desc, eq, like, lt, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { licences, licenceStatuses } from '../../db/schema'
import { idInput } from '../../http/input'
import { decodeCursor, encodeCursor, invalidCursor, type Connection } from '../../db/paging'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { utcDay } from '../users/user-view'
import { type LicenceView, addDays, view, visible } from './licence-view'
import { cursorShape, invalid } from './licence-inputs'
import type { LicencesDeps } from './licences.deps'

export const listArgs = z.object({
  first: z.number().int().min(1).max(100).nullish(),
  after: z.string().nullish(),
  status: z.enum(licenceStatuses).nullish(),
  planId: idInput('int4').nullish(),
  userId: idInput('int8').nullish(),
  resellerId: idInput('int8').nullish(),
  /** A key or its beginning, as typed. */
  q: z.string().max(32).nullish(),
  /** Active licences whose last day is within this many days from today. */
  expiringWithinDays: z.number().int().min(0).max(3650).nullish(),
})

/** Licences in scope (admin: all; reseller: their pool and their clients' keys; client: their own), newest first. */
export async function list(deps: LicencesDeps, principal: Principal | null, raw: unknown): Promise<Connection<LicenceView>> {
  const { db, now, counts } = deps
  const scope = scopeOf(principal)
  const parsed = listArgs.safeParse(raw ?? {})
  if (!parsed.success) throw invalid(parsed.error)
  const a = parsed.data
  const first = a.first ?? 20
  const where: Array<SQL | undefined> = [visible(deps, scope)]
  if (a.status) where.push(eq(licences.status, a.status))
  if (a.planId) where.push(eq(licences.planId, a.planId))
  if (a.userId) where.push(eq(licences.userId, a.userId))
  if (a.resellerId) where.push(eq(licences.resellerId, a.resellerId))
  if (a.q) {
    const prefix = a.q.toUpperCase().replace(/[^A-Z0-9-]/g, '')
    if (prefix) where.push(like(licences.licensekey, `${prefix}%`))
  }
  if (a.expiringWithinDays !== null && a.expiringWithinDays !== undefined) {
    const today = utcDay(now())
    where.push(
      sql.raw(`"licences"."status" = 'active'`),
      sql`(${licences.licensebeginning} + ${licences.totalDays}) between ${today}::date and ${addDays(today, a.expiringWithinDays)}::date`,
    )
  }
  const filter = and(...where)
  let before: number | undefined
  if (a.after) {
    const c = cursorShape.safeParse(decodeCursor(a.after))
    if (!c.success) throw invalidCursor()
    before = c.data.id
  }
  const key = JSON.stringify([
    scope.kind === 'all' ? 'all' : scope.actorId,
    a.status,
    a.planId,
    a.userId,
    a.resellerId,
    a.q,
    a.expiringWithinDays,
    utcDay(now()),
  ])
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(licences)
      .where(before === undefined ? filter : and(filter, lt(licences.id, before)))
      .orderBy(desc(licences.id))
      .limit(first + 1),
    counts.get(key, async () => (await db.select({ n: count() }).from(licences).where(filter))[0]?.n ?? 0),
  ])
  const edges = rows.slice(0, first).map((r) => ({ cursor: encodeCursor({ id: r.id }), node: view(deps, r) }))
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: before !== undefined,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: total,
  }
}

export async function get(deps: LicencesDeps, principal: Principal | null, id: number): Promise<LicenceView | null> {
  const { db } = deps
  const scope = scopeOf(principal)
  const [row] = await db
    .select()
    .from(licences)
    .where(and(eq(licences.id, id), visible(deps, scope)))
  return row ? view(deps, row) : null
}
