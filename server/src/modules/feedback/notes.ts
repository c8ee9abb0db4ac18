import { asc, eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { toId } from '../../ids'
import type { Principal } from '../../permissions/abilities'
import { requireAdmin, scopeOf } from '../../permissions/scope'
import { parseInput as parse } from '../../validation'
import { longText, type FeedbackDeps, type FeedbackNoteView } from './feedback-deps'
import { feedbackReportNotes } from './feedback.tables'
import { visible } from './report-query'

/** The admins' internal notes on a report, oldest first. */
export async function notes({ db }: FeedbackDeps, principal: Principal | null, reportId: string | number): Promise<FeedbackNoteView[]> {
  const scope = scopeOf(principal)
  requireAdmin(scope)
  const report = await visible(db, scope, toId(reportId, 'reportId'))
  const rows = await db
    .select({ note: feedbackReportNotes, authorName: users.username })
    .from(feedbackReportNotes)
    .leftJoin(users, eq(users.id, feedbackReportNotes.authorId))
    .where(eq(feedbackReportNotes.reportId, report.id))
    .orderBy(asc(feedbackReportNotes.id))
  return rows.map((r) => ({ ...r.note, authorName: r.authorName }))
}

export async function addNote({ db, now }: FeedbackDeps, principal: Principal | null, reportId: string | number, textRaw: string): Promise<FeedbackNoteView> {
  const scope = scopeOf(principal)
  requireAdmin(scope)
  const id = toId(reportId, 'reportId')
  const text = parse(longText('note'), textRaw, 'text')
  await visible(db, scope, id)
  const [row] = await db.insert(feedbackReportNotes).values({ reportId: id, authorId: scope.actorId, text, createdAt: now() }).returning()
  const [author] = await db.select({ username: users.username }).from(users).where(eq(users.id, scope.actorId))
  return { ...row!, authorName: author?.username ?? null }
}

/** The admins a report can be assigned to. */
export async function assignees({ db }: FeedbackDeps, principal: Principal | null) {
  requireAdmin(scopeOf(principal))
  return db.select({ id: users.id, username: users.username }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.username))
}
