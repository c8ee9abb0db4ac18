import { and, count, desc, eq, inArray, like, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { CountCache } from '../../db/count-cache'
import { licences, licenceStatuses, users, type LicenceRow, type LicenceStatus, type Role } from '../../db/schema'
import { AppError } from '../../errors'
import { idInput } from '../../http/input'
import { decodeCursor, encodeCursor, invalidCursor, type Connection } from '../../db/paging'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, requireStaff, scopeOf, type Scope } from '../../permissions/scope'
import type { AuditEvent, AuditService } from '../audit/audit.service'
import type { PlansService } from '../plans/plans.service'
import { generateLicenceKey, maskLicenceKey, normalizeLicenceKey } from './keys'
import { daysBetween, utcDay } from '../users/user-view'

export interface LicenceView {
  id: number
  licensekey: string
  planId: number | null
  userId: number | null
  resellerId: number | null
  totalDays: number
  licensebeginning: string | null
  status: LicenceStatus
  createdBy: number | null
  createdAt: Date
  activatedAt: Date | null
  revokedAt: Date | null
  /** Active licences: TotalDays minus the days since licensebeginning (negative once expired). */
  daysLeft: number | null
  /** Active licences: the day after the last day, licensebeginning + TotalDays. */
  endsOn: string | null
}

export interface LicenceTarget {
  id: number
  role: Role
  resellerId: number | null
}

const DAY = 86_400_000
const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY))

export const MAX_BATCH = 1000
export const MAX_TOTAL_DAYS = 36_500

const generateInput = z.object({
  planId: idInput('int4'),
  totalDays: z.number().int().min(1).max(MAX_TOTAL_DAYS),
  count: z.number().int().min(1).max(MAX_BATCH),
  resellerId: idInput('int8').nullish(),
})

const cursorShape = z.object({ id: z.number().int().positive() })

function invalid(e: z.ZodError): AppError {
  const fields: Record<string, string[]> = {}
  for (const issue of e.issues) (fields[String(issue.path[0] ?? 'input')] ??= []).push(issue.message)
  return new AppError('BAD_USER_INPUT', 'Invalid input', fields)
}

/** What the log keeps of a licence: everything but the key itself (its first group only). */
const auditShape = (l: LicenceRow) => ({
  key: maskLicenceKey(l.licensekey),
  planId: l.planId,
  userId: l.userId,
  resellerId: l.resellerId,
  totalDays: l.totalDays,
  licensebeginning: l.licensebeginning,
  status: l.status,
})

