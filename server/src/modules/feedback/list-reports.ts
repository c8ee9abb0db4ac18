import { and, count, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm'
import { decodeCursor, forwardPage, invalidCursor, type Connection } from '../../db/paging'
import { AppError } from '../../errors'
import { toId, toOptionalId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { scopeOf } from '../../permissions/scope'
import { parseInput as parse } from '../../validation'
import {
  ageInput,
  cursorShape,
  DAY_MS,
  MAX_PAGE_SIZE,
  platformInput,
  statusInput,
  type FeedbackDeps,
  type FeedbackReportView,
  type ListReportsArgs,
} from './feedback-deps'
import { feedbackReports } from './feedback.tables'
import { reporter, scopeFilter, selectReports, view, visible } from './report-query'

/** The reports the caller sees, newest first, filtered, in forward pages. */
export async function list({ db, now }: FeedbackDeps, principal: Principal | null, args: ListReportsArgs): Promise<Connection<FeedbackReportView>> {
  const scope = scopeOf(principal)
  const first = args.first ?? 20
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw new AppError('BAD_USER_INPUT', `first must be between 1 and ${MAX_PAGE_SIZE}`, { first: [`Between 1 and ${MAX_PAGE_SIZE}.`] })
  }
  const where: Array<SQL | undefined> = [scopeFilter(scope)]
  if (args.status) where.push(eq(feedbackReports.status, parse(statusInput, args.status, 'status')))
  if (args.platform) where.push(eq(feedbackReports.platform, parse(platformInput, args.platform, 'platform')))
  const channelId = toOptionalId(args.channelId, 'channelId')
  if (channelId !== undefined) where.push(eq(feedbackReports.channelId, channelId))
  const assigneeId = toOptionalId(args.assigneeId, 'assigneeId')
  if (assigneeId !== undefined && scope.kind === 'all') where.push(eq(feedbackReports.assigneeId, assigneeId))
  const t = now().getTime()
  if (args.minAgeDays !== null && args.minAgeDays !== undefined) {
    where.push(lte(feedbackReports.createdAt, new Date(t - parse(ageInput, args.minAgeDays, 'minAgeDays') * DAY_MS)))
  }
  if (args.maxAgeDays !== null && args.maxAgeDays !== undefined) {
    where.push(gte(feedbackReports.createdAt, new Date(t - parse(ageInput, args.maxAgeDays, 'maxAgeDays') * DAY_MS)))
  }
  let before: number | undefined
  if (args.after) {
    const parsed = cursorShape.safeParse(decodeCursor(args.after))
    if (!parsed.success) throw invalidCursor()
    before = parsed.data.id
  }
  const filter = and(...where)
  const [rows, [counted]] = await Promise.all([
    selectReports(db)
      .where(before === undefined ? filter : and(filter, lt(feedbackReports.id, before)))
      .orderBy(desc(feedbackReports.id))
      .limit(first + 1),
    db.select({ n: count() }).from(feedbackReports).innerJoin(reporter, eq(reporter.id, feedbackReports.reporterId)).where(filter),
  ])
  const toView = view(scope.kind === 'all')
  return forwardPage(rows.map(toView), first, args.after, counted?.n ?? 0, (node) => ({ id: node.id }))
}

export async function get({ db }: FeedbackDeps, principal: Principal | null, id: string | number): Promise<FeedbackReportView> {
  return visible(db, scopeOf(principal), toId(id))
}

/** Open reports, for the admin dashboards. */
export async function openCount({ db }: FeedbackDeps): Promise<number> {
  const [r] = await db.select({ n: count() }).from(feedbackReports).where(eq(feedbackReports.status, 'open'))
  return r?.n ?? 0
}
