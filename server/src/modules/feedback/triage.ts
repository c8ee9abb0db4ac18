import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { toId, toOptionalId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { parseInput as parse } from '../../validation'
import { longText, statusInput, statusLabel, type FeedbackDeps, type FeedbackReportView } from './feedback-deps'
import { feedbackReports, type FeedbackReportRow } from './feedback.tables'
import { visible } from './report-query'

type Change = (tx: Db, before: FeedbackReportRow, at: Date) => Promise<{ after: Partial<FeedbackReportRow>; action: string; mailed?: boolean } | null>

/** Runs an admin's triage change on one report in a transaction, with its audit entry. */
async function triage(deps: FeedbackDeps, principal: Principal | null, id: string | number, change: Change): Promise<FeedbackReportView> {
  const scope = scopeOf(principal)
  requireAdmin(scope)
  const reportId = toId(id)
  const result = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(feedbackReports).where(eq(feedbackReports.id, reportId)).for('update')
    if (!before) throw new AppError('NOT_FOUND', 'Report not found')
    const at = deps.now()
    const done = await change(tx, before, at)
    if (done) {
      await tx
        .update(feedbackReports)
        .set({ ...done.after, updatedAt: at })
        .where(eq(feedbackReports.id, reportId))
      const keys = Object.keys(done.after) as Array<keyof FeedbackReportRow>
      await deps.audit.write(tx, principal!, [
        {
          action: done.action,
          entity: 'feedbackReport',
          entityId: reportId,
          before: Object.fromEntries(keys.map((k) => [k, before[k]])),
          after: done.after,
        },
      ])
    }
    return visible(tx, scope, reportId)
  })
  deps.onChanged?.()
  return result
}

/** A status change, mailed to the reporter through the outbox. */
export async function setStatus(deps: FeedbackDeps, principal: Principal | null, id: string | number, statusRaw: string): Promise<FeedbackReportView> {
  const status = parse(statusInput, statusRaw, 'status')
  return triage(deps, principal, id, async (tx, before, at) => {
    if (before.status === status) return null
    const [to] = await tx.select({ email: users.email }).from(users).where(eq(users.id, before.reporterId))
    if (to) {
      const link = `${deps.publicUrl.replace(/\/$/, '')}/pages/Panel`
      const lines = [
        `Your report #${before.id} about the bot in ${before.channelName} is now ${statusLabel[status]}.`,
        ...(before.reply ? ['', 'Our reply:', before.reply] : []),
        '',
        `See your reports on the Bot-Panel: ${link}`,
      ]
      await deps.mail.send({ to: to.email, subject: `Your bot report #${before.id} is ${statusLabel[status]}`, text: lines.join('\n') }, tx, principal!)
    }
    return { action: 'feedbackReport.status', after: { status, resolvedAt: status === 'resolved' ? at : null } }
  })
}

export async function assign(
  deps: FeedbackDeps,
  principal: Principal | null,
  id: string | number,
  assigneeRaw: string | number | null | undefined,
): Promise<FeedbackReportView> {
  const assigneeId = toOptionalId(assigneeRaw, 'assigneeId') ?? null
  return triage(deps, principal, id, async (tx, before) => {
    if (assigneeId !== null) {
      const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, assigneeId))
      if (target?.role !== 'admin') {
        const message = 'Reports are assigned to admins only'
        throw new AppError('BAD_USER_INPUT', message, { assigneeId: [message] })
      }
    }
    if (before.assigneeId === assigneeId) return null
    return { action: 'feedbackReport.assign', after: { assigneeId } }
  })
}

/** The reply the client sees. */
export async function reply(deps: FeedbackDeps, principal: Principal | null, id: string | number, textRaw: string): Promise<FeedbackReportView> {
  const text = parse(longText('reply'), textRaw, 'reply')
  return triage(deps, principal, id, async (_tx, before, at) => {
    if (before.reply === text) return null
    return { action: 'feedbackReport.reply', after: { reply: text, repliedAt: at } }
  })
}
