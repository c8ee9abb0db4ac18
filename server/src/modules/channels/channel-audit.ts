import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { decodeCursor, forwardPage, invalidCursor, type Connection } from '../../db/paging'
import { AppError } from '../../errors'
import { parseId } from '../../ids'
import { access } from './access'
import type { ChannelsDeps } from './channels-deps'
import { channelAudit, channelAuditModules, type ChannelAuditModule, type ChannelAuditRow } from './channel-audit.tables'

export interface ChannelAuditEvent {
  channelId: number
  /** The account that acted on the dashboard (owner or member). */
  actorId: number
  module: ChannelAuditModule
  action: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** Secrets never copied into the log (an overlay's key, a webhook's secret, tokens). */
const SECRET_KEYS = new Set(['tokenHash', 'accessToken', 'refreshToken', 'passwordHash', 'key', 'secret'])

const clean = (v: Record<string, unknown> | null | undefined): Record<string, unknown> | null => {
  if (!v) return null
  const out: Record<string, unknown> = {}
  for (const [k, value] of Object.entries(v)) if (!SECRET_KEYS.has(k)) out[k] = value instanceof Date ? value.toISOString() : value
  return out
}

/** Writes one entry inside the caller's transaction (`tx`), so it stands or falls with the change. */
export async function record(deps: ChannelsDeps, tx: Db, e: ChannelAuditEvent): Promise<void> {
  await tx.insert(channelAudit).values({
    channelId: e.channelId,
    actorId: e.actorId,
    module: e.module,
    action: e.action,
    before: clean(e.before),
    after: clean(e.after),
    at: deps.now(),
  })
}

export type NamedChannelAuditRow = ChannelAuditRow & { actorName: string | null }

const cursorShape = z.object({ id: z.number().int().positive() })

/**
 * A channel's log, newest first, keyset paged in the database, filtered by person and module.
 * Its owner and members whose group grants view on `audit` read it.
 */
export async function auditPage(
  deps: ChannelsDeps,
  userId: number,
  channelId: number | string,
  args: { first?: number | null; after?: string | null; actorId?: string | null; module?: string | null },
): Promise<Connection<NamedChannelAuditRow>> {
  const channel = await access(deps, userId, channelId, 'audit', 'view')
  const first = args.first ?? 20
  if (!Number.isInteger(first) || first < 1 || first > 100)
    throw new AppError('BAD_USER_INPUT', 'first must be between 1 and 100', { first: ['Between 1 and 100.'] })
  const where: SQL[] = [eq(channelAudit.channelId, channel.id)]
  if (args.module) {
    if (!(channelAuditModules as readonly string[]).includes(args.module)) {
      throw new AppError('BAD_USER_INPUT', 'Unknown module', { module: [`One of ${channelAuditModules.join(', ')}.`] })
    }
    where.push(eq(channelAudit.module, args.module as ChannelAuditModule))
  }
  if (args.actorId) {
    const actorId = parseId(args.actorId)
    if (!actorId) throw new AppError('BAD_USER_INPUT', 'Invalid actor id', { actorId: ['Not an id.'] })
    where.push(eq(channelAudit.actorId, actorId))
  }
  let before: number | undefined
  if (args.after) {
    const parsed = cursorShape.safeParse(decodeCursor(args.after))
    if (!parsed.success) throw invalidCursor()
    before = parsed.data.id
  }
  const filter = and(...where)
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({ e: channelAudit, actorName: users.username })
      .from(channelAudit)
      .leftJoin(users, eq(users.id, channelAudit.actorId))
      .where(before === undefined ? filter : and(filter, lt(channelAudit.id, before)))
      .orderBy(desc(channelAudit.id))
      .limit(first + 1),
    deps.db.select({ n: count() }).from(channelAudit).where(filter),
  ])
  const named = rows.map((r) => ({ ...r.e, actorName: r.actorName ?? null }))
  return forwardPage(named, first, args.after, counted?.n ?? 0, (node) => ({ id: node.id }))
}