export function createLicencesService(deps: {
  db: Db
  audit: AuditService
  plans: PlansService
  now: () => Date
  countTtlMs: number
  /** Called after any change to accounts or licences (drops cached totals and figures). */
  onChanged?: () => void
  /** Called after a change that may start or end these users' licence (activated, extended, revoked): their bots are reloaded. */
  onLicenceChanged?: (userIds: number[]) => void
}) {
  const { db, audit, plans, now } = deps
  const counts = new CountCache(deps.countTtlMs, () => now().getTime())
  /** After a committed change; `owners`: the users whose licence it may have started or ended. */
  const changed = (owners: Array<number | null> = []) => {
    counts.clear()
    deps.onChanged?.()
    const ids = [...new Set(owners.filter((id): id is number => id !== null))]
    if (ids.length) deps.onLicenceChanged?.(ids)
  }

  function view(row: LicenceRow): LicenceView {
    const today = utcDay(now())
    const active = row.status === 'active' && row.licensebeginning !== null
    return {
      ...row,
      daysLeft: active ? row.totalDays - daysBetween(row.licensebeginning!, today) : null,
      endsOn: active ? addDays(row.licensebeginning!, row.totalDays) : null,
    }
  }

  /** The licences a scope may see, as a condition. */
  function visible(scope: Scope): SQL | undefined {
    if (scope.kind === 'all') return undefined
    if (scope.kind === 'self') return eq(licences.userId, scope.actorId)
    const clients = db.select({ id: users.id }).from(users).where(eq(users.resellerId, scope.actorId))
    return or(eq(licences.resellerId, scope.actorId), eq(licences.userId, scope.actorId), inArray(licences.userId, clients))
  }

  /** Loads a licence for a change, locked; NOT_FOUND when the scope may not manage it. */
  async function lockInScope(tx: Db, scope: Scope, id: number): Promise<LicenceRow> {
    const [row] = await tx.select().from(licences).where(eq(licences.id, id)).for('update')
    const notFound = new AppError('NOT_FOUND', 'No such licence')
    if (!row) throw notFound
    if (scope.kind === 'all') return row
    if (scope.kind === 'self') throw notFound
    if (row.resellerId === scope.actorId) return row
    if (row.userId !== null) {
      const [owner] = await tx.select({ resellerId: users.resellerId }).from(users).where(eq(users.id, row.userId))
      if (owner?.resellerId === scope.actorId) return row
    }
    throw notFound
  }

  /** Sets the user's package from their active licence (or 'None'). */
  async function syncPackage(tx: Db, userId: number): Promise<{ before: string; after: string }> {
    const [user] = await tx.select({ package: users.package }).from(users).where(eq(users.id, userId))
    const [active] = await tx
      .select({ planId: licences.planId })
      .from(licences)
      .where(and(eq(licences.userId, userId), eq(licences.status, 'active')))
    const plan = active?.planId ? await plans.byId(active.planId, tx) : undefined
    const after = plan?.name ?? 'None'
    const before = user?.package ?? 'None'
    if (before !== after) await tx.update(users).set({ package: after, updatedAt: now() }).where(eq(users.id, userId))
    return { before, after }
  }

  /**
   * Activates `row` for `target` inside `tx`: package set to the plan, licensebeginning
   * today, any other active licence of the target superseded. A used, revoked or
   * someone else's key is refused with its code. Returns the audit events.
   */
  async function activateInTx(tx: Db, row: LicenceRow, target: LicenceTarget): Promise<{ licence: LicenceRow; events: AuditEvent[] }> {
    if (row.status === 'revoked') {
      throw new AppError('LICENCE_REVOKED', 'This licence key was revoked.', { licenseKey: ['This licence key was revoked.'] })
    }
    if (row.status === 'active' || row.status === 'superseded') {
      throw new AppError('LICENCE_USED', 'This licence key was already used.', { licenseKey: ['This licence key was already used.'] })
    }
    if (row.status === 'assigned' && row.userId !== target.id) {
      throw new AppError('LICENCE_TAKEN', 'This licence key is reserved for another account.', {
        licenseKey: ['This licence key is reserved for another account.'],
      })
    }
    const plan = row.planId ? await plans.byId(row.planId, tx) : undefined
    if (!plan) throw new AppError('LICENCE_INVALID', 'This licence key has no plan.', { licenseKey: ['This licence key has no plan.'] })
    const events: AuditEvent[] = []
    // One account's activations one at a time: two keys activated at once would each supersede
    // the other's still uncommitted row and both end active (the one-active-per-user index then
    // failed the later, a 500). The user row is locked after the key's, in every caller.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, target.id)).for('update')
    // A reseller's key: a client without a reseller becomes theirs; another reseller's client may not use it.
    if (row.resellerId !== null && row.resellerId !== target.id && target.resellerId !== row.resellerId) {
      if (target.resellerId !== null || target.role !== 'client') {
        throw new AppError('LICENCE_TAKEN', "This licence key belongs to another reseller's clients.", {
          licenseKey: ["This licence key belongs to another reseller's clients."],
        })
      }
      await tx.update(users).set({ resellerId: row.resellerId, updatedAt: now() }).where(eq(users.id, target.id))
      events.push({ action: 'user.update', entity: 'user', entityId: target.id, before: { resellerId: null }, after: { resellerId: row.resellerId } })
    }
    const at = now()
    const superseded = await tx
      .update(licences)
      .set({ status: 'superseded', updatedAt: at })
      .where(and(eq(licences.userId, target.id), eq(licences.status, 'active'), ne(licences.id, row.id)))
      .returning()
    for (const s of superseded) {
      events.push({ action: 'licence.supersede', entity: 'licence', entityId: s.id, before: { status: 'active' }, after: { status: 'superseded' } })
    }
    const [activated] = await tx
      .update(licences)
      .set({ status: 'active', userId: target.id, licensebeginning: utcDay(at), activatedAt: at, updatedAt: at })
      .where(eq(licences.id, row.id))
      .returning()
    const pkg = await syncPackage(tx, target.id)
    events.push({ action: 'licence.activate', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(activated!) })
    if (pkg.before !== pkg.after) {
      events.push({ action: 'user.update', entity: 'user', entityId: target.id, before: { package: pkg.before }, after: { package: pkg.after } })
    }
    return { licence: activated!, events }
  }

  async function targetUser(tx: Db, id: number): Promise<LicenceTarget | undefined> {
    const [u] = await tx.select({ id: users.id, role: users.role, resellerId: users.resellerId }).from(users).where(eq(users.id, id))
    return u
  }

  /** A user in the scope (admin: anyone; reseller: themself and their clients; client: themself). */
  async function targetInScope(tx: Db, scope: Scope, id: number): Promise<LicenceTarget> {
    const u = await targetUser(tx, id)
    const ok = u && (scope.kind === 'all' || u.id === scope.actorId || (scope.kind === 'reseller' && u.resellerId === scope.actorId))
    if (!ok) throw new AppError('NOT_FOUND', 'No such user', { userId: ['No such user.'] })
    return u
  }

  /** Admins mint a batch of keys for a plan, optionally into a reseller's pool. */
  async function generate(principal: Principal | null, raw: unknown): Promise<LicenceView[]> {
    requireAdmin(scopeOf(principal))
    const parsed = generateInput.safeParse(raw ?? {})
    if (!parsed.success) throw invalid(parsed.error)
    const input = parsed.data
    if (!(await plans.byId(input.planId))) throw new AppError('BAD_USER_INPUT', 'No such plan', { planId: ['No such plan.'] })
    const resellerId = input.resellerId ?? null
    if (resellerId !== null) {
      const r = await targetUser(db, resellerId)
      if (r?.role !== 'reseller') throw new AppError('BAD_USER_INPUT', 'Not a reseller', { resellerId: ['Not a reseller.'] })
    }
    const rows = await db.transaction(async (tx) => {
      const made: LicenceRow[] = []
      // 80-bit keys practically never collide; a collision is simply drawn again.
      for (let attempt = 0; made.length < input.count && attempt < 5; attempt++) {
        const values = Array.from({ length: input.count - made.length }, () => ({
          licensekey: generateLicenceKey(),
          planId: input.planId,
          resellerId,
          totalDays: input.totalDays,
          status: 'available' as const,
          createdBy: principal!.userId,
          createdAt: now(),
          updatedAt: now(),
        }))
        made.push(...(await tx.insert(licences).values(values).onConflictDoNothing({ target: licences.licensekey }).returning()))
      }
      if (made.length < input.count) throw new AppError('INTERNAL_SERVER_ERROR', 'Could not generate unique keys')
      await audit.write(
        tx,
        principal!,
        made.map((l) => ({ action: 'licence.generate', entity: 'licence' as const, entityId: l.id, before: null, after: auditShape(l) })),
      )
      return made
    })
    changed()
    return rows.map(view)
  }

  /** Reserves an available key for a user: admins any key, resellers keys of their pool for their clients. */
  async function assign(principal: Principal | null, licenceId: number, userId: number, activate = false): Promise<LicenceView> {
    const scope = scopeOf(principal)
    requireStaff(scope)
    const result = await db.transaction(async (tx) => {
      const row = await lockInScope(tx, scope, licenceId)
      if (scope.kind === 'reseller' && row.resellerId !== scope.actorId) throw new AppError('NOT_FOUND', 'No such licence')
      const target = await targetInScope(tx, scope, userId)
      if (row.status === 'revoked') throw new AppError('LICENCE_REVOKED', 'This licence key was revoked.')
      if (row.status === 'active' || row.status === 'superseded') throw new AppError('LICENCE_USED', 'This licence key was already used.')
      if (row.status === 'assigned' && row.userId !== target.id) {
        throw new AppError('LICENCE_TAKEN', 'This licence key is reserved for another account.')
      }
      const [assigned] = await tx.update(licences).set({ status: 'assigned', userId: target.id, updatedAt: now() }).where(eq(licences.id, row.id)).returning()
      const events: AuditEvent[] = [{ action: 'licence.assign', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(assigned!) }]
      if (!activate) {
        await audit.write(tx, principal!, events)
        return assigned!
      }
      const done = await activateInTx(tx, assigned!, target)
      await audit.write(tx, principal!, [...events, ...done.events])
      return done.licence
    })
    changed([result.userId])
    return view(result)
  }

  /**
   * A user enters a key (License Activation): for themself, or (admins, resellers) for a
   * user in their scope. Package set to the key's plan, licensebeginning today.
   */
  async function activate(principal: Principal | null, key: string, userId?: number): Promise<LicenceView> {
    const scope = scopeOf(principal)
    const normalized = normalizeLicenceKey(key)
    const unknown = () => new AppError('LICENCE_INVALID', 'This licence key does not exist.', { licenseKey: ['This licence key does not exist.'] })
    if (!normalized) throw unknown()
    const result = await db.transaction(async (tx) => {
      const target = await targetInScope(tx, scope, userId ?? scope.actorId)
      const [row] = await tx.select().from(licences).where(eq(licences.licensekey, normalized)).for('update')
      if (!row) throw unknown()
      const done = await activateInTx(tx, row, target)
      await audit.write(tx, principal!, done.events)
      return done.licence
    })
    changed([result.userId])
    return view(result)
  }

  /** A superseded key no longer counts for anyone: changing it would change nothing but the record. */
  const supersededError = () => new AppError('LICENCE_SUPERSEDED', 'This licence key was replaced by a newer one and can no longer be changed.')

  /** TotalDays + days (1 to 3650) for a key in scope that is neither revoked nor superseded. */
  async function extend(principal: Principal | null, licenceId: number, days: number): Promise<LicenceView> {
    const scope = scopeOf(principal)
    requireStaff(scope)
    if (!Number.isInteger(days) || days < 1 || days > 3650) {
      throw new AppError('BAD_USER_INPUT', 'days must be between 1 and 3650', { days: ['Between 1 and 3650.'] })
    }
    const result = await db.transaction(async (tx) => {
      const row = await lockInScope(tx, scope, licenceId)
      if (row.status === 'revoked') throw new AppError('LICENCE_REVOKED', 'This licence key was revoked.')
      if (row.status === 'superseded') throw supersededError()
      if (row.totalDays + days > MAX_TOTAL_DAYS) {
        throw new AppError('BAD_USER_INPUT', `A licence lasts at most ${MAX_TOTAL_DAYS} days`, { days: ['Too many days.'] })
      }
      const [after] = await tx
        .update(licences)
        .set({ totalDays: row.totalDays + days, updatedAt: now() })
        .where(eq(licences.id, row.id))
        .returning()
      await audit.write(tx, principal!, [{ action: 'licence.extend', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(after!) }])
      return after!
    })
    changed([result.userId])
    return view(result)
  }

  /** Revokes a key in scope; a user whose active key it was loses the package. */
  async function revoke(principal: Principal | null, licenceId: number): Promise<LicenceView> {
    const scope = scopeOf(principal)
    requireStaff(scope)
    const result = await db.transaction(async (tx) => {
      const row = await lockInScope(tx, scope, licenceId)
      if (row.status === 'revoked') throw new AppError('LICENCE_REVOKED', 'This licence key was already revoked.')
      if (row.status === 'superseded') throw supersededError()
      const at = now()
      const [after] = await tx.update(licences).set({ status: 'revoked', revokedAt: at, updatedAt: at }).where(eq(licences.id, row.id)).returning()
      const events: AuditEvent[] = [{ action: 'licence.revoke', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(after!) }]
      if (row.status === 'active' && row.userId !== null) {
        const pkg = await syncPackage(tx, row.userId)
        if (pkg.before !== pkg.after) {
          events.push({ action: 'user.update', entity: 'user', entityId: row.userId, before: { package: pkg.before }, after: { package: pkg.after } })
        }
      }
      await audit.write(tx, principal!, events)
      return after!
    })
    changed([result.userId])
    return view(result)
  }

  /** Revokes every unrevoked key of a user being deleted (inside the deleting transaction). */
  async function revokeAllOfUser(tx: Db, userId: number): Promise<AuditEvent[]> {
    const at = now()
    const rows = await tx
      .update(licences)
      .set({ status: 'revoked', revokedAt: at, updatedAt: at })
      .where(and(eq(licences.userId, userId), inArray(licences.status, ['assigned', 'active'])))
      .returning()
    return rows.map((l) => ({ action: 'licence.revoke', entity: 'licence' as const, entityId: l.id, before: { status: 'active' }, after: auditShape(l) }))
  }

  const listArgs = z.object({
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
  async function list(principal: Principal | null, raw: unknown): Promise<Connection<LicenceView>> {
    const scope = scopeOf(principal)
    const parsed = listArgs.safeParse(raw ?? {})
    if (!parsed.success) throw invalid(parsed.error)
    const a = parsed.data
    const first = a.first ?? 20
    const where: Array<SQL | undefined> = [visible(scope)]
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
    const edges = rows.slice(0, first).map((r) => ({ cursor: encodeCursor({ id: r.id }), node: view(r) }))
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

  async function get(principal: Principal | null, id: number): Promise<LicenceView | null> {
    const scope = scopeOf(principal)
    const [row] = await db
      .select()
      .from(licences)
      .where(and(eq(licences.id, id), visible(scope)))
    return row ? view(row) : null
  }

  /**
   * Public API for user creation, inside the creating transaction `tx`: activates a licence for
   * the new user `target`, either the key the creator typed (locked; a reseller's own pool
   * only) or one freshly minted for `plan` (admins). Returns the audit events to write.
   */
  async function handOutInTx(
    tx: Db,
    actor: Principal,
    target: LicenceTarget,
    source: { licenseKey: string } | { planId: number; totalDays: number },
  ): Promise<AuditEvent[]> {
    const row =
      'licenseKey' in source ? await lockForHandout(tx, scopeOf(actor), source.licenseKey) : await mintInTx(tx, actor, source.planId, source.totalDays)
    return (await activateInTx(tx, row, target)).events
  }

  /** For user creation: a key the creator may hand out, locked, by what was typed. */
  async function lockForHandout(tx: Db, scope: Scope, key: string): Promise<LicenceRow> {
    const normalized = normalizeLicenceKey(key)
    const unknown = () => new AppError('LICENCE_INVALID', 'This licence key does not exist.', { licenseKey: ['This licence key does not exist.'] })
    if (!normalized) throw unknown()
    const [row] = await tx.select().from(licences).where(eq(licences.licensekey, normalized)).for('update')
    if (!row) throw unknown()
    if (scope.kind === 'reseller' && row.resellerId !== scope.actorId) {
      throw new AppError('LICENCE_TAKEN', 'This licence key is not in your pool.', { licenseKey: ['This licence key is not in your pool.'] })
    }
    return row
  }

  /** For user creation by an admin with a plan (and paid shop invoices): one fresh key, inside `tx`. */
  async function mintInTx(tx: Db, actor: Principal, planId: number, totalDays: number, resellerId: number | null = null): Promise<LicenceRow> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(licences)
        .values({
          licensekey: generateLicenceKey(),
          planId,
          totalDays,
          resellerId,
          status: 'available',
          createdBy: actor.userId,
          createdAt: now(),
          updatedAt: now(),
        })
        .onConflictDoNothing({ target: licences.licensekey })
        .returning()
      if (row) {
        await audit.write(tx, actor, [{ action: 'licence.generate', entity: 'licence', entityId: row.id, before: null, after: auditShape(row) }])
        return row
      }
    }
    throw new AppError('INTERNAL_SERVER_ERROR', 'Could not generate a unique key')
  }

  /**
   * Public API for paid shop invoices, inside the paying transaction `tx`: mints one key for
   * `planId` and then activates it on `buyer` (activate), reserves it for `buyer` (assigned,
   * to be activated later), or leaves it in `pool`'s reseller pool. Returns the row and the
   * audit events (the minting's own event is written here).
   */
  async function issueInTx(
    tx: Db,
    actor: Principal,
    source: { planId: number; totalDays: number },
    to: { activate: LicenceTarget } | { reserve: LicenceTarget } | { pool: number },
  ): Promise<{ licence: LicenceRow; events: AuditEvent[] }> {
    const row = await mintInTx(tx, actor, source.planId, source.totalDays, 'pool' in to ? to.pool : null)
    if ('pool' in to) return { licence: row, events: [] }
    if ('activate' in to) return activateInTx(tx, row, to.activate)
    const [assigned] = await tx.update(licences).set({ status: 'assigned', userId: to.reserve.id, updatedAt: now() }).where(eq(licences.id, row.id)).returning()
    return {
      licence: assigned!,
      events: [{ action: 'licence.assign', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(assigned!) }],
    }
  }

  /**
   * Public API for refunds, inside `tx`: revokes the listed keys that are not revoked yet; a
   * user whose active key it was loses the package. Returns the audit events.
   */
  async function revokeManyInTx(tx: Db, ids: number[]): Promise<AuditEvent[]> {
    if (ids.length === 0) return []
    const at = now()
    const before = await tx
      .select()
      .from(licences)
      .where(and(inArray(licences.id, ids), ne(licences.status, 'revoked')))
      .for('update')
    const events: AuditEvent[] = []
    for (const row of before) {
      const [after] = await tx.update(licences).set({ status: 'revoked', revokedAt: at, updatedAt: at }).where(eq(licences.id, row.id)).returning()
      events.push({ action: 'licence.revoke', entity: 'licence', entityId: row.id, before: auditShape(row), after: auditShape(after!) })
      if (row.status === 'active' && row.userId !== null) {
        const pkg = await syncPackage(tx, row.userId)
        if (pkg.before !== pkg.after) {
          events.push({ action: 'user.update', entity: 'user', entityId: row.userId, before: { package: pkg.before }, after: { package: pkg.after } })
        }
      }
    }
    return events
  }

  return {
    issueInTx,
    revokeManyInTx,
    /** Drop cached totals after a change made through the InTx functions. */
    changed,
    generate,
    assign,
    activate,
    extend,
    revoke,
    list,
    get,
    view,
    handOutInTx,
    revokeAllOfUser,
    clearCounts: () => counts.clear(),
  }
}

export type LicencesService = ReturnType<typeof createLicencesService>
