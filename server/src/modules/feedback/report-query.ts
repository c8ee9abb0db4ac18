import { and, eq, or, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import type { Scope } from '../../permissions/scope'
import type { FeedbackReportView } from './feedback-deps'
import { feedbackReports, type FeedbackReportRow } from './feedback.tables'

export const reporter = alias(users, 'reporter')
const assignee = alias(users, 'assignee')

/** Who sees what: admins all, a reseller the reports of their clients (and their own), anyone else their own. */
export function scopeFilter(scope: Scope): SQL | undefined {
  if (scope.kind === 'all') return undefined
  if (scope.kind === 'reseller') return or(eq(reporter.resellerId, scope.actorId), eq(feedbackReports.reporterId, scope.actorId))
  return eq(feedbackReports.reporterId, scope.actorId)
}

/** A report as the caller sees it: the assignee only for admins. */
export const view =
  (admin: boolean) =>
  (r: { report: FeedbackReportRow; reporterName: string; assigneeName: string | null }): FeedbackReportView => ({
    ...r.report,
    reporterName: r.reporterName,
    assigneeId: admin ? r.report.assigneeId : null,
    assigneeName: admin ? r.assigneeName : null,
  })

export function selectReports(h: Db) {
  return h
    .select({ report: feedbackReports, reporterName: reporter.username, assigneeName: assignee.username })
    .from(feedbackReports)
    .innerJoin(reporter, eq(reporter.id, feedbackReports.reporterId))
    .leftJoin(assignee, eq(assignee.id, feedbackReports.assigneeId))
}

/** The report if the scope sees it, else NOT_FOUND. */
export async function visible(h: Db, scope: Scope, id: number): Promise<FeedbackReportView> {
  const [row] = await selectReports(h).where(and(eq(feedbackReports.id, id), scopeFilter(scope)))
  if (!row) throw new AppError('NOT_FOUND', 'Report not found')
  return view(scope.kind === 'all')(row)
}
