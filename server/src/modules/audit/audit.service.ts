import { and, count, desc, eq, inArray, lt, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { licences, plans, users } from '../../db/schema'
import { maskLicenceKey } from '../licences/keys'
import { AppError } from '../../errors'
import { parseId } from '../../ids'
import { decodeCursor, forwardPage, invalidCursor, type Connection } from '../../db/paging'
import type { Principal } from '../../permissions/abilities'
import { auditLog, auditEntities, type AuditEntity, type AuditRow } from './audit.tables'

export interface AuditEvent {
  action: string
  entity: AuditEntity
  entityId: number | string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** Columns never copied into the log. */
const SECRET_KEYS = new Set(['passwordHash', 'password_hash'])

const clean = (v: Record<string, unknown> | null | undefined): Record<string, unknown> | null => {
  if (!v) return null
  const out: Record<string, unknown> = {}
  for (const [k, value] of Object.entries(v)) {
    if (SECRET_KEYS.has(k)) continue
    out[k] = value instanceof Date ? value.toISOString() : value
  }
  return out
}

/** An entry with the names a reader needs: who did it, and what it was done to. */
export type NamedAuditRow = AuditRow & { actorName: string | null; targetName: string | null }

const numericIds = (values: (string | number | null)[]) => [...new Set(values.map((v) => parseId(v)).filter((v) => v !== null))]

const cursorShape = z.object({ id: z.number().int().positive() })

/** Who did it: a signed-in user, an operator's tool with no account (the user import), or a channel's chat moderator (no account here; `after.by` names them). */
export type AuditActor = Pick<Principal, 'userId' | 'role'> | { userId: null; role: 'import' | 'chat-moderator' }

/** The operator's `npm run import:users` (no account signs in to run it). */
export const IMPORT_ACTOR: AuditActor = { userId: null, role: 'import' }

export function createAuditService(db: Db, now: () => Date) {
  /** Writes entries inside the caller's transaction, so they stand or fall with the change. */
  async function write(tx: Db, actor: AuditActor, events: AuditEvent[]): Promise<void> {
    if (events.length === 0) return
    const at = now()
    await tx.insert(auditLog).values(
      events.map((e) => ({
        actorId: actor.userId,
        actorRole: actor.role,
        action: e.action,
        entity: e.entity,
        entityId: String(e.entityId),
        before: clean(e.before),
        after: clean(e.after),
        at,
      })),
    )
  }

  /** Newest first, keyset paged by id. Admins only (the rule says manage AuditLog). */
  async function list(args: {
    first?: number | null
    after?: string | null
    entity?: string | null
    entityId?: string | null
    actorId?: string | null
  }): Promise<Connection<NamedAuditRow>> {
    const first = args.first ?? 20
    if (!Number.isInteger(first) || first < 1 || first > 100) {
      throw new AppError('BAD_USER_INPUT', 'first must be between 1 and 100', { first: ['Between 1 and 100.'] })
    }
    const where: SQL[] = []
    let before: number | undefined
    if (args.after) {
      const parsed = cursorShape.safeParse(decodeCursor(args.after))
      if (!parsed.success) throw invalidCursor()
      before = parsed.data.id
    }
    if (args.entity) {
      if (!(auditEntities as readonly string[]).includes(args.entity)) {
        throw new AppError('BAD_USER_INPUT', 'Unknown entity', { entity: [`One of ${auditEntities.join(', ')}.`] })
      }
      where.push(eq(auditLog.entity, args.entity as AuditEntity))
    }
    if (args.entityId) where.push(eq(auditLog.entityId, args.entityId))
    if (args.actorId) {
      const actorId = parseId(args.actorId)
      if (!actorId) throw new AppError('BAD_USER_INPUT', 'Invalid actor id', { actorId: ['Not an id.'] })
      where.push(eq(auditLog.actorId, actorId))
    }
    const filter = where.length ? and(...where) : undefined
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(auditLog)
        .where(before === undefined ? filter : and(filter, lt(auditLog.id, before)))
        .orderBy(desc(auditLog.id))
        .limit(first + 1),
      db.select({ n: count() }).from(auditLog).where(filter),
    ])
    return forwardPage(await withNames(rows), first, args.after, counted?.n ?? 0, (node) => ({ id: node.id }))
  }

  /**
   * Adds the actor's username and a name for the target (a user's username, a plan's
   * name, a licence's masked key) in three small queries for the whole page.
   */
  async function withNames(rows: AuditRow[]): Promise<NamedAuditRow[]> {
    const idsOf = (entity: AuditEntity) => numericIds(rows.filter((r) => r.entity === entity).map((r) => r.entityId))
    const userIds = numericIds([...rows.map((r) => r.actorId), ...idsOf('user')])
    const [userRows, planRows, licenceRows] = await Promise.all([
      userIds.length ? db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, userIds)) : [],
      idsOf('plan').length
        ? db
            .select({ id: plans.id, name: plans.name })
            .from(plans)
            .where(inArray(plans.id, idsOf('plan')))
        : [],
      idsOf('licence').length
        ? db
            .select({ id: licences.id, key: licences.licensekey })
            .from(licences)
            .where(inArray(licences.id, idsOf('licence')))
        : [],
    ])
    const names = {
      user: new Map(userRows.map((u) => [String(u.id), u.name])),
      plan: new Map(planRows.map((p) => [String(p.id), p.name])),
      licence: new Map(licenceRows.map((l) => [String(l.id), maskLicenceKey(l.key)])),
    }
    return rows.map((row) => ({
      ...row,
      actorName: row.actorId === null ? null : (names.user.get(String(row.actorId)) ?? null),
      targetName: row.entity in names ? (names[row.entity as keyof typeof names].get(row.entityId) ?? null) : null,
    }))
  }

  return { write, list }
}

export type AuditService = ReturnType<typeof createAuditService>
